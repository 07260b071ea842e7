// Collecting a sweep's rows for a plot and drawing it as SVG (see include/rigplan/sweep_plot.hpp).
// Axes: linear, with 5-ish "nice" ticks (1, 2, 5 × 10^k steps), or log10 (--plot-log) with a
// tick per decade; a categorical x (outlet ids, GPU ids) is spaced evenly in first-seen order.
// Labels in words with units (plot_labels.cpp). Colours: the Okabe-Ito palette, distinguishable
// with the common colour-vision deficiencies, and a marker shape and dash pattern per series, so
// overlapping series stay apart.
#include "rigplan/sweep_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <optional>
#include <nlohmann/json.hpp>

#include "rigplan/error.hpp"
#include "util/finite_number.hpp"
#include "util/utf8.hpp"

namespace rigplan {

namespace {

// One CSV line (RFC 4180 quoting) into cells.
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else out.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

std::string text_of(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return dump_json(v);
}

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}

std::vector<double> nice_ticks(double lo, double hi) {
  if (!(hi > lo)) hi = lo + 1;
  double raw = (hi - lo) / 5;
  double mag = std::pow(10, std::floor(std::log10(raw)));
  double step = mag * (raw / mag < 1.5 ? 1 : raw / mag < 3 ? 2 : raw / mag < 7 ? 5 : 10);
  std::vector<double> t;
  for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) t.push_back(std::abs(v) < step * 1e-9 ? 0 : v);
  return t;
}

}  // namespace

std::string unit_of(const std::string& path) {
  static const std::vector<std::pair<std::string, std::string>> suffixes = {
      {"tokens_per_s", "tokens/s"}, {"_gb_s", "GB/s"}, {"_gbps", "Gb/s"}, {"_kw", "kW"}, {"_w", "W"},     {"_gib", "GiB"}, {"_gb", "GB"},     {"_tb", "TB"},
      {"_bytes", "bytes"}, {"_usd", "USD"}, {"_mm", "mm"},   {"_ms", "ms"},   {"_s", "s"},       {"seconds", "s"},
      {"hours", "h"},    {"days", "days"},  {"_percent", "%"}, {"tflops", "TFLOPS"}, {"_hz", "Hz"}};
  for (const auto& [suffix, unit] : suffixes)
    if (path.ends_with(suffix)) return unit;
  return "";
}

PlotCollector::PlotCollector(const SweepSpec& s, PlotSpec p, std::string format) : p_(std::move(p)), format_(std::move(format)) {
  auto is_axis = [&](const std::string& path) {
    return std::any_of(s.axes.begin(), s.axes.end(), [&](const Axis& a) { return a.path == path; });
  };
  std::vector<std::string> axes;
  for (const auto& a : s.axes) axes.push_back(a.path);
  if (p_.x.empty()) p_.x = s.axes.front().path;
  if (!is_axis(p_.x)) input_error(fmt::format("--plot-x \"{}\" is not an axis of the sweep ({})", p_.x, fmt::join(axes, ", ")));
  if (p_.series.empty())
    for (const auto& a : s.axes)
      if (a.path != p_.x) {
        p_.series = a.path;
        break;
      }
  if (p_.series == "-") p_.series.clear();
  if (!p_.series.empty() && (!is_axis(p_.series) || p_.series == p_.x))
    input_error(fmt::format("--plot-series \"{}\" must be another axis of the sweep ({})", p_.series, fmt::join(axes, ", ")));
  // The default y: the first metric that is a number (verdict, codes and the yes/no "fits" are not).
  if (p_.y.empty())
    for (const auto& m : s.metrics)
      if (m != "verdict" && m != "codes" && m != "fits") {
        p_.y = m;
        break;
      }
  if (p_.y.empty() || p_.y == "verdict" || p_.y == "codes" ||
      std::find(s.metrics.begin(), s.metrics.end(), p_.y) == s.metrics.end())
    input_error(fmt::format("--plot-y \"{}\" must be one of the numeric --metrics ({})", p_.y, fmt::join(s.metrics, ", ")));
  std::uint64_t n = point_count(s);
  if (s.limit > 0) n = std::min(n, s.limit);
  if (s.shards > 1) n = n / s.shards + 1;
  if (n > kMaxPlotPoints)
    input_error(fmt::format("--plot keeps every plotted point in memory: {} points is more than {} (use --limit or --shard)", n,
                    kMaxPlotPoints));
}

void PlotCollector::feed(const std::string& chunk) {
  pending_ += chunk;
  std::size_t start = 0, nl;
  while ((nl = pending_.find('\n', start)) != std::string::npos) {
    std::string line = pending_.substr(start, nl - start);
    start = nl + 1;
    if (line.empty()) continue;
    std::map<std::string, std::string> cells;
    if (format_ == "jsonl") {
      auto j = nlohmann::json::parse(line, nullptr, false);
      if (!j.is_object()) continue;
      for (const auto& [k, v] : j.items()) cells[k] = text_of(v);
    } else {
      auto c = csv_cells(line);
      if (header_.empty()) {
        header_ = c;
        continue;
      }
      for (std::size_t i = 0; i < c.size() && i < header_.size(); ++i) cells[header_[i]] = c[i];
    }
    row(cells);
  }
  pending_.erase(0, start);
}

void PlotCollector::row(const std::map<std::string, std::string>& cells) {
  auto get = [&](const std::string& k) {
    auto it = cells.find(k);
    return it == cells.end() ? std::string() : it->second;
  };
  auto y = finite_number(get(p_.y));
  if (!y) return;  // an invalid point or a missing value: nothing to draw
  std::string x = get(p_.x);
  if (!finite_number(x)) x_numeric_ = false;
  if (std::find(x_labels_.begin(), x_labels_.end(), x) == x_labels_.end()) x_labels_.push_back(x);
  std::string s = p_.series.empty() ? "" : get(p_.series);
  if (!points_.count(s)) series_order_.push_back(s);
  points_[s].emplace_back(x, *y);
}

namespace {

// A marker of its own per series (then the colour): circle, square, triangle, diamond, inverted
// triangle, plus, cross, star — overlapping series stay apart in print and for colour-blind readers.
std::string marker(std::size_t series, double x, double y, const char* colour, const std::string& title) {
  std::string shape;
  auto poly = [&](std::initializer_list<std::pair<double, double>> pts) {
    std::string p;
    for (auto [dx, dy] : pts) p += fmt::format("{:.1f},{:.1f} ", x + dx, y + dy);
    return fmt::format("<polygon class=\"marker\" points=\"{}\" fill=\"{}\">", p, colour);
  };
  switch (series % 8) {
    case 0: shape = fmt::format("<circle class=\"marker\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\">", x, y, colour); break;
    case 1: shape = fmt::format("<rect class=\"marker\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"7\" height=\"7\" fill=\"{}\">", x - 3.5, y - 3.5, colour); break;
    case 2: shape = poly({{0, -4.5}, {4, 3}, {-4, 3}}); break;
    case 3: shape = poly({{0, -4.5}, {4.5, 0}, {0, 4.5}, {-4.5, 0}}); break;
    case 4: shape = poly({{0, 4.5}, {4, -3}, {-4, -3}}); break;
    case 5: shape = poly({{-1.5, -4.5}, {1.5, -4.5}, {1.5, -1.5}, {4.5, -1.5}, {4.5, 1.5}, {1.5, 1.5}, {1.5, 4.5}, {-1.5, 4.5}, {-1.5, 1.5}, {-4.5, 1.5}, {-4.5, -1.5}, {-1.5, -1.5}}); break;
    case 6: shape = fmt::format("<path class=\"marker\" d=\"M{0:.1f},{1:.1f} l7,7 m0,-7 l-7,7\" stroke=\"{2}\" stroke-width=\"2\" fill=\"none\">", x - 3.5, y - 3.5, colour); break;
    default: shape = poly({{0, -5}, {1.2, -1.6}, {4.8, -1.5}, {1.9, 0.6}, {2.9, 4}, {0, 2}, {-2.9, 4}, {-1.9, 0.6}, {-4.8, -1.5}, {-1.2, -1.6}}); break;
  }
  std::string close = shape.rfind("<circle", 0) == 0 ? "</circle>" : shape.rfind("<rect", 0) == 0 ? "</rect>"
                      : shape.rfind("<path", 0) == 0 ? "</path>" : "</polygon>";
  return shape + (title.empty() ? "" : "<title>" + title + "</title>") + close + "\n";
}

const char* const kDashes[] = {"", "6 3", "2 3", "8 3 2 3"};

// Ticks on a log10 axis between 10^lo and 10^hi (exponents): every decade, with 2× and 5× when
// the data spans two decades or less.
std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> t;
  bool fine = hi - lo <= 2;
  for (int e = static_cast<int>(std::floor(lo)); e <= static_cast<int>(std::ceil(hi)); ++e)
    for (double m : fine ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
      double v = std::log10(m) + e;
      if (v >= lo - 1e-9 && v <= hi + 1e-9) t.push_back(v);
    }
  if (t.size() < 2) t = {lo, hi};
  return t;
}

}  // namespace

std::string PlotCollector::svg() const {
  const double W = 820, H = 520, L = 90, R = 200, T = 50, B = 70;
  const double pw = W - L - R, ph = H - T - B;
  static const char* colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"};
  // Units a reader uses: the largest magnitudes choose hours or days for seconds.
  double xmax = 0, ymax = 0;
  for (const auto& [s, pts] : points_)
    for (const auto& [x, y] : pts) {
      ymax = std::max(ymax, std::abs(y));
      if (x_numeric_) xmax = std::max(xmax, std::abs(*finite_number(x)));
    }
  PlotQuantity qx = describe(p_.x, xmax), qy = describe(p_.y, ymax);
  if (!x_numeric_) qx.scale = 1;
  bool log_x = p_.log_x && x_numeric_, log_y = p_.log_y;
  // Plotted coordinates: scaled, then log10 where asked; points a log axis cannot show are counted.
  std::size_t dropped = 0;
  std::map<std::string, std::vector<std::tuple<std::string, double, double, double>>> shown;  // x label, x, y, y value
  for (const auto& [s, pts] : points_)
    for (const auto& [x, y] : pts) {
      double xv = x_numeric_ ? *finite_number(x) * qx.scale : 0, yv = y * qy.scale;
      if ((log_x && xv <= 0) || (log_y && yv <= 0)) {
        ++dropped;
        continue;
      }
      shown[s].emplace_back(x, log_x ? std::log10(xv) : xv, log_y ? std::log10(yv) : yv, yv);
    }
  double xlo = std::numeric_limits<double>::max(), xhi = -xlo, ylo = xlo, yhi = -xlo;
  for (const auto& [s, pts] : shown)
    for (const auto& [xl, x, y, yv] : pts) {
      ylo = std::min(ylo, y), yhi = std::max(yhi, y);
      if (x_numeric_) xlo = std::min(xlo, x), xhi = std::max(xhi, x);
    }
  if (shown.empty()) xlo = 0, xhi = 1, ylo = 0, yhi = 1;
  if (!log_y && ylo > 0 && ylo < (yhi - ylo)) ylo = 0;  // start at zero when that does not flatten the data
  if (yhi == ylo) yhi = ylo + 1;
  auto xt = !x_numeric_ ? std::vector<double>{} : log_x ? log_ticks(xlo, xhi) : nice_ticks(xlo, xhi);
  if (x_numeric_ && !xt.empty()) xlo = std::min(xlo, xt.front()), xhi = std::max(xhi, xt.back());
  if (xhi == xlo) xhi = xlo + 1;
  auto yt = log_y ? log_ticks(ylo, yhi) : nice_ticks(ylo, yhi);
  ylo = std::min(ylo, yt.front()), yhi = std::max(yhi, yt.back());
  // Data sit inside the frame by kInset pixels on every side, so a marker at the first or last
  // value is drawn whole instead of half over the axis line.
  constexpr double kInset = 9;
  auto px_num = [&](double x) { return L + kInset + (x - xlo) / (xhi - xlo) * (pw - 2 * kInset); };
  auto px_cat = [&](const std::string& x) {
    auto i = std::find(x_labels_.begin(), x_labels_.end(), x) - x_labels_.begin();
    return L + kInset + (x_labels_.size() == 1 ? 0.5 : static_cast<double>(i) / (x_labels_.size() - 1)) * (pw - 2 * kInset);
  };
  auto py = [&](double y) { return T + ph - kInset - (y - ylo) / (yhi - ylo) * (ph - 2 * kInset); };
  auto tick_text = [](double v, bool log) { return fmt::format("{:g}", log ? std::pow(10, v) : v); };

  std::string o = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{:.0f}" height="{:.0f}" viewBox="0 0 {:.0f} {:.0f}" font-family="sans-serif" font-size="12">)",
                              W, H, W, H);
  o += "\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  std::string title = qy.words + " against " + qx.words;
  if (!p_.series.empty()) title += ", by " + describe(p_.series).words;
  o += fmt::format("<text x=\"{:.0f}\" y=\"28\" font-size=\"15\" text-anchor=\"middle\">{}</text>\n", L + pw / 2, esc(title));
  for (double v : yt) {
    o += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n", L, py(v), L + pw, py(v));
    o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", L - 6, py(v) + 4, tick_text(v, log_y));
  }
  if (x_numeric_)
    for (double v : xt)
      o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", px_num(v), T + ph + 18, tick_text(v, log_x));
  else
    for (const auto& x : x_labels_) o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", px_cat(x), T + ph + 18, esc(x));
  o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"black\"/>\n", L, T + ph, L + pw);
  o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"black\"/>\n", L, T, T + ph);
  o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}{}</text>\n", L + pw / 2, H - 25, esc(qx.label()),
                   log_x ? ", log scale" : "");
  o += fmt::format("<text transform=\"translate(22,{:.1f}) rotate(-90)\" text-anchor=\"middle\">{}{}</text>\n", T + ph / 2,
                   esc(qy.label()), log_y ? ", log scale" : "");
  for (std::size_t i = 0; i < series_order_.size(); ++i) {
    const auto& name = series_order_[i];
    const char* c = colours[i % 8];
    const char* dash = kDashes[i % 4];
    auto it = shown.find(name);
    auto pts = it == shown.end() ? decltype(it->second){} : it->second;
    if (x_numeric_)
      std::stable_sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return std::get<1>(a) < std::get<1>(b); });
    auto px = [&](const auto& p) { return x_numeric_ ? px_num(std::get<1>(p)) : px_cat(std::get<0>(p)); };
    std::string line;
    for (const auto& p : pts) line += fmt::format("{:.1f},{:.1f} ", px(p), py(std::get<2>(p)));
    o += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{} points=\"{}\"/>\n", c,
                     *dash ? fmt::format(" stroke-dasharray=\"{}\"", dash) : "", line);
    for (const auto& p : pts)
      o += marker(i, px(p), py(std::get<2>(p)), c,
                  fmt::format("{} = {}, {} = {:g}", esc(qx.words), esc(std::get<0>(p)), esc(qy.words), std::get<3>(p)));
    if (!p_.series.empty()) {
      double ly = T + 14 + 20 * static_cast<double>(i);
      o += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"2\"{}/>\n", L + pw + 14,
                       ly - 4, L + pw + 40, ly - 4, c, *dash ? fmt::format(" stroke-dasharray=\"{}\"", dash) : "");
      o += marker(i, L + pw + 27, ly - 4, c, "");
      o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", L + pw + 46, ly, esc(name));
    }
  }
  if (!p_.series.empty())  // the legend names the axis its entries are values of
    o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n", L + pw + 14, T - 4,
                     esc(describe(p_.series).label()));
  if (dropped)
    o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">{} point{} at or below zero not drawn on the log scale</text>\n",
                     L, H - 6, dropped, dropped == 1 ? "" : "s");
  o += "</svg>\n";
  return o;
}

}  // namespace rigplan

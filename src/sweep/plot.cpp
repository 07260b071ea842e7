// Collecting a sweep's rows for a plot and drawing it as SVG (see include/rigplan/sweep_plot.hpp).
// Axes: linear, with 5-ish "nice" ticks (1, 2, 5 × 10^k steps); a categorical x (outlet ids, GPU
// ids) is spaced evenly in first-seen order. Colours: the Okabe-Ito palette, distinguishable
// with the common colour-vision deficiencies.
#include "rigplan/sweep_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <nlohmann/json.hpp>

#include "rigplan/error.hpp"

namespace rigplan {

namespace {

[[noreturn]] void bad(const std::string& m) { throw InputError(InputIssue{"", "", 0, 0, m}); }

bool ends_with(const std::string& s, const std::string& t) {
  return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

std::optional<double> number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  try {
    std::size_t used = 0;
    double v = std::stod(s, &used);
    if (used != s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

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
  return v.dump();
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

std::string label(const std::string& path) {
  std::string u = unit_of(path);
  return u.empty() ? path : fmt::format("{} ({})", path, u);
}

}  // namespace

std::string unit_of(const std::string& path) {
  static const std::vector<std::pair<std::string, std::string>> suffixes = {
      {"_gb_s", "GB/s"}, {"_gbps", "Gb/s"}, {"_w", "W"},     {"_gib", "GiB"}, {"_gb", "GB"},     {"_tb", "TB"},
      {"_bytes", "bytes"}, {"_usd", "USD"}, {"_mm", "mm"},   {"_ms", "ms"},   {"_s", "s"},       {"seconds", "s"},
      {"hours", "h"},    {"days", "days"},  {"_percent", "%"}, {"tflops", "TFLOPS"}, {"_hz", "Hz"}};
  for (const auto& [suffix, unit] : suffixes)
    if (ends_with(path, suffix)) return unit;
  return "";
}

PlotCollector::PlotCollector(const SweepSpec& s, PlotSpec p, std::string format) : p_(std::move(p)), format_(std::move(format)) {
  auto is_axis = [&](const std::string& path) {
    return std::any_of(s.axes.begin(), s.axes.end(), [&](const Axis& a) { return a.path == path; });
  };
  std::vector<std::string> axes;
  for (const auto& a : s.axes) axes.push_back(a.path);
  if (p_.x.empty()) p_.x = s.axes.front().path;
  if (!is_axis(p_.x)) bad(fmt::format("--plot-x \"{}\" is not an axis of the sweep ({})", p_.x, fmt::join(axes, ", ")));
  if (p_.series.empty())
    for (const auto& a : s.axes)
      if (a.path != p_.x) {
        p_.series = a.path;
        break;
      }
  if (p_.series == "-") p_.series.clear();
  if (!p_.series.empty() && (!is_axis(p_.series) || p_.series == p_.x))
    bad(fmt::format("--plot-series \"{}\" must be another axis of the sweep ({})", p_.series, fmt::join(axes, ", ")));
  if (p_.y.empty())
    for (const auto& m : s.metrics)
      if (m != "verdict" && m != "codes") {
        p_.y = m;
        break;
      }
  if (p_.y.empty() || p_.y == "verdict" || p_.y == "codes" ||
      std::find(s.metrics.begin(), s.metrics.end(), p_.y) == s.metrics.end())
    bad(fmt::format("--plot-y \"{}\" must be one of the numeric --metrics ({})", p_.y, fmt::join(s.metrics, ", ")));
  std::uint64_t n = point_count(s);
  if (s.limit > 0) n = std::min(n, s.limit);
  if (s.shards > 1) n = n / s.shards + 1;
  if (n > kMaxPlotPoints)
    bad(fmt::format("--plot keeps every plotted point in memory: {} points is more than {} (use --limit or --shard)", n,
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
  auto y = number(get(p_.y));
  if (!y) return;  // an invalid point or a missing value: nothing to draw
  std::string x = get(p_.x);
  if (!number(x)) x_numeric_ = false;
  if (std::find(x_labels_.begin(), x_labels_.end(), x) == x_labels_.end()) x_labels_.push_back(x);
  std::string s = p_.series.empty() ? "" : get(p_.series);
  if (!points_.count(s)) series_order_.push_back(s);
  points_[s].emplace_back(x, *y);
}

std::string PlotCollector::svg() const {
  const double W = 820, H = 520, L = 90, R = 200, T = 50, B = 70;
  const double pw = W - L - R, ph = H - T - B;
  static const char* colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"};
  double xlo = std::numeric_limits<double>::max(), xhi = -xlo, ylo = xlo, yhi = -xlo;
  for (const auto& [s, pts] : points_)
    for (const auto& [x, y] : pts) {
      ylo = std::min(ylo, y), yhi = std::max(yhi, y);
      if (x_numeric_) xlo = std::min(xlo, *number(x)), xhi = std::max(xhi, *number(x));
    }
  if (points_.empty()) xlo = 0, xhi = 1, ylo = 0, yhi = 1;
  if (ylo > 0 && ylo < (yhi - ylo)) ylo = 0;  // start at zero when that does not flatten the data
  if (yhi == ylo) yhi = ylo + 1;
  auto xt = x_numeric_ ? nice_ticks(xlo, xhi) : std::vector<double>{};
  if (x_numeric_ && !xt.empty()) xlo = std::min(xlo, xt.front()), xhi = std::max(xhi, xt.back());
  if (xhi == xlo) xhi = xlo + 1;
  auto yt = nice_ticks(ylo, yhi);
  ylo = std::min(ylo, yt.front()), yhi = std::max(yhi, yt.back());
  auto px = [&](const std::string& x) {
    if (x_numeric_) return L + (*number(x) - xlo) / (xhi - xlo) * pw;
    auto i = std::find(x_labels_.begin(), x_labels_.end(), x) - x_labels_.begin();
    return L + (x_labels_.size() == 1 ? 0.5 : static_cast<double>(i) / (x_labels_.size() - 1)) * pw;
  };
  auto py = [&](double y) { return T + ph - (y - ylo) / (yhi - ylo) * ph; };

  std::string o = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{:.0f}" height="{:.0f}" viewBox="0 0 {:.0f} {:.0f}" font-family="sans-serif" font-size="12">)",
                              W, H, W, H);
  o += "\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  o += fmt::format("<text x=\"{:.0f}\" y=\"28\" font-size=\"15\" text-anchor=\"middle\">{} against {}</text>\n", L + pw / 2,
                   esc(p_.y), esc(p_.x));
  for (double v : yt) {
    o += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n", L, py(v), L + pw, py(v));
    o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{:g}</text>\n", L - 6, py(v) + 4, v);
  }
  if (x_numeric_)
    for (double v : xt) o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{:g}</text>\n", px(fmt::format("{}", v)), T + ph + 18, v);
  else
    for (const auto& x : x_labels_) o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", px(x), T + ph + 18, esc(x));
  o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"black\"/>\n", L, T + ph, L + pw);
  o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"black\"/>\n", L, T, T + ph);
  o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", L + pw / 2, H - 25, esc(label(p_.x)));
  o += fmt::format("<text transform=\"translate(22,{:.1f}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n", T + ph / 2, esc(label(p_.y)));
  for (std::size_t i = 0; i < series_order_.size(); ++i) {
    const auto& name = series_order_[i];
    const char* c = colours[i % 8];
    auto pts = points_.at(name);
    if (x_numeric_)
      std::stable_sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return *number(a.first) < *number(b.first); });
    std::string line;
    for (const auto& [x, y] : pts) line += fmt::format("{:.1f},{:.1f} ", px(x), py(y));
    o += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", c, line);
    for (const auto& [x, y] : pts)
      o += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{} = {}, {} = {:g}</title></circle>\n", px(x),
                       py(y), c, esc(p_.x), esc(x), esc(p_.y), y);
    if (!p_.series.empty()) {
      double ly = T + 10 + 20 * static_cast<double>(i);
      o += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"4\" fill=\"{}\"/>\n", L + pw + 20, ly - 4, c);
      o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", L + pw + 40, ly, esc(name));
    }
  }
  if (!p_.series.empty())
    o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n", L + pw + 20, T - 8, esc(p_.series));
  o += "</svg>\n";
  return o;
}

}  // namespace rigplan

// Sweep axes: value syntax, paths, and mapping a point index to its coordinates (see
// include/rigplan/sweep.hpp).
#include <fmt/format.h>

#include <cmath>
#include <algorithm>
#include <cstdlib>

#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"
#include "util/finite_number.hpp"

namespace rigplan {

namespace {

nlohmann::json scalar(double v) {
  if (std::floor(v) == v && std::fabs(v) < 9e15) return static_cast<long long>(v);
  return v;
}

}  // namespace

std::vector<nlohmann::json> parse_values(const std::string& text, const std::string& path, std::size_t max_values) {
  std::vector<nlohmann::json> out;
  // Every value is written into rows (and JSON) later, sampled or not: check the encoding now.
  if (auto bad_at = invalid_utf8_at(text))
    input_error(fmt::format("{}: the values are not valid UTF-8 (byte {} of \"{}\")", printable(path), *bad_at + 1,
                    printable(text)));
  auto dots = text.find("..");
  if (dots != std::string::npos) {
    std::string lo_s = text.substr(0, dots), rest = text.substr(dots + 2), step_s;
    if (auto colon = rest.find(':'); colon != std::string::npos) {
      step_s = rest.substr(colon + 1);
      rest = rest.substr(0, colon);
    }
    auto lo = finite_number(lo_s), hi = finite_number(rest);
    if (!lo || !hi) input_error(fmt::format("{}: \"{}\" is not a range of numbers (A..B or A..B:STEP)", path, text));
    double step = 1;
    if (!step_s.empty()) {
      auto s = finite_number(step_s);
      if (!s) input_error(fmt::format("{}: step \"{}\" is not a number", path, step_s));
      step = *s;
    }
    if (step == 0) input_error(fmt::format("{}: a step of 0 never reaches {}", path, rest));
    if ((*hi - *lo) / step < 0) input_error(fmt::format("{}: the range {} is empty", path, text));
    double n = std::floor((*hi - *lo) / step + 1e-9) + 1;
    if (n > static_cast<double>(max_values))
      input_error(fmt::format("{}: {} has {:.3g} values, more than {} ({} per axis, {} over all axes)", path, text, n,
                      max_values < kMaxAxisValues ? "the axes have left" : "one axis may hold", kMaxAxisValues,
                      kMaxAxisValuesTotal));
    out.reserve(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) out.push_back(scalar(*lo + step * static_cast<double>(i)));
    return out;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string item = text.substr(start, comma - start);
    if (item.empty()) input_error(fmt::format("{}: empty value in \"{}\"", path, printable(text)));
    if (out.size() == max_values) input_error(fmt::format("{}: more than {} values", path, max_values));
    if (auto v = finite_number(item)) out.push_back(scalar(*v));
    else if (item == "true" || item == "false") out.push_back(item == "true");
    else out.push_back(item);
    start = comma + 1;
  }
  return out;
}

Axis parse_axis(const std::string& assignment, std::size_t max_values) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    input_error(fmt::format("--set expects PATH=VALUES, got \"{}\"", printable(assignment)));
  Axis a;
  a.path = assignment.substr(0, eq);
  if (a.path.size() > kMaxAxisPath)
    input_error(fmt::format("--set {}: a path of {} characters; the longest rigplan takes is {}", printable(a.path),
                    a.path.size(), kMaxAxisPath));
  a.values = parse_values(assignment.substr(eq + 1), printable(a.path), std::min(max_values, kMaxAxisValues));
  return a;
}

void add_axis(SweepSpec& s, const std::string& assignment) {
  if (s.axes.size() == kMaxAxes) input_error(fmt::format("more than {} axes", kMaxAxes));
  std::size_t used = 0;
  for (const auto& a : s.axes) used += a.values.size();
  s.axes.push_back(parse_axis(assignment, kMaxAxisValuesTotal - used));
}

std::string printable(std::string_view text) {
  std::string out;
  std::size_t keep = std::min(text.size(), kShownChars);
  auto bad_at = invalid_utf8_at(text.substr(0, keep));
  if (bad_at) keep = *bad_at;
  out = std::string(text.substr(0, keep));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  if (keep < text.size()) out += fmt::format("... ({} bytes)", text.size());
  return out;
}

std::optional<std::size_t> invalid_utf8_at(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size()) {
    auto c = static_cast<unsigned char>(t[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > t.size()) return i;
    std::uint32_t cp = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    for (std::size_t k = 1; k < n; ++k) {
      auto cc = static_cast<unsigned char>(t[i + k]);
      if ((cc >> 6) != 0x2) return i;
      cp = cp << 6 | (cc & 0x3f);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 either.
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
      return i;
    i += n;
  }
  return std::nullopt;
}

std::string path_to_pointer(const std::string& path) {
  std::string out;
  std::string token;
  auto flush = [&] {
    if (!token.empty()) out += "/" + token;
    token.clear();
  };
  for (char c : path) {
    if (c == '.') flush();
    else if (c == '[') flush();
    else if (c == ']') flush();
    else if (c == '~') token += "~0";  // RFC 6901 escapes, so any field name is a valid pointer
    else if (c == '/') token += "~1";
    else token += c;
  }
  flush();
  return out;
}

std::uint64_t point_count(const SweepSpec& s) {
  if (s.axes.empty()) return 1;
  if (s.zip) return s.axes.front().values.size();
  long double n = 1;
  for (const auto& a : s.axes) n *= a.values.size();
  return n > 1.8e19L ? UINT64_MAX : static_cast<std::uint64_t>(n);
}

nlohmann::json point_input(const SweepSpec& s, std::uint64_t index) {
  nlohmann::json in = s.base;
  // Mixed radix, last axis fastest; zipped axes share the index.
  std::uint64_t rest = index;
  for (std::size_t i = s.axes.size(); i-- > 0;) {
    const Axis& a = s.axes[i];
    std::uint64_t k = s.zip ? index : rest % a.values.size();
    if (!s.zip) rest /= a.values.size();
    in[nlohmann::json::json_pointer(path_to_pointer(a.path))] = a.values[k];
  }
  return in;
}

}  // namespace rigplan

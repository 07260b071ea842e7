// Sweep axes: value syntax, paths, and mapping a point index to its coordinates (see
// include/rigplan/sweep.hpp).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"

namespace rigplan {

namespace {

[[noreturn]] void bad(const std::string& msg) { throw InputError(InputIssue{"", "", 0, 0, msg}); }

std::optional<double> number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (*end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v;
}

nlohmann::json scalar(double v) {
  if (std::floor(v) == v && std::fabs(v) < 9e15) return static_cast<long long>(v);
  return v;
}

}  // namespace

std::vector<nlohmann::json> parse_values(const std::string& text, const std::string& path) {
  std::vector<nlohmann::json> out;
  auto dots = text.find("..");
  if (dots != std::string::npos) {
    std::string lo_s = text.substr(0, dots), rest = text.substr(dots + 2), step_s;
    if (auto colon = rest.find(':'); colon != std::string::npos) {
      step_s = rest.substr(colon + 1);
      rest = rest.substr(0, colon);
    }
    auto lo = number(lo_s), hi = number(rest);
    if (!lo || !hi) bad(fmt::format("{}: \"{}\" is not a range of numbers (A..B or A..B:STEP)", path, text));
    double step = 1;
    if (!step_s.empty()) {
      auto s = number(step_s);
      if (!s) bad(fmt::format("{}: step \"{}\" is not a number", path, step_s));
      step = *s;
    }
    if (step == 0) bad(fmt::format("{}: a step of 0 never reaches {}", path, rest));
    if ((*hi - *lo) / step < 0) bad(fmt::format("{}: the range {} is empty", path, text));
    double n = std::floor((*hi - *lo) / step + 1e-9) + 1;
    if (n > static_cast<double>(kMaxAxisValues))
      bad(fmt::format("{}: {} has {:.3g} values, more than one axis may hold ({})", path, text, n, kMaxAxisValues));
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) out.push_back(scalar(*lo + step * static_cast<double>(i)));
    return out;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string item = text.substr(start, comma - start);
    if (item.empty()) bad(fmt::format("{}: empty value in \"{}\"", path, text));
    if (auto v = number(item)) out.push_back(scalar(*v));
    else if (item == "true" || item == "false") out.push_back(item == "true");
    else out.push_back(item);
    start = comma + 1;
  }
  if (out.size() > kMaxAxisValues) bad(fmt::format("{}: too many values", path));
  return out;
}

Axis parse_axis(const std::string& assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) bad(fmt::format("--set expects PATH=VALUES, got \"{}\"", assignment));
  Axis a;
  a.path = assignment.substr(0, eq);
  a.values = parse_values(assignment.substr(eq + 1), a.path);
  return a;
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

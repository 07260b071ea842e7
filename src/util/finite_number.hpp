// A whole string read as one finite number ("12", "-0.5", "1e3"), or nothing: the sweep reads its
// axis values and its rows' cells with it. Leading spaces are accepted as strtod does; trailing
// text, "inf", "nan" and out-of-range values are not numbers.
#pragma once

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

namespace rigplan {

inline std::optional<double> finite_number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (*end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace rigplan

// A whole string read as one finite number ("12", "-0.5", "1e3"), or nothing: the sweep reads its
// axis values and its rows' cells with it, and the NAME=VALUE overrides (util/assignment.hpp) theirs. Leading spaces are accepted as strtod does; trailing
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
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;  // trailing text or a NUL
  return v;
}

}  // namespace rigplan

// NAME=VALUE overrides (`--assume`, `--perf`): splitting one and reading its value as a finite
// number, shared so every override flag reads its input the same way.
#pragma once

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace rigplan {

struct Assignment {
  std::string name, value;
};

// nullopt when there is no '='.
inline std::optional<Assignment> split_assignment(std::string_view text) {
  auto eq = text.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  return Assignment{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

// The whole string as a finite number; nullopt otherwise (empty, trailing characters, NaN, inf).
inline std::optional<double> finite_number(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace rigplan

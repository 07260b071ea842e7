// NAME=VALUE overrides (`--assume`, `--perf`): splitting one and reading its value as a finite
// number, shared so every override flag reads its input the same way.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "util/finite_number.hpp"

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

}  // namespace rigplan

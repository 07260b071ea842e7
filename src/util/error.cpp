// Formatting of input errors (see include/rigplan/error.hpp).
#include "rigplan/error.hpp"

#include <fmt/format.h>

namespace rigplan {

std::string InputIssue::to_string() const {
  std::string out = file;
  if (line > 0) out += fmt::format(":{}:{}", line, column);
  if (!out.empty()) out += ": ";
  if (!pointer.empty()) out += pointer + ": ";
  return out + message;
}

static std::string summarize(const std::vector<InputIssue>& issues) {
  if (issues.empty()) return "invalid input";
  std::string s = issues.front().to_string();
  if (issues.size() > 1) s += fmt::format(" (and {} more)", issues.size() - 1);
  return s;
}

InputError::InputError(std::vector<InputIssue> issues)
    : std::runtime_error(summarize(issues)), issues_(std::move(issues)) {}

}  // namespace rigplan

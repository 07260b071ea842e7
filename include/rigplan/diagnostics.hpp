// A finding about a build: a stable code (PWR001), a severity, a message that states the
// measured value against the limit with units and names the parts, and a hint that says how
// to fix it. Findings are data, never exceptions.
#pragma once

#include <string>
#include <vector>

namespace rigplan {

enum class Severity { Error, Warning, Info };

const char* severity_name(Severity s);  // "error" | "warning" | "info"

struct Diagnostic {
  std::string code;
  Severity severity = Severity::Error;
  std::string message;
  std::vector<std::string> parts;  // ids of the parts involved
  std::string hint;                // "" when there is no simple fix
};

}  // namespace rigplan

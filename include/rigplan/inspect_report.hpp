// How an inspection is shown: text for people (what was read, the machine as built, what matched
// the catalog and what did not, the findings), JSON for scripts (schema_version 1, the same
// contract as check's: add fields, never break), GitHub annotations and JUnit XML for CI.
// Presentation only: the findings were decided by inspect_findings.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/inspect.hpp"

namespace rigplan {

struct InspectView {
  const InspectedMachine* machine = nullptr;
  const std::vector<Diagnostic>* findings = nullptr;
  std::string plan_file;  // "" without --against
  bool strict = false;
  bool ok() const;        // no errors (and, when strict, no warnings)
};

std::string inspect_text(const InspectView& v);
nlohmann::ordered_json inspect_json(const InspectView& v);
std::string inspect_github(const InspectView& v);
std::string inspect_junit(const InspectView& v);

}  // namespace rigplan

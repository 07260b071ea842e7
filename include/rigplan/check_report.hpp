// How a check is shown: text for people (verdict, slot drawing, power table, diagnostics by
// severity), JSON for scripts (the versioned contract in the README), GitHub workflow
// annotations and JUnit XML for CI. Presentation only: everything shown was decided by the
// rules, the placement and the power model.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/report_fields.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/topology.hpp"

namespace rigplan {

struct CheckedBuild {
  Build build;
  CheckResult result;
  Topology topology;
};

CheckedBuild run_check(Build b, const Assumptions& a);

std::string check_text(const CheckedBuild& c, bool strict);
nlohmann::ordered_json check_json(const CheckedBuild& c, bool strict);
// The JSON document's fields (diagnostics, placement and topology are whole blocks).
struct CheckView {
  const CheckedBuild* checked = nullptr;
  bool strict = false;
};
const std::vector<ReportField<CheckView>>& check_fields();
std::string check_github(const std::vector<CheckedBuild>& all);
std::string check_junit(const std::vector<CheckedBuild>& all, bool strict);
std::string topology_text(const Topology& t);
nlohmann::ordered_json topology_json(const Topology& t);

}  // namespace rigplan

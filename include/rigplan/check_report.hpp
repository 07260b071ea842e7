// How a check is shown: text for people (verdict, slot drawing, power table, diagnostics by
// severity), JSON for scripts (the versioned contract in the README), GitHub workflow
// annotations and JUnit XML for CI. Presentation only: everything shown was decided by the
// rules, the placement and the power model.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/document.hpp"
#include "rigplan/build.hpp"
#include "rigplan/checked_build.hpp"
#include "rigplan/report_fields.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/topology.hpp"

namespace rigplan {

// The check document's version is rigplan/document.hpp's (2 since 2026-11: power.peak_w became
// power.sustained_w and placement[].bandwidth_gbps became bandwidth_gb_s; docs/json-contract.md
// keeps the history); check_renamed_keys lists those renames for messages that meet an old name.
// Keys renamed in the check document, old → new (for messages that meet an old name).
const std::vector<std::pair<std::string, std::string>>& check_renamed_keys();

// Where each part id is first named in a build file's text (valid JSON): the line of its value.
std::map<std::string, int> part_lines_of(std::string_view text);

// A file that could not be read as a build: its path and what is wrong (located messages).
struct UnreadableBuild {
  std::string file;
  std::vector<std::string> messages;
};

std::string check_text(const CheckedBuild& c, bool strict);
nlohmann::ordered_json check_json(const CheckedBuild& c, bool strict);
// The JSON document's fields (diagnostics, placement and topology are whole blocks).
struct CheckView {
  const CheckedBuild* checked = nullptr;
  bool strict = false;
};
const std::vector<ReportField<CheckView>>& check_fields();
std::string check_github(const std::vector<CheckedBuild>& all);
// One test case per build, and one failing test case per file that could not be read.
std::string check_junit(const std::vector<CheckedBuild>& all, bool strict, const std::vector<UnreadableBuild>& unreadable = {});
std::string topology_text(const Topology& t);
nlohmann::ordered_json topology_json(const Topology& t);

}  // namespace rigplan

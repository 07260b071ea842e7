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

#include "rigplan/build.hpp"
#include "rigplan/checked_build.hpp"
#include "rigplan/report_fields.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/topology.hpp"

namespace rigplan {

// The version of the check JSON document (`check --format json`). 2 (2026-11): power.peak_w is
// power.sustained_w (it always held the sustained DC load; the transient peak is
// power.transient_w) and placement[].bandwidth_gbps is bandwidth_gb_s (it holds gigabytes, not
// gigabits, per second and direction). docs/json-contract.md keeps the history.
inline constexpr int kCheckSchemaVersion = 2;
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

// Every rule's messages, pinned by a snapshot of its failing example (Ruff's way): the rule's own
// findings on the example its doc shows (a patch over the seed desktop; rule_example_build.hpp),
// written as text into tests/rules/snapshots/<CODE>.txt together with what the rule declares for
// the planner (its action on an error, what it needs, what clears it). A changed message, hint,
// severity or declaration fails here until the snapshot is regenerated on purpose and its diff
// read: `UPDATE_GOLDEN=1 ctest --test-dir build -R unit.rule_snapshots_test`. A rule without a
// snapshot fails, and so does a snapshot without a rule. The snapshots replace the planner's
// hand-kept verdict table (issue 16's list of each rule's action): the action is in each file.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "rigplan/rules.hpp"
#include "rule_example_build.hpp"

using namespace rigplan;

namespace {

const std::string kSnapshotDir = std::string(RIGPLAN_SOURCE_DIR) + "/tests/rules/snapshots";

bool updating_snapshots() {
  const char* v = std::getenv("UPDATE_GOLDEN");
  return v && std::string(v) == "1";
}

std::string read_snapshot(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The snapshot of one rule: its declarations, its failing example, and each finding it gives
// there (severity, message, parts, hint), in the engine's order.
std::string snapshot_text(const RuleDoc& d, const CheckResult& res) {
  std::string out = std::string("# ") + std::string(d.code) + " " + std::string(d.name) +
                    ": its findings on the failing example of its doc (tests/unit/rule_snapshots_test.cpp;\n"
                    "# regenerate with UPDATE_GOLDEN=1 ctest --test-dir build -R unit.rule_snapshots_test)\n";
  std::string all = need_names(d.needs.all), part = need_names(d.needs.partly);
  out += "planner: " + std::string(planner_action_key(d.planner)) + "\n";
  out += "needs: " + (all.empty() ? "-" : all) + "\n";
  out += "needs in part: " + (part.empty() ? "-" : part) + "\n";
  out += "relax: " + std::string(d.relax) + "\n";
  out += "example: " + std::string(d.fails) + "\n";
  for (const auto& f : res.diagnostics) {
    if (f.code != d.code) continue;
    out += "\n" + std::string(severity_name(f.severity)) + ": " + f.message + "\n";
    if (!f.parts.empty()) {
      out += "  parts:";
      for (const auto& p : f.parts) out += " " + p;
      out += "\n";
    }
    if (!f.hint.empty()) out += "  hint: " + f.hint + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("every rule's messages on its failing example match its snapshot") {
  nlohmann::json base = rule_example::base_build();
  bool update = updating_snapshots();
  std::set<std::string> files;
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    std::string code(d.code);
    files.insert(code + ".txt");
    INFO(code << ": tests/rules/snapshots/" << code << ".txt (regenerate with UPDATE_GOLDEN=1 and read the diff)");
    int placeholders = 0;
    std::string now = snapshot_text(d, rule_example::check_example(base, d.code, std::string(d.fails), placeholders));
    CHECK(now.find("\n\n") != std::string::npos);  // the failing example gives at least one finding
    std::string path = kSnapshotDir + "/" + code + ".txt";
    if (update) {
      std::filesystem::create_directories(kSnapshotDir);
      std::ofstream(path) << now;
      continue;
    }
    std::string pinned = read_snapshot(path);
    if (pinned.empty()) {
      FAIL_CHECK("no snapshot: UPDATE_GOLDEN=1 writes one");
      continue;
    }
    CHECK(pinned == now);
  }
  // A snapshot whose rule is gone (codes are never reused: delete it with the rule).
  for (const auto& e : std::filesystem::directory_iterator(kSnapshotDir)) {
    std::string name = e.path().filename().string();
    INFO(name << " has no rule in the registry");
    CHECK(files.count(name) == 1);
  }
  CHECK(files.size() == rule_registry().size());
}

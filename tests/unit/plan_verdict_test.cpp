// What a check's errors mean for the planner's search (src/planner/verdict.cpp): the part each
// rule's error asks it to swap, which each rule declares (RuleDoc::planner). Before issue 16 the
// planner kept its own list (blame_of's codes) and a rule left out of it fell to "platform", so the
// search dropped the whole GPU x CPU x board configuration. Each rule's action is now pinned in its
// snapshot (tests/rules/snapshots/<CODE>.txt, rule_snapshots_test), with its needs and what clears
// it, and docs/rules.md shows it per rule: a changed action is a deliberate, visible diff.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "planner/explain.hpp"

using namespace rigplan;
using planner::Blame;
using planner::blame_of;

// A rule cannot leave its planner action, its needs or its relax advice out: RuleDoc is no
// aggregate, and its one constructor takes them after the severity, so a doc written without them
// (the shapes before issue 16 and issue 32) does not compile.
using Sv = std::string_view;
static_assert(!std::is_aggregate_v<RuleDoc>);
static_assert(!std::is_default_constructible_v<RuleDoc>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, Sv, Sv, Sv, Sv, Sv>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, Sv, Sv, Sv, Sv, Sv, Severity>);
static_assert(!std::is_constructible_v<RuleDoc, const char*, const char*, Severity, const char*, const char*,
                                       const char*, const char*, const char*>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Sv, Sv, Sv, Sv, Sv>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Sv, Sv, Sv, Sv, Sv, Severity>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Needs, Sv, Sv, Sv, Sv, Sv>);
static_assert(std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Needs, Sv, Sv, Sv, Sv, Sv, Sv>);
static_assert(
    std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Needs, Sv, Sv, Sv, Sv, Sv, Sv, Severity>);

TEST_CASE("planner: each rule's error asks for the part its declared action names") {
  // Blame lists the parts in PlannerAction's order, least to most fundamental.
  const std::pair<PlannerAction, Blame> pairs[] = {{PlannerAction::NextPsu, Blame::Psu},
                                                   {PlannerAction::OutletLimit, Blame::Outlet},
                                                   {PlannerAction::NextChassis, Blame::Chassis},
                                                   {PlannerAction::NextBridge, Blame::Bridge},
                                                   {PlannerAction::RuleOutPlatform, Blame::Platform}};
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    INFO(d.code << " declares " << planner_action_key(d.planner));
    int found = 0;
    for (const auto& [action, blame] : pairs)
      if (action == d.planner) {
        CHECK(blame_of(d.code) == blame);
        ++found;
      }
    CHECK(found == 1);
  }
  CHECK_THROWS_AS(blame_of("XYZ999"), std::logic_error);  // no silent "platform" for an unknown code
}

TEST_CASE("planner: the most fundamental error decides; PSU warnings are noted") {
  CheckResult r{};
  r.diagnostics.push_back(Diagnostic{"PWR001", Severity::Error, "", {}, ""});
  r.diagnostics.push_back(Diagnostic{"FIT007", Severity::Error, "", {}, ""});
  auto v = planner::judge(r);
  CHECK_FALSE(v.sound);
  CHECK(v.blame == Blame::Chassis);
  CheckResult w{};
  w.diagnostics.push_back(Diagnostic{"PWR005", Severity::Warning, "", {}, ""});
  auto vw = planner::judge(w);
  CHECK(vw.sound);
  CHECK(vw.psu_warnings);
  // Warnings of rules another PSU cannot clear (the outlet's, cooling) leave the flag down.
  CheckResult o{};
  o.diagnostics.push_back(Diagnostic{"PWR003", Severity::Warning, "", {}, ""});
  o.diagnostics.push_back(Diagnostic{"THM001", Severity::Warning, "", {}, ""});
  auto vo = planner::judge(o);
  CHECK(vo.sound);
  CHECK_FALSE(vo.psu_warnings);
}

// What a check's errors mean for the planner's search (src/planner/verdict.cpp): the part each
// rule's error asks it to swap, which each rule declares (RuleDoc::planner). Before issue 16 the
// planner kept its own list (blame_of's codes) and a rule left out of it fell to "platform", so the
// search dropped the whole GPU x CPU x board configuration; the fit and cooling rules of session 7
// (FIT007 card height, THM004 passive airflow) were such rules until they were listed. That list
// is now the expected data below: every rule's declaration must match it, and a new rule must be
// added to it, deliberately.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "planner/explain.hpp"

using namespace rigplan;
using planner::Blame;
using planner::blame_of;

// A rule cannot leave its planner action out: RuleDoc is no aggregate, and its one constructor
// takes the action after the severity, so a doc written without it (the shape before issue 16)
// does not compile.
using Sv = std::string_view;
static_assert(!std::is_aggregate_v<RuleDoc>);
static_assert(!std::is_default_constructible_v<RuleDoc>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, Sv, Sv, Sv, Sv, Sv>);
static_assert(!std::is_constructible_v<RuleDoc, Sv, Sv, Severity, Sv, Sv, Sv, Sv, Sv, Severity>);
static_assert(!std::is_constructible_v<RuleDoc, const char*, const char*, Severity, const char*, const char*,
                                       const char*, const char*, const char*>);
static_assert(std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Sv, Sv, Sv, Sv, Sv>);
static_assert(std::is_constructible_v<RuleDoc, Sv, Sv, Severity, PlannerAction, Sv, Sv, Sv, Sv, Sv, Severity>);

TEST_CASE("planner: each rule's declared action is the part the old blame_of list named") {
  // blame_of's list as it stood before issue 16 (PWR003 the outlet; other PWR and CON rules the
  // PSU; FIT001/003/004/006/007, THM002 and THM004 the chassis; NVL001 and NVL003 the bridge;
  // anything else the platform), written out per rule.
  const std::map<std::string, Blame> expected = {
      {"BLD001", Blame::Platform}, {"BLD002", Blame::Chassis}, {"CON001", Blame::Psu}, {"CON002", Blame::Psu}, {"CON003", Blame::Psu},
      {"CON004", Blame::Psu}, {"CON005", Blame::Psu}, {"CPU001", Blame::Platform}, {"CPU002", Blame::Platform},
      {"CPU010", Blame::Platform}, {"DATA001", Blame::Platform}, {"FIT001", Blame::Chassis},
      {"FIT002", Blame::Platform}, {"FIT003", Blame::Chassis}, {"FIT004", Blame::Chassis},
      {"FIT005", Blame::Platform}, {"FIT006", Blame::Chassis}, {"FIT007", Blame::Chassis},
      {"FIT008", Blame::Chassis},
      {"MEM001", Blame::Platform}, {"MEM002", Blame::Platform}, {"MEM003", Blame::Platform},
      {"MEM004", Blame::Platform}, {"MEM005", Blame::Platform}, {"MEM006", Blame::Platform},
      {"NET001", Blame::Platform}, {"NET002", Blame::Platform}, {"NVL001", Blame::Bridge},
      {"NVL002", Blame::Platform}, {"NVL003", Blame::Bridge}, {"NVL004", Blame::Platform},
      {"NVL010", Blame::Platform}, {"PCIE001", Blame::Platform}, {"PCIE002", Blame::Platform},
      {"PCIE003", Blame::Platform}, {"PCIE004", Blame::Platform}, {"PCIE005", Blame::Platform}, {"PCIE006", Blame::Platform},
      {"PWR001", Blame::Psu}, {"PWR002", Blame::Psu}, {"PWR003", Blame::Outlet}, {"PWR004", Blame::Psu},
      {"PWR005", Blame::Psu}, {"PWR006", Blame::Psu}, {"PWR007", Blame::Psu}, {"PWR008", Blame::Psu}, {"PWR010", Blame::Psu},
      {"RSR001", Blame::Platform}, {"RSR002", Blame::Platform}, {"RSR003", Blame::Platform},
      {"SW001", Blame::Platform}, {"SW002", Blame::Platform}, {"SW003", Blame::Platform},
      {"SW004", Blame::Platform}, {"SW005", Blame::Platform}, {"SW006", Blame::Platform},
      {"SW007", Blame::Platform}, {"SW008", Blame::Platform},
      {"SW010", Blame::Platform}, {"SW030", Blame::Platform}, {"THM001", Blame::Platform}, {"THM002", Blame::Chassis},
      {"THM003", Blame::Platform}, {"THM004", Blame::Chassis}, {"THM005", Blame::Chassis}, {"THM010", Blame::Platform},
  };
  for (const auto& r : rule_registry()) {
    std::string code(r->doc().code);
    INFO(code << ": a new rule, or a changed action? The table above records each rule's action on purpose: "
                 "add or change its row deliberately");
    REQUIRE(expected.count(code) == 1);
    CHECK(blame_of(code) == expected.at(code));
  }
  CHECK(expected.size() == rule_registry().size());
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

// What a check's errors mean for the planner's search (src/planner/verdict.cpp): the part each
// rule's error asks it to swap. A rule left out falls to "platform" and the search drops the whole
// GPU x CPU x board configuration (issue 16); the fit and cooling rules of session 7 (FIT007 card
// height, THM004 passive airflow) were such rules until they were listed.
#include <catch2/catch.hpp>

#include "planner/explain.hpp"

using namespace rigplan;
using planner::Blame;
using planner::blame_of;

TEST_CASE("planner: each rule's error is blamed on the part that can fix it") {
  for (const char* code : {"FIT001", "FIT003", "FIT004", "FIT006", "FIT007", "THM002", "THM004"}) {
    INFO(code);
    CHECK(blame_of(code) == Blame::Chassis);
  }
  CHECK(blame_of("PWR001") == Blame::Psu);
  CHECK(blame_of("CON004") == Blame::Psu);
  CHECK(blame_of("PWR003") == Blame::Outlet);
  CHECK(blame_of("NVL001") == Blame::Bridge);
  CHECK(blame_of("CPU001") == Blame::Platform);
  CHECK(blame_of("PCIE004") == Blame::Platform);
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
}

// What a check's errors mean for the planner's search (see explain.hpp): which part to swap next.
// Each rule declares it (RuleDoc::planner, include/rigplan/rules.hpp): a PSU or cable error tries
// the next PSU, an outlet error cannot be fixed by parts, a fit or cooling error tries the next
// chassis, a bridge error the next bridge (or none); anything else rules the GPU x CPU x board
// configuration out. The declaration lives with the rule, so a new rule cannot be forgotten here.
#include "planner/explain.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace rigplan::planner {

namespace {

Blame blame_for(PlannerAction a) {
  switch (a) {
    case PlannerAction::NextPsu: return Blame::Psu;
    case PlannerAction::OutletLimit: return Blame::Outlet;
    case PlannerAction::NextChassis: return Blame::Chassis;
    case PlannerAction::NextBridge: return Blame::Bridge;
    case PlannerAction::RuleOutPlatform: return Blame::Platform;
  }
  return Blame::Platform;
}

}  // namespace

Blame blame_of(std::string_view code) {
  const Rule* rule = find_rule(code);
  // Findings come from registered rules only (the engine holds each to its own code).
  if (!rule) throw std::logic_error(fmt::format("planner: no registered rule has the code {}", code));
  return blame_for(rule->doc().planner);
}

Verdict judge(const CheckResult& res) {
  Verdict v;
  for (const auto& d : res.diagnostics) {
    if (d.severity == Severity::Info) continue;
    Blame blame = blame_of(d.code);
    if (d.severity == Severity::Error) {
      v.sound = false;
      v.blame = std::max(v.blame, blame);
    } else if (blame == Blame::Psu) {
      v.psu_warnings = true;
    }
  }
  return v;
}

}  // namespace rigplan::planner

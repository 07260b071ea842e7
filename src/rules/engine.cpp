// Running the rules over a build (see include/rigplan/rules.hpp).
#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "rigplan/rules.hpp"

namespace rigplan {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "?";
}

Diagnostic Rule::make(std::string message, std::vector<std::string> parts, std::string hint) const {
  return Diagnostic{std::string(doc().code), doc().severity, std::move(message), std::move(parts), std::move(hint)};
}

std::string severities_text(const RuleDoc& d) {
  std::string s = severity_name(d.severity);
  if (d.also) s += std::string(", or ") + severity_name(*d.also);
  return s;
}

const char* planner_action_text(PlannerAction a) {
  switch (a) {
    case PlannerAction::NextPsu: return "tries another PSU";
    case PlannerAction::OutletLimit: return "no part fixes it (the outlet): lowers the GPUs' power limits";
    case PlannerAction::NextChassis: return "tries another chassis";
    case PlannerAction::NextBridge: return "tries another NVLink bridge, or none";
    case PlannerAction::RuleOutPlatform: return "rules out the GPU x CPU x board configuration";
  }
  return "?";
}

const char* planner_action_key(PlannerAction a) {
  switch (a) {
    case PlannerAction::NextPsu: return "next-psu";
    case PlannerAction::OutletLimit: return "outlet-limit";
    case PlannerAction::NextChassis: return "next-chassis";
    case PlannerAction::NextBridge: return "next-bridge";
    case PlannerAction::RuleOutPlatform: return "rule-out-platform";
  }
  return "?";
}

// The planner looks a rule up for every finding of every build it checks: a map built once.
const Rule* find_rule(std::string_view code) {
  static const std::unordered_map<std::string_view, const Rule*> by_code = [] {
    std::unordered_map<std::string_view, const Rule*> m;
    for (const auto& r : rule_registry()) m.emplace(r->doc().code, r.get());
    return m;
  }();
  auto it = by_code.find(code);
  return it == by_code.end() ? nullptr : it->second;
}

int CheckResult::count(Severity s) const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [s](const Diagnostic& d) { return d.severity == s; }));
}

bool CheckResult::ok(bool strict) const {
  return count(Severity::Error) == 0 && (!strict || count(Severity::Warning) == 0);
}

namespace {

void sort_diagnostics(std::vector<Diagnostic>& d) {
  std::stable_sort(d.begin(), d.end(), [](const Diagnostic& x, const Diagnostic& y) {
    if (x.severity != y.severity) return x.severity < y.severity;
    return x.code < y.code;
  });
}

}  // namespace

// A finding with a severity the rule's doc does not declare, or under another code, is a bug in
// the rule (its docs would lie to users; the planner would read another rule's action): it is
// reported as such rather than shown.
void run_rule(const Rule& rule, const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) {
  std::size_t before = out.size();
  rule.check(b, ctx, out);
  const RuleDoc& d = rule.doc();
  for (std::size_t i = before; i < out.size(); ++i) {
    if (out[i].code != d.code)
      throw std::logic_error(fmt::format("rule {} gave a finding under code {}", d.code, out[i].code));
    if (out[i].severity != d.severity && (!d.also || out[i].severity != *d.also))
      throw std::logic_error(fmt::format("rule {} gave a finding of severity {}, which its doc does not declare ({})",
                                         d.code, severity_name(out[i].severity), severities_text(d)));
  }
}

CheckResult check_build(const Build& b, const Assumptions& a, RuleScope scope) {
  CheckResult r{place_cards(b), power_budget(b, a), {}};
  RuleContext ctx{r.placement, r.power, a};
  for (const auto& rule : rule_registry())
    if (scope == RuleScope::All || rule->doc().severity != Severity::Info) run_rule(*rule, b, ctx, r.diagnostics);
  sort_diagnostics(r.diagnostics);
  return r;
}

void add_info_diagnostics(const Build& b, const Assumptions& a, CheckResult& r) {
  RuleContext ctx{r.placement, r.power, a};
  for (const auto& rule : rule_registry())
    if (rule->doc().severity == Severity::Info) run_rule(*rule, b, ctx, r.diagnostics);
  sort_diagnostics(r.diagnostics);
}

}  // namespace rigplan

// Running the rules over a build (see include/rigplan/rules.hpp).
#include <algorithm>
#include <iterator>
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

namespace {

// The planner actions in enum order, with the docs' text and the JSON key: one table.
struct ActionWords {
  PlannerAction action;
  const char* text;
  const char* key;
};
constexpr ActionWords kActionWords[] = {
    {PlannerAction::NextPsu, "tries another PSU", "next-psu"},
    {PlannerAction::OutletLimit, "no part fixes it (the outlet): lowers the GPUs' power limits", "outlet-limit"},
    {PlannerAction::NextChassis, "tries another chassis", "next-chassis"},
    {PlannerAction::NextBridge, "tries another NVLink bridge, or none", "next-bridge"},
    {PlannerAction::RuleOutPlatform, "rules out the GPU x CPU x board configuration", "rule-out-platform"},
};
constexpr bool action_words_in_order() {
  if (std::size(kActionWords) != std::size(kPlannerActions)) return false;
  for (std::size_t i = 0; i < std::size(kActionWords); ++i)
    if (kActionWords[i].action != kPlannerActions[i] || static_cast<std::size_t>(kPlannerActions[i]) != i) return false;
  return true;
}
static_assert(action_words_in_order(), "kActionWords: one row per PlannerAction, in kPlannerActions order");

// The needs with their names (docs, messages) and JSON keys, in kAllNeeds order.
struct NeedWords {
  Need need;
  const char* name;
  const char* key;
};
constexpr NeedWords kNeedWords[] = {
    {Need::Cpu, "CPU", "cpu"},
    {Need::Board, "board", "board"},
    {Need::Memory, "memory", "memory"},
    {Need::Psu, "PSU", "psu"},
    {Need::Chassis, "chassis", "chassis"},
    {Need::Cooler, "CPU cooler", "cooler"},
    {Need::Bridge, "NVLink bridge", "nvlink_bridge"},
    {Need::Outlet, "outlet", "outlet"},
    {Need::Cuda, "software.cuda", "software.cuda"},
    {Need::Driver, "software.driver", "software.driver"},
    {Need::Pytorch, "software.pytorch", "software.pytorch"},
    {Need::Rocm, "software.rocm", "software.rocm"},
    {Need::Software, "a software version", "software"},
};
constexpr bool need_words_in_order() {
  if (std::size(kNeedWords) != std::size(kAllNeeds)) return false;
  for (std::size_t i = 0; i < std::size(kNeedWords); ++i)
    if (kNeedWords[i].need != kAllNeeds[i]) return false;
  return true;
}
static_assert(need_words_in_order(), "kNeedWords: one row per Need, in kAllNeeds order");

const NeedWords& need_words(Need n) {
  for (const auto& w : kNeedWords)
    if (w.need == n) return w;
  throw std::logic_error("need_words: a Need without a row");
}

}  // namespace

const char* planner_action_text(PlannerAction a) { return kActionWords[static_cast<std::size_t>(a)].text; }
const char* planner_action_key(PlannerAction a) { return kActionWords[static_cast<std::size_t>(a)].key; }

const char* need_name(Need n) { return need_words(n).name; }
const char* need_key(Need n) { return need_words(n).key; }

bool build_has(const Build& b, Need n) {
  const Software& s = b.software;
  switch (n) {
    case Need::Cpu: return b.cpu != nullptr;
    case Need::Board: return b.board != nullptr;
    case Need::Memory: return !b.memory.empty();
    case Need::Psu: return b.psu != nullptr;
    case Need::Chassis: return b.chassis != nullptr;
    case Need::Cooler: return b.cooler != nullptr;
    case Need::Bridge: return b.bridge != nullptr;
    case Need::Outlet: return b.outlet != nullptr;
    case Need::Cuda: return !s.cuda.empty();
    case Need::Driver: return !s.driver.empty();
    case Need::Pytorch: return !s.pytorch.empty();
    case Need::Rocm: return !s.rocm.empty();
    case Need::Software:
      return !s.cuda.empty() || !s.cudnn.empty() || !s.driver.empty() || !s.pytorch.empty() || !s.rocm.empty();
  }
  return false;
}

std::vector<Need> missing_needs(const Build& b, unsigned bits) {
  std::vector<Need> out;
  for (Need n : kAllNeeds)
    if ((bits & static_cast<unsigned>(n)) && !build_has(b, n)) out.push_back(n);
  return out;
}

std::string need_names(unsigned bits) {
  std::string out;
  for (Need n : kAllNeeds)
    if (bits & static_cast<unsigned>(n)) out += std::string(out.empty() ? "" : ", ") + need_name(n);
  return out;
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
// reported as such rather than shown. A rule whose needs the build lacks is not run at all.
void run_rule(const Rule& rule, const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) {
  const RuleDoc& d = rule.doc();
  for (Need n : kAllNeeds)
    if (d.needs.requires_all(n) && !build_has(b, n)) return;  // BLD001 and BLD002 say what was left out
  std::size_t before = out.size();
  rule.check(b, ctx, out);
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

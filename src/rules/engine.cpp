// Running the rules over a build (see include/rigplan/rules.hpp).
#include <algorithm>

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

const Rule* find_rule(std::string_view code) {
  for (const auto& r : rule_registry())
    if (r->doc().code == code) return r.get();
  return nullptr;
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

CheckResult check_build(const Build& b, const Assumptions& a, RuleScope scope) {
  CheckResult r{place_cards(b), power_budget(b, a), {}};
  RuleContext ctx{r.placement, r.power, a};
  for (const auto& rule : rule_registry())
    if (scope == RuleScope::All || rule->doc().severity != Severity::Info) rule->check(b, ctx, r.diagnostics);
  sort_diagnostics(r.diagnostics);
  return r;
}

void add_info_diagnostics(const Build& b, const Assumptions& a, CheckResult& r) {
  RuleContext ctx{r.placement, r.power, a};
  for (const auto& rule : rule_registry())
    if (rule->doc().severity == Severity::Info) rule->check(b, ctx, r.diagnostics);
  sort_diagnostics(r.diagnostics);
}

}  // namespace rigplan

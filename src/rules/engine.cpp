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

CheckResult check_build(const Build& b, const Assumptions& a) {
  CheckResult r{place_cards(b), power_budget(b, a), {}};
  RuleContext ctx{r.placement, r.power, a};
  for (const auto& rule : rule_registry()) rule->check(b, ctx, r.diagnostics);
  std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& x, const Diagnostic& y) {
    if (x.severity != y.severity) return x.severity < y.severity;
    return x.code < y.code;
  });
  return r;
}

}  // namespace rigplan

// The rule engine: each rule is a small class in src/rules/ (one per file) with a stable code,
// a default severity and a doc; the registry lists them sorted by code. Rules are pure — they
// read the build and the shared context (placement, power budget, assumptions) and append
// diagnostics — so they can run in any order.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "rigplan/assumptions.hpp"
#include "rigplan/build.hpp"
#include "rigplan/diagnostics.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/power.hpp"

namespace rigplan {

// The rule's documentation, in Ruff's shape: what it checks, why it matters, a failing and a
// passing example, and the source of the limit with its value.
struct RuleDoc {
  std::string_view code;   // PWR001 — permanent, never reused
  std::string_view name;   // kebab-case slug
  Severity severity;  // the default severity of its findings
  std::string_view what, why, fails, passes, source;
  // The one other severity the rule may give a finding, if any (PWR002: a warning that becomes an
  // error past the PSU standard's excursion allowance). The engine refuses any severity a rule has
  // not declared, so the generated docs cannot say "warning" of a rule that fails builds.
  std::optional<Severity> also = std::nullopt;
};

// "warning" or "warning, or error" (the default first).
std::string severities_text(const RuleDoc& d);

struct RuleContext {
  const Placement& placement;
  const PowerBudget& power;
  const Assumptions& assumptions;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleDoc& doc() const = 0;
  virtual void check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const = 0;

 protected:
  // A diagnostic with this rule's code and default severity.
  Diagnostic make(std::string message, std::vector<std::string> parts, std::string hint = "") const;
};

// Runs one rule, holding it to the severities its doc declares (std::logic_error otherwise).
void run_rule(const Rule& rule, const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out);

// Every rule, sorted by code.
const std::vector<std::unique_ptr<Rule>>& rule_registry();
const Rule* find_rule(std::string_view code);

struct CheckResult {
  Placement placement;
  PowerBudget power;
  std::vector<Diagnostic> diagnostics;  // sorted: errors, warnings, infos; then by code
  int count(Severity s) const;
  bool ok(bool strict = false) const;
};

// Which rules a check runs. A rule whose doc severity is Info only ever reports infos, so a
// caller that judges builds on errors and warnings (the planner) may leave them out and add them
// later, for the builds it keeps, with add_info_diagnostics: the result is then the same as All.
enum class RuleScope { All, ErrorsAndWarnings };

CheckResult check_build(const Build& b, const Assumptions& a = {}, RuleScope scope = RuleScope::All);
// Runs the Info rules a check with RuleScope::ErrorsAndWarnings left out, keeping the order.
void add_info_diagnostics(const Build& b, const Assumptions& a, CheckResult& r);

}  // namespace rigplan

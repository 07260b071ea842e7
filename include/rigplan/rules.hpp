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

// What the planner's search does when a rule's finding is an error (src/planner/verdict.cpp reads
// it; search.cpp acts on it). Each rule declares one: RuleDoc's constructor requires it, so a new
// rule cannot fall silently to rejecting whole configurations (issue 16). Listed from the least
// to the most fundamental: of several errors, the last one listed here decides.
enum class PlannerAction {
  NextPsu,          // try the next PSU (capacity, transients, cables); a warning of such a rule also
                    // sends the search on to a PSU that clears it, keeping the fewest warnings if none does
  OutletLimit,      // no part fixes it (the wall outlet's limit): stop trying PSUs, lower the GPUs' power limits
  NextChassis,      // try the next chassis (fit, cooling)
  NextBridge,       // try the next NVLink bridge, or none
  RuleOutPlatform,  // no swap of PSU, chassis or bridge helps: rule out the GPU x CPU x board configuration
};

// "tries another PSU", ... (the generated docs); planner_action_key: "next-psu", ... (JSON).
const char* planner_action_text(PlannerAction a);
const char* planner_action_key(PlannerAction a);

// The rule's documentation, in Ruff's shape: what it checks, why it matters, a failing and a
// passing example, and the source of the limit with its value; and what the planner does when
// it fires. A constructor, not an aggregate, so that no field can be left out by accident.
struct RuleDoc {
  std::string_view code;   // PWR001 — permanent, never reused
  std::string_view name;   // kebab-case slug
  Severity severity;       // the default severity of its findings
  PlannerAction planner;   // what the planner does when a finding is an error
  std::string_view what, why;
  // The examples are complete inputs: each is a JSON merge patch (RFC 7396) over the seed desktop,
  // examples/builds/seed-desktop.json (kRuleExampleBase). The merged build makes the rule fire
  // (fails) or not (passes); tests/unit/rule_examples_test.cpp runs both through the engine. A
  // part the catalog lacks is written as a placeholder in angle brackets ("<a ... riser>"), which
  // that test lists with the reason and the fixture part it stands for.
  std::string_view fails, passes;
  std::string_view source;
  // The one other severity the rule may give a finding, if any (PWR002: a warning that becomes an
  // error past the PSU standard's excursion allowance). The engine refuses any severity a rule has
  // not declared, so the generated docs cannot say "warning" of a rule that fails builds.
  std::optional<Severity> also;

  constexpr RuleDoc(std::string_view code_, std::string_view name_, Severity severity_, PlannerAction planner_,
                    std::string_view what_, std::string_view why_, std::string_view fails_,
                    std::string_view passes_, std::string_view source_,
                    std::optional<Severity> also_ = std::nullopt)
      : code(code_), name(name_), severity(severity_), planner(planner_), what(what_), why(why_),
        fails(fails_), passes(passes_), source(source_), also(also_) {}
};

// The build every rule's examples patch (relative to the source tree).
inline constexpr std::string_view kRuleExampleBase = "examples/builds/seed-desktop.json";

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
// The rule with this code, or nullptr (a lookup built once).
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

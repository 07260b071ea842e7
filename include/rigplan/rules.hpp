// The rule engine: each rule is a small class in src/rules/ (one per file) with a stable code,
// a default severity and a doc; the registry lists them sorted by code. Rules are pure — they
// read the build and the shared context (placement, power budget, assumptions) and append
// diagnostics — so they can run in any order.
#pragma once

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
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

inline constexpr PlannerAction kPlannerActions[] = {PlannerAction::NextPsu, PlannerAction::OutletLimit,
                                                    PlannerAction::NextChassis, PlannerAction::NextBridge,
                                                    PlannerAction::RuleOutPlatform};

// "tries another PSU", ... (the generated docs); planner_action_key: "next-psu", ... (JSON).
const char* planner_action_text(PlannerAction a);
const char* planner_action_key(PlannerAction a);

// What a rule reads from the build that a build may leave out: a part kind, or a version under
// "software". A rule declares what it needs to run at all (Needs::all: the engine skips it when
// one is missing, so no rule checks for it by hand) and what only part of its check needs
// (Needs::partly: the rule skips that part itself). BLD002 and the docs list them from here.
enum class Need : unsigned {
  Cpu = 1u << 0,
  Board = 1u << 1,
  Memory = 1u << 2,  // at least one memory entry
  Psu = 1u << 3,
  Chassis = 1u << 4,
  Cooler = 1u << 5,
  Bridge = 1u << 6,  // an NVLink bridge
  Outlet = 1u << 7,
  Cuda = 1u << 8,      // software.cuda
  Driver = 1u << 9,    // software.driver
  Pytorch = 1u << 10,  // software.pytorch
  Rocm = 1u << 11,     // software.rocm
  Software = 1u << 12,  // any version under "software" (cuda, cudnn, driver, pytorch, rocm)
};
inline constexpr Need kAllNeeds[] = {Need::Cpu,     Need::Board,  Need::Memory, Need::Psu,    Need::Chassis,
                                     Need::Cooler,  Need::Bridge, Need::Outlet, Need::Cuda,   Need::Driver,
                                     Need::Pytorch, Need::Rocm,   Need::Software};

struct Needs {
  unsigned all = 0;     // Need bits: each must be in the build, or the rule does not run
  unsigned partly = 0;  // Need bits: a part of the check needs it, and is skipped without it
  constexpr bool requires_all(Need n) const { return all & static_cast<unsigned>(n); }
  constexpr bool requires_partly(Need n) const { return partly & static_cast<unsigned>(n); }
};

// needs({Need::Cpu, Need::Board}), needs({Need::Cooler}, {Need::Chassis}), needs({}).
constexpr Needs needs(std::initializer_list<Need> all, std::initializer_list<Need> partly = {}) {
  Needs n;
  for (Need x : all) n.all |= static_cast<unsigned>(x);
  for (Need x : partly) n.partly |= static_cast<unsigned>(x);
  return n;
}

// "CPU", "chassis", "software.cuda", ... (docs and messages); need_key: "cpu", ... (JSON).
const char* need_name(Need n);
const char* need_key(Need n);
// Whether the build has it.
bool build_has(const Build& b, Need n);
// The needs of `bits` the build lacks, in kAllNeeds order.
std::vector<Need> missing_needs(const Build& b, unsigned bits);
// The names of `bits`' needs ("CPU, board"); "" for none.
std::string need_names(unsigned bits);

// The rule's documentation, in Ruff's shape: what it checks, why it matters, a failing and a
// passing example, and the source of the limit with its value; and what the planner does when
// it fires. A constructor, not an aggregate, so that no field can be left out by accident.
struct RuleDoc {
  std::string_view code;   // PWR001 — permanent, never reused
  std::string_view name;   // kebab-case slug
  Severity severity;       // the default severity of its findings
  PlannerAction planner;   // what the planner does when a finding is an error
  Needs needs;             // what of a build it reads that a build may leave out
  // What clears it: the change a user (or the planner, when nothing passed) makes to the build or
  // the request. The planner's empty answer quotes it ("what would relax it").
  std::string_view relax;
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
                    Needs needs_, std::string_view relax_, std::string_view what_, std::string_view why_,
                    std::string_view fails_, std::string_view passes_, std::string_view source_,
                    std::optional<Severity> also_ = std::nullopt)
      : code(code_), name(name_), severity(severity_), planner(planner_), needs(needs_), relax(relax_), what(what_),
        why(why_), fails(fails_), passes(passes_), source(source_), also(also_) {}
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

// Runs one rule, holding it to the severities its doc declares (std::logic_error otherwise); a
// rule whose needs (RuleDoc::needs.all) the build lacks does not run.
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

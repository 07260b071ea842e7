// What one slice of the search found (sound builds, rejections by code with an example, counts,
// nearest misses) and how slices merge into the answer: the ranked top builds, the rejection
// table `--explain` prints, and — when nothing survives — which constraint ruled everything out
// and what would relax it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "planner/choose.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/rules.hpp"

namespace rigplan::planner {

// What a failed check points at, from the least to the most fundamental (the order of
// PlannerAction, which each rule declares).
enum class Blame { Psu, Outlet, Chassis, Bridge, Platform };

struct Verdict {
  bool sound = true;
  bool psu_warnings = false;  // sound, but another PSU might clear a warning (of a NextPsu rule)
  Blame blame = Blame::Psu;   // the most fundamental error's
};

// The part a rule's error asks the search to swap: its RuleDoc::planner (std::logic_error for a
// code no registered rule has).
Blame blame_of(std::string_view code);
// What the rule engine's findings on one build mean for the search.
Verdict judge(const CheckResult& res);

// One build the rule engine judged.
struct Attempt {
  Build build;
  CheckResult result;
  Verdict verdict;
  std::vector<std::string> codes, messages;  // its error codes, with the first message of each
};

// Counts `n` more rejections under `code`, keeping the first example.
void add_rejection(std::map<std::string, Rejection>& m, const std::string& code, const std::string& example, long long n = 1);

// The findings of one (GPU, count) slice of the search.
struct ItemResult {
  std::vector<PlannedBuild> builds;
  std::map<std::string, Rejection> rejected;  // by code, counted in configurations
  long long candidates = 0, evaluated = 0, checks = 0, sound = 0;
  std::optional<double> cheapest_over_budget, fastest_over_deadline;
  std::optional<double> cheapest_floor;  // least that GPUs, CPU and board cost where they alone broke the budget
  // Part combinations (chassis, PSU, bridge) of the current configuration checked so far.
  std::vector<std::tuple<const Chassis*, const Psu*, const NvlinkBridge*>> seen;

  void reject(const std::string& code, const std::string& example, long long n = 1);
  void reject_all(const std::string& code, const std::string& example, std::size_t configs) {
    reject(code, example, static_cast<long long>(configs));
  }
  void reject_attempt(const Attempt& a, const std::string& label);
  void note_cheapest(double usd);
  void note_floor(double usd);
  void note_fastest(double seconds);
};

// Merges the slices in order (so the answer does not depend on threads), keeps the best build
// per GPU × count × board, ranks, cuts to the request's top, and writes the empty answer's reason.
PlanResult merge_results(const PlanRequest& r, const Pools& pools, std::vector<ItemResult> items);

}  // namespace rigplan::planner

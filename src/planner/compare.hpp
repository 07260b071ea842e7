// Why the top build beats the runner-up, as a buyer would ask it: the score's parts side by side
// (speed, cost, wall power, warnings, stack factor), and the one change that would flip the two —
// the runner-up's price (or the top build's) for the cost objectives, its speed for `time`, its
// wall power for `perf-per-watt`. Computed from the two builds' own figures, so it restates the
// ranking rather than adding a judgement.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/plan.hpp"

namespace rigplan::planner {

// The comparison of result builds 0 and 1; nullopt with fewer than two builds.
std::optional<PlanComparison> compare_top(const std::vector<PlannedBuild>& builds, const PlanRequest& r);

}  // namespace rigplan::planner

// How the planner measures a sound build: the performance figure the objective uses (for the
// workload as fitted by planner/fit.hpp), and the score with its parts. Kept apart from the
// search so the ranking is easy to read and to test.
#pragma once

#include <optional>
#include <string>

#include "planner/fit.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::planner {

// Fills metrics (power, link, cost, workload time) for a sound build.
void measure(PlannedBuild& pb, const PlanRequest& r, const CheckResult& res, const Fit* fit);

// The objective's figure with the warning penalty, and its parts.
void score(PlannedBuild& pb, const PlanRequest& r);

// Ranking order: true when a ranks before b.
bool ranks_before(const PlannedBuild& a, const PlannedBuild& b, Objective o);

}  // namespace rigplan::planner

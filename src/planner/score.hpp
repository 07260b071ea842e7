// How the planner measures a sound build: the workload fitted to the GPU count (data parallel
// across the cards for training, tensor parallel for inference, the smallest ZeRO stage that
// fits unless the request fixes one), the performance figure the objective uses, and the score
// with its parts. Kept apart from the search so the ranking is easy to read and to test.
#pragma once

#include <optional>
#include <string>

#include "rigplan/plan.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::planner {

struct Fit {
  bool fits = false;
  Workload w;              // as it would run on these GPUs (dp/tp, zero, tokens set)
  double per_gpu_bytes = 0;
  double host_bytes = 0;   // host RAM the offloaded states need
  std::string why;         // when it does not fit
};

// The workload on `n` cards of `g`; nullopt when the request has no workload.
std::optional<Fit> fit_workload(const PlanRequest& r, const Gpu& g, int n);

// Fills metrics (power, link, cost, workload time) for a sound build.
void measure(PlannedBuild& pb, const PlanRequest& r, const CheckResult& res, const Fit* fit);

// The objective's figure with the warning penalty, and its parts.
void score(PlannedBuild& pb, const PlanRequest& r);

// Ranking order: true when a ranks before b.
bool ranks_before(const PlannedBuild& a, const PlannedBuild& b, Objective o);

}  // namespace rigplan::planner

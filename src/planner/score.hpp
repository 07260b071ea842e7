// How the planner measures a sound build: the performance figure the objective uses (for the
// workload as fitted by planner/fit.hpp), and the score with its parts. Kept apart from the
// search so the ranking is easy to read and to test.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/fit.hpp"
#include "planner/stack.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::planner {

// What the planner knows of one GPU model x count before any board is chosen: how the request's
// workload fits the cards, or, without one, how each reference workload does
// (planner/reference_set.hpp), and the software stack's verdict for each.
struct ItemFits {
  std::optional<Fit> workload;
  StackVerdict workload_stack;
  std::vector<std::optional<Fit>> reference;  // one per reference workload; nullopt: does not fit
  std::vector<StackVerdict> reference_stack;
  const std::vector<double>* denominators = nullptr;  // the index's (reference_denominators)
};
// The fits and stack verdicts of n cards of g.
ItemFits fit_item(const PlanRequest& r, const Gpu& g, int n, const std::vector<double>& denominators);

// What the performance model predicts for n cards on `sys`, with the stack's factor applied: the
// former speed index (GPT-2 XL data parallel, no memory fit), the reference index and its parts,
// and the request's workload (tokens/s; seconds to train its tokens) when it has one.
struct Performance {
  double reference_tokens_per_s = 0;
  double reference_index = 0;
  std::vector<double> reference_tokens;  // tokens/s per reference workload (0: does not fit or run)
  double tokens_per_s = 0;
  double seconds = 0;
};
Performance predict(const PlanRequest& r, const PerfSystem& sys, int n, const ItemFits& f);
// The figure the objective ranks by: the workload's tokens/s, or the reference index without one.
double objective_performance(const PlanRequest& r, const Performance& p);

// Fills metrics (power, link, cost, workload time) for a sound build.
void measure(PlannedBuild& pb, const PlanRequest& r, const CheckResult& res, const ItemFits& f);

// The objective's figure with the warning penalty, and its parts.
void score(PlannedBuild& pb, const PlanRequest& r);

// Ranking order: true when a ranks before b.
bool ranks_before(const PlannedBuild& a, const PlannedBuild& b, Objective o);

}  // namespace rigplan::planner

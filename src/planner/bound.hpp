// Branch-and-bound for the planner: optimistic figures for a configuration (GPU model x count x
// CPU-board pair) computed before the rule engine runs, and the test that a configuration can no
// longer reach the answer. The answer lists the best build of each GPU model and count, best
// first (planner/explain.hpp), so once `top` such groups have sound builds, a configuration whose
// best possible score ranks after the top-th group's best — or after its own group's best — can
// change nothing and is skipped. Every figure here errs on the side of the configuration:
//   - performance at the best link the cards could have (hardware_from_gpu: NVLink where one
//     domain joins them, else each card's own PCIe link), no power limit, no warnings;
//   - cost as the sum of the prices the build cannot avoid (cards, CPU, board, the memory, cooler
//     and drive the planner would choose) plus the cheapest chassis and PSU that might serve;
//   - wall power as the sustained load at the lowest power limit the planner may set, through a
//     loss-free PSU.
// A property test (tests/unit/plan_test.cpp) checks that the pruned search returns exactly the
// exhaustive search's answer.
#pragma once

#include <optional>

#include "planner/choose.hpp"
#include "planner/fit.hpp"
#include "planner/score.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

// The best score a configuration could reach, with what decides ties.
struct Bound {
  double score = 0;         // in the objective's units, optimistic
  double cost_lb = 0;       // lowest cost its builds can show
  bool can_complete = true; // whether its builds can have a complete cost (GPU, CPU, board priced)
};

// Optimistic performance of `n` cards of `g` for the request (the objective's figure before any
// warning or power-limit factor): the reference workloads' figure or the workload's.
double performance_bound(const PlanRequest& r, const Gpu& g, int n, const ItemFits& fits);

// Prices that no choice of chassis or PSU can avoid, and the cheapest chassis and PSU.
struct CostFloor {
  double usd = 0;
  bool complete = true;
};
// `b`: the board, or the barebone a GPU server platform is bought as.
CostFloor platform_cost_floor(const Gpu& g, int n, const Cpu& cpu, int cpu_count, const PartBase& b);
double cheapest_price(const std::vector<const Chassis*>& v);  // known prices only; 0 when any is unknown
double cheapest_price(const std::vector<const Psu*>& v);

Bound make_bound(const PlanRequest& r, double perf_ub, double cost_lb, bool can_complete, double wall_lb);

// Whether a configuration with bound `b` can still rank before `best` (or tie it and win the
// tie): false means it cannot enter the answer through that slot. `tie_after` says whether, on
// equal score and cost, the configuration's ids sort after best's (the final tie-break).
bool may_beat(const Bound& b, const PlannedBuild& best, Objective o, bool tie_after);

}  // namespace rigplan::planner

// Optimistic bounds for the planner's branch-and-bound (see bound.hpp).
#include "planner/bound.hpp"

#include <limits>

#include "planner/score.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::planner {

namespace {
// Bounds are compared with scores computed along another path (the placed build's link): a
// relative slack keeps rounding from pruning a build that ties its bound.
constexpr double kSlack = 1e-9;
}  // namespace

double performance_bound(const PlanRequest& r, const Gpu& g, int n, const ItemFits& fits) {
  Hardware hw = hardware_from_gpu(g, n, true, r.sizing);
  PerfSystem sys = perf_system(hw, r.sizing);
  Performance p = predict(r, sys, n, fits);
  return objective_performance(r, p) * (1 + kSlack);
}

CostFloor platform_cost_floor(const Gpu& g, int n, const Cpu& cpu, int cpu_count, const PartBase& b) {
  CostFloor f;
  f.usd = g.price_usd.value_or(0) * n + cpu.price_usd.value_or(0) * cpu_count + b.price_usd.value_or(0);
  f.complete = g.price_usd && cpu.price_usd && b.price_usd;
  return f;
}

template <class T>
static double cheapest(const std::vector<const T*>& v) {
  double best = std::numeric_limits<double>::max();
  for (const T* p : v) {
    if (!p->price_usd) return 0;  // an unpriced part counts nothing towards the cost
    best = std::min(best, *p->price_usd);
  }
  return v.empty() ? 0 : best;
}
double cheapest_price(const std::vector<const Chassis*>& v) { return cheapest(v); }
double cheapest_price(const std::vector<const Psu*>& v) { return cheapest(v); }

Bound make_bound(const PlanRequest& r, double perf_ub, double cost_lb, bool can_complete, double wall_lb) {
  Bound b;
  b.cost_lb = cost_lb * (1 - kSlack);
  b.can_complete = can_complete;
  switch (r.objective) {
    case Objective::Cost: b.score = b.cost_lb; break;
    case Objective::PerfPerDollar:
      b.score = b.cost_lb > 0 ? perf_ub / (b.cost_lb / 1000) : std::numeric_limits<double>::infinity();
      break;
    case Objective::Time: b.score = perf_ub; break;
    case Objective::PerfPerWatt:
      b.score = wall_lb > 0 ? perf_ub / (wall_lb * (1 - kSlack)) : std::numeric_limits<double>::infinity();
      break;
  }
  return b;
}

bool may_beat(const Bound& b, const PlannedBuild& best, Objective o, bool tie_after) {
  bool priced = o == Objective::Cost || o == Objective::PerfPerDollar;
  const PlanMetrics& m = best.metrics;
  if (priced && m.cost_known() != b.can_complete) return b.can_complete;
  bool lower = lower_is_better(o);
  if (b.score != best.score) return lower ? b.score < best.score : b.score > best.score;
  // Equal scores: the cheaper complete cost wins, then the ids (ranks_before).
  if (!m.cost_known()) return true;
  if (b.cost_lb > m.cost_usd) return false;
  if (b.cost_lb < m.cost_usd) return true;
  return !tie_after;
}

}  // namespace rigplan::planner

// The top build against the runner-up (see compare.hpp).
#include "planner/compare.hpp"

#include <fmt/format.h>

#include <cmath>
#include "util/number_text.hpp"

namespace rigplan::planner {

namespace {

double speed_of(const PlannedBuild& b, const PlanRequest& r) {
  return r.workload ? b.metrics.tokens_per_s : b.metrics.reference_index;
}

std::string usd(double v) { return dollars(std::round(v)); }

}  // namespace

std::optional<PlanComparison> compare_top(const std::vector<PlannedBuild>& builds, const PlanRequest& r) {
  if (builds.size() < 2) return std::nullopt;
  const PlannedBuild& a = builds[0];
  const PlannedBuild& b = builds[1];
  PlanComparison c;
  auto row = [&](const char* name, double x, double y, const char* unit) {
    c.parts.push_back({name, x, y, unit});
  };
  row("score", a.score, b.score, "");
  row(r.workload ? "tokens_per_s" : "reference_index", speed_of(a, r), speed_of(b, r), r.workload ? "tok/s" : "x H100 PCIe");
  row("cost_usd", a.metrics.cost_usd, b.metrics.cost_usd, "USD");
  row("wall_w", a.metrics.wall_w, b.metrics.wall_w, "W");
  row("warnings", a.metrics.warnings, b.metrics.warnings, "");
  row("stack_factor", a.metrics.stack_factor, b.metrics.stack_factor, "");

  double fa = std::pow(1 - r.tuning.warning_penalty, a.metrics.warnings);
  double fb = std::pow(1 - r.tuning.warning_penalty, b.metrics.warnings);
  double sa = speed_of(a, r), sb = speed_of(b, r);
  // What the runner-up's own figure would have to be to tie the top build's score.
  switch (r.objective) {
    case Objective::Cost:
      if (b.metrics.cost_known() && a.metrics.cost_known() && fb > 0)
        c.flip = fmt::format("#2 would rank first below {} ({} now): a price cut of {:.0f} %", usd(a.score * fb),
                             usd(b.metrics.cost_usd), 100 * (1 - a.score * fb / b.metrics.cost_usd));
      break;
    case Objective::PerfPerDollar:
      if (a.score > 0 && b.metrics.cost_known() && a.metrics.cost_known() && sb > 0) {
        double tie_cost = sb * fb / (a.score / 1000);
        c.flip = fmt::format("#2 would rank first below {} ({} now, a price cut of {:.0f} %), or #1 above {} ({} now)",
                             usd(tie_cost), usd(b.metrics.cost_usd), 100 * (1 - tie_cost / b.metrics.cost_usd),
                             usd(sa * fa / (b.score / 1000)), usd(a.metrics.cost_usd));
      }
      break;
    case Objective::Time:
      if (sb > 0 && fb > 0)
        c.flip = fmt::format("#2 would rank first {:.0f} % faster ({:.4g} {} instead of {:.4g})", 100 * (a.score / (sb * fb) - 1),
                             a.score / fb, r.workload ? "tok/s" : "x H100 PCIe", sb);
      break;
    case Objective::PerfPerWatt:
      if (a.score > 0 && b.metrics.wall_w > 0)
        c.flip = fmt::format("#2 would rank first at {:.0f} W at the wall instead of {:.0f} W (a power limit could get it there)",
                             sb * fb / a.score, b.metrics.wall_w);
      break;
  }
  if (c.flip.empty()) c.flip = "the two cannot be compared on price: one of them lacks a complete cost";
  return c;
}

}  // namespace rigplan::planner

// PWR005: the PSU runs close to its rating. With PSU groups (Build::psu_groups) each group's load
// against its own units, as PWR001 judges them: one group near its limit is not hidden by another's
// spare capacity.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr005)

const RuleDoc& Pwr005::doc() const {
  static const RuleDoc d{"PWR005", "psu-headroom", Severity::Warning, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a larger PSU (overlay one with --catalog), fewer GPUs, or lower power limits",
                         "The sustained load as a share of the PSU's rating, against psu_max_load (default 80 %); with "
                         "psu_groups, each group's load against its own units.",
                         "A PSU run near its limit runs hot and loud, ages faster and has no margin for transients "
                         "or a future card.",
                         R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2, "power_limit_w": 350}]})",
                         "Dive into Deep Learning, 'Selecting servers and GPUs' (leave headroom); assumption psu_max_load."};
  return d;
}

void Pwr005::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& p = ctx.power;
  const double max_load = ctx.assumptions.psu_max_load;
  if (!p.groups.empty()) {
    for (const auto& g : p.groups) {
      if (g.psu_w <= 0 || g.sustained_w > g.psu_w || g.sustained_w / g.psu_w <= max_load) continue;
      out.push_back(make(fmt::format("PSU group \"{}\" ({} x {}): sustained load {} is {:.0f} % of its {} (> {:.0f} %)",
                                     g.name, g.psus, g.psu->id, watts(g.sustained_w), g.sustained_w / g.psu_w * 100,
                                     watts(g.psu_w), max_load * 100),
                         {g.psu->id},
                         fmt::format("units of {} together keep {:.0f} % headroom for this group",
                                     watts(std::ceil(g.sustained_w / max_load / 50) * 50), (1 - max_load) * 100)));
    }
    return;
  }
  if (p.psu_w <= 0 || p.sustained_w > p.psu_w) return;  // over the rating is PWR001
  // A redundant set shares the load over every module while none has failed: that is the load
  // each runs at day to day (a failover runs the rest harder, which PWR001 already bounds).
  double rating = b.psu_redundant > 0 ? p.psu_all_w : p.psu_w;
  double share = p.sustained_w / rating;
  if (share <= ctx.assumptions.psu_max_load) return;
  out.push_back(make(fmt::format("sustained load {} is {:.0f} % of the {} PSU (> {:.0f} %)", watts(p.sustained_w),
                                 share * 100, watts(rating), ctx.assumptions.psu_max_load * 100),
                     {b.psu->id},
                     fmt::format("a PSU of {} keeps {:.0f} % headroom",
                                 watts(std::ceil(p.sustained_w / ctx.assumptions.psu_max_load / 50) * 50),
                                 (1 - ctx.assumptions.psu_max_load) * 100)));
}

}  // namespace rigplan::rules

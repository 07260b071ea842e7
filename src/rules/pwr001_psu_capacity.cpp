// PWR001: the sustained DC load against the PSU's rating at the outlet's voltage. With a
// redundant set (a server's 2+2 or 3+1 modules: Build::psu_redundant) only the modules left after
// the redundant ones fail count: a 2+2 set of 3000 W modules carries 6000 W with redundancy, and
// a load above that runs only while all four work, which is what the redundancy was bought for.
// With PSU groups (Build::psu_groups) each group's load is judged against its own units.
#include "rules/pwr_limits.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr001)

const RuleDoc& Pwr001::doc() const {
  static const RuleDoc d{"PWR001", "psu-capacity", Severity::Error, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a larger PSU (overlay one with --catalog), fewer GPUs, or lower-power cards",
                         "The build's sustained DC load — each GPU at its power limit or TDP, the CPU at its package "
                         "power, drives and NICs at their rated power, plus the platform allowance — against the PSU's "
                         "rating at the outlet's voltage. With psu_groups, each group's cards (and, for the group that feeds "
                         "the platform, the rest of the build) against its own units at its outlet's voltage.",
                         "A PSU loaded past its rating shuts down or, worse, delivers unstable voltage under training "
                         "load. Budget peak draw, not typical draw.",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2, "power_limit_w": 400}]})",
                         "Dive into Deep Learning, 'Selecting servers and GPUs' (budget up to 350 W per high-end GPU, "
                         "1 GPU ~600 W PSU, 2 ~1000 W, 4 ~1600-2000 W); the PSU maker's rating."};
  return d;
}

void Pwr001::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& p = ctx.power;
  if (!p.groups.empty()) {  // PSU groups: each group carries its own cards (and the platform)
    for (const auto& g : p.groups) {
      if (!g.psu_input_ok || g.sustained_w <= g.psu_w) continue;
      out.push_back(make(fmt::format("PSU group \"{}\" ({} x {}) {} < {} sustained load ({} GPUs{})", g.name, g.psus,
                                     g.psu->id, watts(g.psu_w), watts(g.sustained_w), watts(g.gpu_w),
                                     g.platform ? " + CPU + drives + platform" : ""),
                         {g.psu->id},
                         fmt::format("move cards to another group, give the group more units (at least {}), or lower "
                                     "its cards' power limits",
                                     watts(std::ceil(g.sustained_w / 50) * 50))));
    }
    return;
  }
  if (!p.psu_input_ok || p.sustained_w <= p.psu_w) return;  // no rating at all is PWR006
  std::string hint;
  if (b.psu_redundant > 0) {
    hint = fmt::format("use larger modules or fewer GPUs (each module must give at least {})",
                       watts(std::ceil(p.sustained_w / b.psu_carrying() / 50) * 50));
    if (p.sustained_w <= p.psu_all_w)
      hint += fmt::format("; all {} modules ({}) carry it only without redundancy (set psu_redundant to 0 to accept "
                          "that; PWR008 then warns)",
                          b.psu_count, watts(p.psu_all_w));
  } else {
    hint = fmt::format("use a PSU of at least {}", watts(std::ceil(p.sustained_w / 50) * 50));
  }
  hint += limit_advice(b, fitting_power_limit(b, p.sustained_w, p.gpu_w, p.psu_w), true);
  out.push_back(make(fmt::format("PSU {}{} < {} sustained load ({} GPUs + CPU + drives + platform)",
                                 watts(p.psu_w), psu_arrangement(b), watts(p.sustained_w), watts(p.gpu_w)),
                     {b.psu->id}, hint));
}

}  // namespace rigplan::rules

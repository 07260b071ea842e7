// PWR002: GPU power excursions against what the PSU's ATX generation rides through. Intel's ATX
// 3.x design guide (doc. 336521, "power excursion") requires a unit to ride through 200 % of its
// rating for 100 us; the ATX12V 2.x guides specify no excursion above the rating at all, so a
// transient past the rating of a unit stated to be ATX 2.x is outside its specification and an
// error (issue 15: 4 x RTX 3090 at 350 W on one 1600 W ATX 2.x unit tripped over-current
// protection). A unit whose ATX version the catalog does not state gets the same test as a
// warning: unknown stays unknown. A redundant set (2+2, 3+1) must ride the peak on the modules
// left after the redundant ones fail, as PWR001 counts them.
#include "rules/pwr_limits.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr002)

constexpr double kAtx3ExcursionFactor = 2.0;  // ATX 3.x: 200 % of rated power for 100 us

const RuleDoc& Pwr002::doc() const {
  static const RuleDoc d{"PWR002", "psu-transients", Severity::Warning, PlannerAction::NextPsu,
                         "The transient peak (GPUs at gpu_transient_factor x their power, the rest sustained) "
                         "against the PSU: above its rating for an ATX 2.x unit (an error: the 2.x guides allow no "
                         "excursion) or one of unstated version (a warning), above twice its rating for ATX 3.x (an "
                         "error).",
                         "Modern GPUs draw brief spikes well above their board power. ATX 2.x supplies have no "
                         "requirement to ride through them and may trip over-current protection mid-training; ATX "
                         "3.x supplies are specified for 200 % excursions.",
                         R"({"psu": "corsair-ax1600i", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})",
                         R"({"psu": "corsair-ax1600i", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2, "power_limit_w": 400}]})",
                         "Intel ATX Version 3 Multi Rail Desktop Platform Power Supply Design Guide, doc. 336521 "
                         "(power excursion 200 % for 100 us); Intel ATX12V 2.x design guides (no excursion "
                         "allowance); Igor's Lab GPU transient measurements (assumption gpu_transient_factor).",
                         Severity::Error};
  return d;
}

void Pwr002::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& p = ctx.power;
  if (!b.psu || !p.psu_input_ok || p.gpu_w <= 0) return;
  bool atx3 = b.psu->atx_version == "3.0" || b.psu->atx_version == "3.1";
  double budget = atx3 ? p.psu_w * kAtx3ExcursionFactor : p.psu_w;
  if (p.transient_w <= budget) return;
  double limit = fitting_power_limit(b, p.sustained_w, p.gpu_w, budget, ctx.assumptions.gpu_transient_factor);
  std::string hint = atx3 ? "use a larger PSU" : "use an ATX 3.x PSU (rated for 200 % excursions) or a larger one";
  hint += limit_advice(b, limit, false);
  bool atx2 = b.psu->atx_version == "2.x";
  const char* kind = atx3 ? "ATX 3.x" : (atx2 ? "ATX 2.x" : "non-ATX-3 (version not stated)");
  Diagnostic d = make(fmt::format("transient peak {} ({}x GPU power) > {} the {} PSU{} rides through{}", watts(p.transient_w),
                                  num(ctx.assumptions.gpu_transient_factor), watts(budget), kind, psu_arrangement(b),
                                  atx3 ? " (200 % for 100 us)"
                                       : (atx2 ? ": ATX 2.x specifies no excursion above the rating, so over-current "
                                                 "protection may shut it down"
                                               : "")),
                      {b.psu->id}, hint);
  if (atx3 || atx2) d.severity = Severity::Error;  // past the standard's allowance
  out.push_back(d);
}

}  // namespace rigplan::rules

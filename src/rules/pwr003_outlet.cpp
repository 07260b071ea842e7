// PWR003: the wall draw against the outlet's continuous limit.
#include "rules/pwr_limits.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr003)

const RuleDoc& Pwr003::doc() const {
  static const RuleDoc d{"PWR003", "outlet-circuit", Severity::Error,
                         "The wall draw (sustained DC load / PSU efficiency) against the outlet's continuous "
                         "limit (volts x amps x continuous factor).",
                         "Training runs for hours: a continuous load. A US 15 A, 120 V circuit carries 1440 W "
                         "continuously (80 % of 1800 W); a 4-GPU machine can exceed that and trip the breaker.",
                         R"({"outlet": "us-120v-15a", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 3}], ...})",
                         R"({"outlet": "us-120v-20a", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], ...})",
                         "US NEC 210.19(A)(1)/210.20(A): continuous loads at most 80 % of the branch rating; the "
                         "outlet's continuous_factor in the catalog; 80 PLUS efficiency at 50 % load."};
  return d;
}

void Pwr003::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& p = ctx.power;
  if (!b.outlet || p.wall_w <= p.outlet_w) return;
  double eff = p.efficiency > 0 ? p.efficiency : 0.8;
  double limit = fitting_power_limit(b, p.sustained_w, p.gpu_w, p.outlet_w * eff);
  std::string hint = "use a higher-rated circuit (e.g. 20 A or 230 V)";
  if (limit > 0 && !b.gpus.empty())
    hint += fmt::format(", or limit each GPU to {} (about {:.0f} % slower when compute-bound)", watts(limit),
                        slowdown_percent(limit, Build::card_power_w(b.gpus.front())));
  out.push_back(make(fmt::format("wall draw {} ({} DC at {:.0f} % efficiency) > {} continuous on {}", watts(p.wall_w),
                                 watts(p.sustained_w), eff * 100, watts(p.outlet_w), b.outlet->id),
                     {b.outlet->id}, hint));
}

}  // namespace rigplan::rules

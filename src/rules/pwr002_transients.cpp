// PWR002: GPU power excursions against what the PSU's ATX generation rides through.
#include "rules/pwr_limits.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr002)

constexpr double kAtx3ExcursionFactor = 2.0;  // ATX 3.x: 200 % of rated power for 100 us

const RuleDoc& Pwr002::doc() const {
  static const RuleDoc d{"PWR002", "psu-transients", Severity::Warning,
                         "The transient peak (GPUs at gpu_transient_factor x their power, the rest sustained) "
                         "against the PSU: above its rating for an ATX 2.x unit, above twice its rating for ATX 3.x.",
                         "Modern GPUs draw brief spikes well above their board power. ATX 2.x supplies have no "
                         "requirement to ride through them and may trip over-current protection mid-training; ATX "
                         "3.x supplies are specified for 200 % excursions.",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], ...})",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1}], ...})",
                         "Intel ATX 3.0 design guide (power excursion 200 % for 100 us); Igor's Lab GPU transient "
                         "measurements (assumption gpu_transient_factor)."};
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
  if (limit > 0) hint += fmt::format(", or limit each GPU to {}", watts(limit));
  Diagnostic d = make(fmt::format("transient peak {} ({}x GPU power) > {} the {} PSU rides through", watts(p.transient_w),
                                  num(ctx.assumptions.gpu_transient_factor), watts(budget),
                                  atx3 ? "ATX 3.x" : "ATX 2.x"),
                      {b.psu->id}, hint);
  if (atx3) d.severity = Severity::Error;  // past even the 3.x excursion allowance
  out.push_back(d);
}

}  // namespace rigplan::rules

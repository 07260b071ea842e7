// PWR006: the PSU is not rated for the outlet's voltage at all (a 200-240 V-only unit on a
// 100-127 V circuit). Such a unit does not derate there (that is PWR004): it does not run.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr006)

const RuleDoc& Pwr006::doc() const {
  static const RuleDoc d{"PWR006", "psu-input-voltage", Severity::Error, PlannerAction::NextPsu,
                         "Whether the outlet's voltage is at or above the lowest AC input the PSU's maker rates the "
                         "unit for.",
                         "Many server and CRPS units of 2000 W and more are rated for 200-240 V input only; on a "
                         "120 V circuit they do not start, or shut down under load.",
                         R"({"psu": "supermicro-pws-2k08a-1r", "outlet": "us-120v-20a"})",
                         R"({"psu": "supermicro-pws-2k08a-1r"})",
                         "The PSU maker's input-voltage rating (catalog field input_volts_min)."};
  return d;
}

void Pwr006::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  if (!b.psu || !b.outlet || ctx.power.psu_input_ok) return;
  out.push_back(make(fmt::format("{} is rated for {} V input and up; {} supplies {} V", b.psu->id,
                                 num(*b.psu->input_volts_min), b.outlet->id, num(b.outlet->volts)),
                     {b.psu->id, b.outlet->id}, "use a universal-input (100-240 V) PSU, or a 200-240 V circuit"));
}

}  // namespace rigplan::rules

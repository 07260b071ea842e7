// PWR006: the PSU is not rated for the outlet's voltage at all (a 200-240 V-only unit on a
// 100-127 V circuit). Such a unit does not derate there (that is PWR004): it does not run. With
// PSU groups (Build::psu_groups) each group's model is judged at its own outlet.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr006)

const RuleDoc& Pwr006::doc() const {
  static const RuleDoc d{"PWR006", "psu-input-voltage", Severity::Error, PlannerAction::NextPsu,
                         needs({Need::Psu}, {Need::Outlet}),
                         "a universal-input (100-240 V) PSU, or a 200-240 V circuit (--outlet)",
                         "Whether the outlet's voltage is at or above the lowest AC input the PSU's maker rates the "
                         "unit for.",
                         "Many server and CRPS units of 2000 W and more are rated for 200-240 V input only; on a "
                         "120 V circuit they do not start, or shut down under load. With psu_groups, each group's model "
                         "at its own outlet.",
                         R"({"psu": "supermicro-pws-2k08a-1r", "outlet": "us-120v-20a"})",
                         R"({"psu": "supermicro-pws-2k08a-1r"})",
                         "The PSU maker's input-voltage rating (catalog field input_volts_min)."};
  return d;
}

void Pwr006::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  auto judge = [&](const Psu* psu, const Outlet* outlet, bool ok, const std::string& who) {
    if (!psu || !outlet || ok || !psu->input_volts_min) return;
    out.push_back(make(fmt::format("{}{} is rated for {} V input and up; {} supplies {} V", who, psu->id,
                                   num(*psu->input_volts_min), outlet->id, num(outlet->volts)),
                       {psu->id, outlet->id}, "use a universal-input (100-240 V) PSU, or a 200-240 V circuit"));
  };
  if (ctx.power.groups.empty()) return judge(b.psu, b.outlet, ctx.power.psu_input_ok, "");
  for (const auto& g : ctx.power.groups)
    judge(g.psu, g.outlet, g.psu_input_ok, fmt::format("PSU group \"{}\": ", g.name));
}

}  // namespace rigplan::rules

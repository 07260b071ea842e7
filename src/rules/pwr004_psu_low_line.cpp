// PWR004: the PSU is derated at the outlet's low-line voltage. With PSU groups (Build::psu_groups)
// each group is judged on its own model and outlet: a group on a 230 V circuit keeps its full
// rating while one on 120 V is derated.
#include "rigplan/power.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr004)

const RuleDoc& Pwr004::doc() const {
  static const RuleDoc d{"PWR004", "psu-low-line", Severity::Info, PlannerAction::NextPsu,
                         needs({Need::Psu}, {Need::Outlet}),
                         "a 200-240 V circuit (--outlet) for the PSU's full rating, or a PSU rated for the "
                         "load at low line",
                         "Whether the PSU's maker rates it lower at 100-127 V than at 200-240 V, and the outlet is low-line.",
                         "Units of 1600 W and more are often full-power only at 230 V; on a 120 V circuit the budget "
                         "is the lower figure, which rigplan then uses for PWR001. With psu_groups, each group's model at "
                         "its own outlet.",
                         R"({"psu": "hp-dps-1200fb", "outlet": "us-120v-20a"})",
                         R"({"psu": "hp-dps-1200fb", "outlet": "eu-230v-16a"})",
                         "The PSU maker's low-line rating (catalog field watts_115v)."};
  return d;
}

void Pwr004::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  auto judge = [&](const Psu* psu, const Outlet* outlet, const std::string& who) {
    if (!psu || !outlet || !psu->watts_115v || outlet->volts >= kLowLineMaxVolts) return;
    out.push_back(make(fmt::format("{}{} delivers {} at {} V (not its {} high-line rating)", who, psu->id,
                                   watts(*psu->watts_115v), num(outlet->volts), watts(psu->watts)),
                       {psu->id, outlet->id}, "a 230 V circuit unlocks the full rating"));
  };
  if (ctx.power.groups.empty()) return judge(b.psu, b.outlet, "");
  for (const auto& g : ctx.power.groups) judge(g.psu, g.outlet, fmt::format("PSU group \"{}\": ", g.name));
}

}  // namespace rigplan::rules

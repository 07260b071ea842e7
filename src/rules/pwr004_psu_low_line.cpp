// PWR004: the PSU is derated at the outlet's low-line voltage.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr004)

const RuleDoc& Pwr004::doc() const {
  static const RuleDoc d{"PWR004", "psu-low-line", Severity::Info, PlannerAction::NextPsu,
                         "Whether the PSU's maker rates it lower at 100-127 V than at 200-240 V, and the outlet is low-line.",
                         "Units of 1600 W and more are often full-power only at 230 V; on a 120 V circuit the budget "
                         "is the lower figure, which rigplan then uses for PWR001.",
                         R"({"psu": "hp-dps-1200fb", "outlet": "us-120v-20a"})",
                         R"({"psu": "hp-dps-1200fb", "outlet": "eu-230v-16a"})",
                         "The PSU maker's low-line rating (catalog field watts_115v)."};
  return d;
}

void Pwr004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.psu || !b.outlet || !b.psu->watts_115v || b.outlet->volts >= 180) return;
  out.push_back(make(fmt::format("{} delivers {} at {} V (not its {} high-line rating)", b.psu->id,
                                 watts(*b.psu->watts_115v), num(b.outlet->volts), watts(b.psu->watts)),
                     {b.psu->id, b.outlet->id}, "a 230 V circuit unlocks the full rating"));
}

}  // namespace rigplan::rules

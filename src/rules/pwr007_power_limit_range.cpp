// PWR007: a GPU's requested power limit against the range its card accepts. nvidia-smi -pl (and
// NVML) reject a limit below the card's "Min Power Limit" or above its "Max Power Limit", so a
// build whose power budget relies on such a limit is budgeted for a state the card cannot be put
// in (issue 20: 60 W passed on an RTX 4090, whose minimum is 150 W). Where the catalog does not
// know the bound on the side the limit leaves the default, the check is skipped and says so.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr007)

const RuleDoc& Pwr007::doc() const {
  static const RuleDoc d{"PWR007", "power-limit-range", Severity::Error, PlannerAction::NextPsu,
                         needs({}),
                         "a power_limit_w within the card's Min/Max Power Limit",
                         "Each GPU entry's power_limit_w against the card's power-limit range as nvidia-smi reports "
                         "it (Min/Max Power Limit); an info note when the catalog does not know the bound.",
                         "The driver refuses a limit outside the card's range, so the card runs at a higher limit "
                         "than the build budgets (its PSU, cables and circuit are sized for a draw it will exceed) "
                         "or at a lower one than planned.",
                         R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "power_limit_w": 60}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "power_limit_w": 300}]})",
                         "nvidia-smi -q -d POWER ('Min Power Limit', 'Max Power Limit'; nvidia-smi -pl refuses values "
                         "outside them), captured per card in the catalog's power_limits.source.",
                         Severity::Info};
  return d;
}

void Pwr007::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& g : b.gpus) {
    if (!g.power_limit_w) continue;
    double w = *g.power_limit_w;
    const auto& r = g.part->power_limits;
    if (r.min_w && w < *r.min_w) {
      out.push_back(make(fmt::format("power_limit_w {} on {} is below its minimum power limit {} (nvidia-smi -pl "
                                     "refuses it; the card stays at {} or more)",
                                     watts(w), g.part->id, watts(*r.min_w), watts(*r.min_w)),
                         {g.part->id},
                         fmt::format("set power_limit_w to {} or more, or use fewer or lower-power cards", watts(*r.min_w))));
    } else if (r.max_w && w > *r.max_w) {
      out.push_back(make(fmt::format("power_limit_w {} on {} is above its maximum power limit {} (nvidia-smi -pl "
                                     "refuses it)",
                                     watts(w), g.part->id, watts(*r.max_w)),
                         {g.part->id}, fmt::format("set power_limit_w to {} or less", watts(*r.max_w))));
    } else if ((w < g.part->tdp_w && !r.min_w) || (w > g.part->tdp_w && !r.max_w)) {
      Diagnostic d = make(fmt::format("power_limit_w {} on {} not checked against the card's range: its {} power "
                                      "limit is not in the catalog",
                                      watts(w), g.part->id, w < g.part->tdp_w ? "minimum" : "maximum"),
                          {g.part->id}, "nvidia-smi -q -d POWER on the card shows its Min/Max Power Limit");
      d.severity = Severity::Info;
      out.push_back(d);
    }
  }
}

}  // namespace rigplan::rules

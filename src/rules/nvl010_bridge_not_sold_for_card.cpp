// NVL010: a bridge of the card's NVLink generation that is not sold for the card. Bridges of one
// generation share the connector and signalling; what differs between "the GeForce bridge" and
// "the RTX A6000 bridge" is the slot spacing and the looks. Puget Systems tested GeForce RTX 3090
// bridges on RTX A6000 pairs and found them working. The bridge's slot spacing is NVL003's.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Nvl010)

const RuleDoc& Nvl010::doc() const {
  static const RuleDoc d{"NVL010", "bridge-not-sold-for-card", Severity::Info, PlannerAction::RuleOutPlatform,
                         needs({Need::Bridge}),
                         "the bridge its maker sells for the card, if the known-to-work pairing is not "
                         "enough",
                         "With an nvlink_bridge of the cards' NVLink generation that is not in the bridge's list of "
                         "cards: says so, and that it is known to work.",
                         "NVIDIA sells bridges per family, but bridges of one generation are interchangeable where "
                         "the slot spacing fits: Puget Systems tested the GeForce RTX 3090 bridges on RTX A6000 pairs "
                         "('Works (Tested)'). A different generation does not fit (NVL001).",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         "Puget Systems, 'NVIDIA NVLink 2021 Update and Compatibility Chart' (2021-02-24), "
                         "https://www.pugetsystems.com/labs/articles/NVIDIA-NVLink-2021-Update-and-Compatibility-Chart-2074/"};
  return d;
}

void Nvl010::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  std::vector<const NvlinkBridge*> models;  // every bridge model of the build
  for (const auto& e : b.bridges) models.push_back(e.part);
  if (models.empty()) models.push_back(b.bridge);
  for (const NvlinkBridge* br : models)
    for (const auto& g : b.gpus) {
      if (!g.part->nvlink || g.part->nvlink->gen != br->gen) continue;
      const auto& fits = br->gpus;
      if (std::find(fits.begin(), fits.end(), g.part->id) != fits.end()) continue;
      out.push_back(make(fmt::format("{} is sold for {}, not {}; it is an NVLink {} bridge like the card's, and "
                                     "same-generation bridges are known to work across families (Puget Systems)",
                                     br->id, fmt::join(fits, ", "), g.part->id, br->gen),
                         {g.part->id, br->id}));
    }
}

}  // namespace rigplan::rules

// NVL001: a bridge on cards that have no NVLink, or a bridge of another NVLink generation.
// (A bridge of the card's generation that is not sold for it is NVL010's note, not an error.)
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Nvl001)

const RuleDoc& Nvl001::doc() const {
  static const RuleDoc d{"NVL001", "bridge-fit", Severity::Error, PlannerAction::NextBridge,
                         needs({Need::Bridge}),
                         "no bridge (the cards talk over PCIe), or a bridge of the cards' NVLink generation",
                         "With an nvlink_bridge: every GPU has NVLink, and the bridge is of its NVLink generation.",
                         "Ada consumer cards (RTX 4090) and the RTX PRO 6000 have no NVLink at all; bridges of "
                         "different generations have different connectors (Turing's and Ampere's do not mate). "
                         "Within a generation bridges work across families (NVL010).",
                         R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         "NVIDIA product pages (NVLink support, compatible bridges); GA102 whitepaper; Puget Systems' NVLink compatibility charts (2019 and 2021: Turing bridges do not fit Ampere cards, same-generation ones do)."};
  return d;
}

void Nvl001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& g : b.gpus) {
    if (!g.part->nvlink) {
      out.push_back(make(fmt::format("{} has no NVLink; the bridge {} cannot join it", g.part->id, b.bridge->id),
                         {g.part->id, b.bridge->id}, "remove the bridge; the cards talk over PCIe"));
      continue;
    }
    // Every bridge model of the build (two pairs may use different ones).
    std::vector<const NvlinkBridge*> models;
    for (const auto& e : b.bridges) models.push_back(e.part);
    if (models.empty()) models.push_back(b.bridge);
    for (const NvlinkBridge* br : models)
      if (g.part->nvlink->gen != br->gen)
        out.push_back(make(fmt::format("{} is an NVLink {} bridge; {} has NVLink {}", br->id, br->gen, g.part->id,
                                       g.part->nvlink->gen),
                           {g.part->id, br->id}, "use a bridge of the card's NVLink generation"));
  }
}

}  // namespace rigplan::rules

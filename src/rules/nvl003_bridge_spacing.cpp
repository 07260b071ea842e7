// NVL003: the bridge's slot spacing against the distance between the bridged cards.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Nvl003)

const RuleDoc& Nvl003::doc() const {
  static const RuleDoc d{"NVL003", "bridge-spacing", Severity::Error, PlannerAction::NextBridge,
                         needs({Need::Bridge, Need::Board}),
                         "slots the bridge's spacing apart, or a bridge of the spacing the slots have",
                         "For each pair of bridged GPUs (in slot order), the distance between their slot positions "
                         "against the bridge's spacing (2-, 3- or 4-slot).",
                         "Bridges are rigid: a 4-slot bridge only reaches cards exactly four openings apart. The "
                         "spacing must match the board's slot layout.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         "NVIDIA NVLink bridge product pages (slot spacing); the board manual's slot positions."};
  return d;
}

void Nvl003::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  std::vector<const PlacedCard*> gpus;
  for (const auto& c : ctx.placement.cards)
    if (c.is_gpu && !c.slot.empty()) gpus.push_back(&c);
  std::sort(gpus.begin(), gpus.end(), [](auto* x, auto* y) { return x->position < y->position; });
  std::vector<int> gaps;
  for (std::size_t i = 0; i + 1 < gpus.size(); i += 2) gaps.push_back(gpus[i + 1]->position - gpus[i]->position);
  // With two bridge models (a 3-slot and a 4-slot one), each pair takes the one that spans it.
  auto bridge_of = b.bridges_for_gaps(gaps);
  for (std::size_t i = 0; i + 1 < gpus.size(); i += 2) {
    if (!gpus[i]->riser.empty() || !gpus[i + 1]->riser.empty()) continue;  // cards on risers: the frame sets the spacing
    const NvlinkBridge* br = bridge_of[i / 2];
    if (!br) break;  // no bridge left for this pair: NVL002 counts them
    int gap = gaps[i / 2];
    if (gap != br->slot_spacing)
      out.push_back(make(fmt::format("{} and {} are {} openings apart ({} and {}); {} spans {}", gpus[i]->slot,
                                     gpus[i + 1]->slot, gap, gpus[i]->position, gpus[i + 1]->position, br->id,
                                     br->slot_spacing),
                         {br->id}, fmt::format("use a {}-slot bridge", gap)));
  }
}

}  // namespace rigplan::rules

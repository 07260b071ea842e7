// THM001: thick open-air or flow-through cards with no free opening between them.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Thm001)

const RuleDoc& Thm001::doc() const {
  static const RuleDoc d{"THM001", "cards-packed", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "a free slot between the cards, blower-style cards, or a board with its x16 slots "
                         "further apart",
                         "Two GPUs where the upper one has an open-air or flow-through cooler and the next card "
                         "sits in the opening right below it, leaving no gap.",
                         "Axial-fan coolers pull air from below the card; packed against the next card they starve, "
                         "run past 80 C and throttle (84-90 C). Blower cards exhaust out of the back and tolerate it.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}]})",
                         "Hugging Face, 'Custom hardware for training' (below 80 C fine, throttling from 84-90 C); Dive "
                         "into Deep Learning (leave a free slot between cards; prefer blower designs for multi-GPU)."};
  return d;
}

void Thm001::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  std::vector<const PlacedCard*> gpus;
  for (const auto& c : ctx.placement.cards)
    if (c.is_gpu && !c.slot.empty()) gpus.push_back(&c);
  std::sort(gpus.begin(), gpus.end(), [](auto* x, auto* y) { return x->position < y->position; });
  for (std::size_t i = 0; i + 1 < gpus.size(); ++i) {
    const Gpu& top = *b.gpus[gpus[i]->entry].part;
    bool axial = top.cooler == "open_air" || top.cooler == "flow_through";
    if (!gpus[i]->riser.empty() || !gpus[i + 1]->riser.empty()) continue;  // on risers the cards are not stacked
    if (axial && gpus[i + 1]->position == gpus[i]->covers_to + 1)
      out.push_back(make(fmt::format("{} ({} cooler) in {} has {} directly below it in {}: no air gap", top.id,
                                     top.cooler, gpus[i]->slot, gpus[i + 1]->part, gpus[i + 1]->slot),
                         {top.id, gpus[i + 1]->part}, "leave a free slot (about 60 mm, per D2L) between cards, or use blower cards"));
  }
}

}  // namespace rigplan::rules

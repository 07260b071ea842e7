// PCIE001: a card that no slot can take, or that sits in a slot the board disables.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pcie001)

const RuleDoc& Pcie001::doc() const {
  static const RuleDoc d{"PCIE001", "no-slot", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Board}),
                         "fewer GPUs, a board with more x16 slots (overlay one with --catalog), or a whole "
                         "server (`rigplan catalog list --kind node`; D2L: 8 GPUs call for a dual-socket "
                         "server)",
                         "Every GPU and NIC gets a slot: a free slot of the right size, not covered by another card, "
                         "and not disabled by lane sharing.",
                         "A card without a working slot is a card you cannot use. Boards disable some slots when an "
                         "M.2 socket or another slot that shares their lanes is populated.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         "The board manual's slot list and lane-sharing table."};
  return d;
}

void Pcie001::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  for (const auto& c : ctx.placement.cards) {
    if (c.slot.empty())
      out.push_back(make(fmt::format("no free slot on {} for {} (every usable slot is taken or covered)", b.board->id, c.part),
                         {c.part, b.board->id}, "use a board with more x16 slots, thinner cards, or fewer cards"));
    else if (c.slot_lanes == 0)
      out.push_back(make(fmt::format("{} in {} on {}: the slot is disabled by lane sharing with what else is installed",
                                     c.part, c.slot, b.board->id),
                         {c.part, b.board->id}, "move the card, or free the M.2 socket or slot that shares its lanes"));
  }
}

}  // namespace rigplan::rules

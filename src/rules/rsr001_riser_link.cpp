// RSR001: a riser that slows or narrows a card's link below what card and slot would train at.
// The link trains at the lowest generation and width of the three parts it crosses (card, riser,
// slot), so a PCIe 3.0 riser holds a PCIe 4.0 card in a PCIe 4.0 slot to 3.0, and an x1 mining
// riser holds an x16 card to x1.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Rsr001)

const RuleDoc& Rsr001::doc() const {
  static const RuleDoc d{"RSR001", "riser-link", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "a riser of the card's and slot's PCIe generation and width, or the card in its "
                         "slot",
                         "Each card on a riser: whether the riser's generation or width is below the link the card "
                         "and its slot would train at without it.",
                         "Link training settles on the highest generation and width every part of the channel "
                         "supports. A slower or narrower riser cuts host-to-GPU bandwidth for data loading, "
                         "gradient all-reduce over PCIe and model loading; x1 mining risers cut it sixteenfold.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "generic-usb-x1-mining-riser"}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})",
                         "PCI Express Base Specification, link training (LTSSM): the link runs at the highest rate "
                         "and width both ends and the channel support; the riser maker's rated generation and width."};
  return d;
}

void Rsr001::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  for (const auto& c : ctx.placement.cards) {
    if (!c.is_gpu || c.riser.empty() || c.slot.empty()) continue;
    if (c.lanes >= c.lanes_without_riser && c.gen >= c.gen_without_riser) continue;
    out.push_back(make(fmt::format("{} in {} on {}: the link trains at PCIe {} x{} ({:.1f} GB/s per direction) instead of "
                                   "PCIe {} x{} without the riser",
                                   c.part, c.slot, c.riser, c.gen, c.lanes, c.bandwidth_gb_s, c.gen_without_riser,
                                   c.lanes_without_riser),
                       {c.part, c.riser}, "use a riser rated for the slot's generation and width"));
  }
  (void)b;
}

}  // namespace rigplan::rules

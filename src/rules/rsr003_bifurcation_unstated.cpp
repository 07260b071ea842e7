// RSR003: a card on a bifurcation riser in a slot whose bifurcation support the board entry does
// not state. An x16-to-x8x8 (or x4x4x4x4) riser is passive: the split is the root port's, so the
// slot must be set to that mode in the firmware, and only boards whose BIOS offers the mode for
// that slot can run more than the first card. Where the board entry lists the modes, a slot
// without the mode is refused outright (placement skips it; a user-given slot is exit 2).
#include <set>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Rsr003)

const RuleDoc& Rsr003::doc() const {
  static const RuleDoc d{"RSR003", "bifurcation-unstated", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Board}),
                         "the slot's bifurcation modes from the board's manual, or a board that lists them",
                         "Each slot holding a bifurcation riser (several cards on one slot's lanes) whose board entry "
                         "does not list the bifurcation modes its firmware offers for that slot.",
                         "A passive bifurcation riser gives each card a share of the slot's lanes only when the "
                         "firmware splits the slot's root port (x8x8, x4x4x4x4); without that option only the first "
                         "card links. The board entry lists the modes where its manual was read.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w"}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "linkup-ultra-pcie4-x16-riser-300"}]})",
                         "PCI Express Base Specification: link width is negotiated per root port, and a port splits "
                         "only as the platform firmware configures it; board manuals list the per-slot options."};
  return d;
}

void Rsr003::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  std::set<std::string> told;
  for (const auto& c : ctx.placement.cards) {
    if (!c.is_gpu || c.slot.empty() || !b.gpus[c.entry].riser || !b.gpus[c.entry].riser->bifurcates()) continue;
    if (!told.insert(c.slot).second) continue;
    const Riser& r = *b.gpus[c.entry].riser;
    for (const auto& s : b.board->slots) {
      if (s.name != c.slot || s.bifurcation_stated()) continue;
      out.push_back(make(fmt::format("{} in {} needs the slot split {}; the {} entry does not say whether its firmware "
                                     "offers that for {}",
                                     r.id, c.slot, r.bifurcation_mode(), b.board->id, c.slot),
                         {r.id, b.board->id},
                         fmt::format("check the board manual's PCIe bifurcation options for {} and set it to {}; "
                                     "without the split only one card on the riser links",
                                     c.slot, r.bifurcation_mode())));
    }
  }
}

}  // namespace rigplan::rules

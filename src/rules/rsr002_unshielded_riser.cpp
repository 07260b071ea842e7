// RSR002: PCIe 4.0 or 5.0 through a passive riser without shielding.
// At 16 and 32 GT/s the channel's loss and crosstalk budget is small; an unshielded ribbon with
// no redriver or retimer is a known source of corrected and uncorrected link errors (AER, WHEA
// 0x124, "GPU has fallen off the bus") and of links that only train at a lower generation.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Rsr002)

// The first PCIe generation at which an unshielded passive riser is a known cause of link errors.
constexpr int kUnshieldedRiserMaxSafeGen = 3;

const RuleDoc& Rsr002::doc() const {
  static const RuleDoc d{"RSR002", "unshielded-riser", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "a shielded, redriven or retimed riser, or the slot set to PCIe Gen 3 in the "
                         "firmware",
                         "Each card on a passive (no redriver or retimer), unshielded riser whose link trains at "
                         "PCIe 4.0 or above.",
                         "PCIe 4.0 doubles the signalling rate of 3.0 (16 GT/s) and 5.0 doubles it again; the channel "
                         "budget leaves little for a ribbon cable, and unshielded risers are a common cause of link "
                         "errors and crashes. Setting the slot to Gen 3 in the firmware, or a shielded or retimed "
                         "riser, avoids them.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "<an unshielded passive PCIe 4.0 riser>"}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})",
                         "PCI-SIG, PCI Express 4.0 and 5.0 Card Electromechanical specifications (channel loss "
                         "budgets at 16 and 32 GT/s); riser makers rate shielded twinax cables for Gen 4 (e.g. "
                         "LINKUP Ultra PCIe 4.0, 'EMI shielded')."};
  return d;
}

void Rsr002::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  for (const auto& c : ctx.placement.cards) {
    if (!c.is_gpu || c.slot.empty() || !b.gpus[c.entry].riser) continue;
    const Riser& r = *b.gpus[c.entry].riser;
    if (r.signal != "passive" || r.shielded || c.gen <= kUnshieldedRiserMaxSafeGen) continue;
    out.push_back(make(fmt::format("{} in {} trains at PCIe {} over {}, a passive riser without shielding", c.part,
                                   c.slot, c.gen, r.id),
                       {c.part, r.id}, "set the slot to Gen 3 in the firmware, or use a shielded, redriven or retimed riser"));
  }
}

}  // namespace rigplan::rules

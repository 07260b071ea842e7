// NET002: an OCP mezzanine NIC. It takes the server's OCP NIC 2.0/3.0 slot, not a PCIe slot,
// so placement leaves it out; the catalog's boards do not record OCP slots, so rigplan cannot
// say whether the board has one. The rule says so rather than passing the card silently.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Net002)

const RuleDoc& Net002::doc() const {
  static const RuleDoc d{"NET002", "nic-ocp-slot", Severity::Info, PlannerAction::RuleOutPlatform,
                         "Whether a NIC is an OCP NIC 2.0/3.0 mezzanine card, which needs the board's OCP slot.",
                         "OCP cards do not fit a PCIe slot; most server boards have one OCP 3.0 slot (some none, "
                         "some wired x8 only), and desktop boards have none. rigplan's board data does not record "
                         "OCP slots, so check the board's manual.",
                         R"({"nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})",
                         R"({"nics": [{"part": "nvidia-connectx-7-ndr"}]})",
                         "OCP NIC 3.0 Design Specification (Open Compute Project); the adapter's user manual."};
  return d;
}

void Net002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& n : b.nics) {
    if (n.part->takes_pcie_slot()) continue;
    out.push_back(make(fmt::format("{} is an {} mezzanine card: it needs an OCP slot on the board{}", n.part->id,
                                   n.part->ocp_name(),
                                   b.board ? fmt::format(" (rigplan's data for {} does not say whether it has one)", b.board->id)
                                           : ""),
                       {n.part->id}, "use a PCIe card, or confirm the board's OCP slot and its lanes"));
  }
}

}  // namespace rigplan::rules

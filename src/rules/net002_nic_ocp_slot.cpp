// NET002: an OCP mezzanine NIC. It takes the server's OCP NIC 2.0/3.0 slot, not a PCIe slot,
// so placement leaves it out. Where the board entry counts its OCP slots (ocp_slots, from the
// page its slot list comes from: 0 on the desktop boards), more OCP cards than slots is an error:
// the card cannot be installed (issue 29: an OCP NIC on a desktop board was only a note). Where
// the entry does not say, the rule notes it rather than passing the card silently.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Net002)

const RuleDoc& Net002::doc() const {
  static const RuleDoc d{"NET002", "nic-ocp-slot", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({}, {Need::Board}),
                         "the PCIe version of the NIC, or a board with an OCP 3.0 slot",
                         "OCP NIC 2.0/3.0 mezzanine cards against the board's OCP slots: an error when the board "
                         "entry counts fewer (the desktop boards have none); a note when it does not say.",
                         "OCP cards do not fit a PCIe slot: without the board's OCP connector the card cannot be "
                         "installed at all. Most server boards have one OCP 3.0 slot (some none, some wired x8 "
                         "only); desktop boards have none. Where rigplan's board data does not count OCP slots, "
                         "check the board's manual.",
                         R"({"nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})",
                         R"({"nics": [{"part": "nvidia-connectx-7-ndr"}]})",
                         "OCP NIC 3.0 Design Specification (Open Compute Project); the adapter's user manual; the "
                         "board's manual or spec page (its expansion slots).",
                         Severity::Info};
  return d;
}

void Net002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  int ocp_cards = 0;
  for (const auto& n : b.nics)
    if (!n.part->takes_pcie_slot()) ocp_cards += n.count;
  for (const auto& n : b.nics) {
    if (n.part->takes_pcie_slot()) continue;
    if (b.board && b.board->ocp_slots) {
      int slots = *b.board->ocp_slots;
      if (ocp_cards <= slots) continue;
      out.push_back(make(slots == 0 ? fmt::format("{} is an {} mezzanine card and {} has no OCP slot: the card cannot be "
                                                  "installed", n.part->id, n.part->ocp_name(), b.board->id)
                                    : fmt::format("{} OCP mezzanine cards and {} has {} OCP slot{}: {} cannot be installed",
                                                  ocp_cards, b.board->id, slots, slots == 1 ? "" : "s", n.part->id),
                         {n.part->id, b.board->id}, "use the PCIe version of the card, or a board with an OCP 3.0 slot"));
      continue;
    }
    Diagnostic d = make(fmt::format("{} is an {} mezzanine card: it needs an OCP slot on the board{}", n.part->id,
                                    n.part->ocp_name(),
                                    b.board ? fmt::format(" (rigplan's data for {} does not say whether it has one)", b.board->id)
                                            : ""),
                        {n.part->id}, "use a PCIe card, or confirm the board's OCP slot and its lanes");
    d.severity = Severity::Info;
    out.push_back(d);
  }
}

}  // namespace rigplan::rules

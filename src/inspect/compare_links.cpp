// PCIe links as built (INS003 width, INS004 generation, INS009 NICs): what each device negotiated
// (nvidia-smi's current_link_*, lspci's LnkSta) against what it can do (max_link_*, LnkCap), the
// catalog part's own link, and the plan's placement. nvidia-smi(1) says of the current link
// generation and width that they "may be reduced when the GPU is not in use": an idle GPU (a
// performance state of P5 or deeper) at Gen1 is power management, not a fault, and is reported as
// an info with the hint to look again under load; the same drop at P0-P2 is a warning.
#include <algorithm>

#include "inspect/findings.hpp"
#include "rigplan/placement.hpp"

namespace rigplan::inspect {

namespace {

// P0..P2 are the performance states of a GPU at work; deeper ones (P5, P8, P12) of an idle GPU.
bool idle(const std::string& pstate) {
  if (pstate.size() < 2 || pstate[0] != 'P') return false;
  return std::atoi(pstate.c_str() + 1) >= 5;
}

// The fewest lanes the plan's placement gives any card of `part` (0 = the plan does not say).
int planned_lanes(const Placement& p, const std::string& part) {
  int lanes = 0;
  for (const auto& c : p.cards)
    if (c.is_gpu && c.part == part && c.lanes > 0) lanes = lanes ? std::min(lanes, c.lanes) : c.lanes;
  return lanes;
}

}  // namespace

void compare_links(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out) {
  Placement placement;
  if (plan && plan->board) placement = place_cards(*plan);
  for (const auto& g : m.gpus) {
    const LinkState& l = g.link;
    std::string who = gpu_label(g);
    std::vector<std::string> parts;
    if (g.part) parts.push_back(g.part->id);
    const char* look_again = "look again while the GPU is busy (nvidia-smi -q -d PERFORMANCE shows P0 under load)";
    if (l.width_current && l.width_max && l.width_current < l.width_max)
      out.push_back(finding("INS003", idle(g.pstate) ? Severity::Info : Severity::Warning,
                            fmt::format("{} negotiated x{} of the x{} it can do ({} of its PCIe bandwidth){}", who,
                                        l.width_current, l.width_max,
                                        fmt::format("{:.0f}%", 100.0 * l.width_current / l.width_max),
                                        idle(g.pstate) ? fmt::format(", while idle ({})", g.pstate) : ""),
                            parts,
                            idle(g.pstate) ? look_again
                                           : "reseat the card; check the slot is wired x16 (boards share lanes between "
                                             "slots and M.2 sockets) and that no riser or cable is x8/x4"));
    if (g.part && l.width_max && l.width_max < g.part->pcie.lanes)
      out.push_back(finding("INS003", fmt::format("{} can only reach x{}: the slot or riser offers fewer lanes than the "
                                                  "card's x{}",
                                                  who, l.width_max, g.part->pcie.lanes),
                            parts, "move the card to a slot wired x16, or check the riser"));
    if (plan && g.part && l.width_current) {
      int want = planned_lanes(placement, g.part->id);
      if (want && l.width_current < want && !(l.width_max && l.width_current < l.width_max))
        out.push_back(finding("INS003", fmt::format("{} runs at x{} where the plan gives it x{}", who, l.width_current, want),
                              parts, "check which slot the card is in against the plan's placement (rigplan check)"));
    }
    if (l.gen_current && l.gen_max && l.gen_current < l.gen_max) {
      bool is_idle = idle(g.pstate);
      out.push_back(finding("INS004", is_idle ? Severity::Info : Severity::Warning,
                            fmt::format("{} runs its link at PCIe Gen{} of the Gen{} it can do{}", who, l.gen_current,
                                        l.gen_max,
                                        is_idle ? fmt::format(", while idle ({}): GPUs lower the link speed when not in "
                                                              "use",
                                                              g.pstate)
                                                : g.pstate.empty() ? "" : fmt::format(" while busy ({})", g.pstate)),
                            parts,
                            is_idle ? look_again
                                    : "a Gen1 link under load is the mark of a bad riser or extension cable; set the "
                                      "slot's generation in the firmware setup rather than Auto, and reseat"));
    }
    if (g.part && l.gen_max && l.gen_max < g.part->pcie.gen)
      out.push_back(finding("INS004", fmt::format("{} can only reach PCIe Gen{}: the slot, riser or CPU caps the card's "
                                                  "Gen{} link",
                                                  who, l.gen_max, g.part->pcie.gen),
                            parts, "a CPU-attached slot of the card's generation gives it full speed"));
  }
  for (const auto& f : m.pci) {
    if (!f.is_nic) continue;
    const LinkState& l = f.link;
    bool narrow = l.width_current && l.width_max && l.width_current < l.width_max;
    bool slow = l.gen_current && l.gen_max && l.gen_current < l.gen_max;
    if (narrow || slow)
      out.push_back(finding("INS009", fmt::format("NIC {} ({}) negotiated Gen{} x{} of the Gen{} x{} it can do", f.address,
                                                  f.name, l.gen_current, l.width_current, l.gen_max, l.width_max),
                            {}, "a NIC starved of PCIe bandwidth cannot fill its ports; move it to a CPU slot of its width and generation"));
  }
}

}  // namespace rigplan::inspect

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

// The least the plan's placement gives any card of `part` in `field` (lanes or gen); 0 = unknown.
int planned(const Placement& p, const std::string& part, int PlacedCard::*field) {
  int v = 0;
  for (const auto& c : p.cards)
    if (c.is_gpu && c.part == part && c.*field > 0) v = v ? std::min(v, c.*field) : c.*field;
  return v;
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
    bool is_idle = idle(g.pstate);
    const char* look_again = "look again while the GPU is busy (nvidia-smi -q -d PERFORMANCE shows P0 under load)";
    // What the plan's placement gives this model (0 = no plan, or no board to place on).
    int want_lanes = g.part ? planned(placement, g.part->id, &PlacedCard::lanes) : 0;
    int want_gen = g.part ? planned(placement, g.part->id, &PlacedCard::gen) : 0;

    // Width: negotiated below what card and slot allow (nvidia-smi's max is both together, NVML
    // nvmlDeviceGetMaxPcieLinkWidth; lspci's LnkCap is the card's alone).
    if (l.width_current && l.width_max && l.width_current < l.width_max && !(want_lanes && l.width_current >= want_lanes))
      out.push_back(finding("INS003", is_idle ? Severity::Info : Severity::Warning,
                            fmt::format("{} negotiated x{} of the x{} it can reach ({:.0f}% of the PCIe bandwidth){}", who,
                                        l.width_current, l.width_max, 100.0 * l.width_current / l.width_max,
                                        is_idle ? fmt::format(", while idle ({})", g.pstate) : ""),
                            parts,
                            is_idle ? look_again
                                    : "reseat the card; check the slot is wired as wide as planned (boards share lanes "
                                      "between slots and M.2 sockets) and that no riser or cable is narrower"));
    else if (want_lanes && l.width_current && l.width_current < want_lanes)
      out.push_back(finding("INS003", fmt::format("{} runs at x{} where the plan gives it x{}", who, l.width_current, want_lanes),
                            parts, "check which slot the card is in against the plan's placement (rigplan check)"));
    // The slot (or riser) offers fewer lanes than the card has: a warning below x8 (as PCIE002)
    // or below what the plan placed it at, else a note.
    if (g.part && l.width_max && l.width_max < g.part->pcie.lanes && !(want_lanes && l.width_max >= want_lanes))
      out.push_back(finding("INS003", l.width_max < 8 || want_lanes ? Severity::Warning : Severity::Info,
                            fmt::format("{} can reach only x{}: its slot or riser offers fewer lanes than the card's x{}",
                                        who, l.width_max, g.part->pcie.lanes),
                            parts, "a CPU-attached slot wired x16 gives the card its full width"));

    // Generation: NVIDIA GPUs lower it when idle (nvidia-smi(1)), so an idle drop is a note.
    if (l.gen_current && l.gen_max && l.gen_current < l.gen_max && !(want_gen && l.gen_current >= want_gen))
      out.push_back(finding("INS004", is_idle ? Severity::Info : Severity::Warning,
                            fmt::format("{} runs its link at PCIe Gen{} of the Gen{} it can reach{}", who, l.gen_current,
                                        l.gen_max,
                                        is_idle ? fmt::format(", while idle ({}): GPUs lower the link speed when not in use",
                                                              g.pstate)
                                        : g.pstate.empty() ? std::string()
                                                           : fmt::format(" while busy ({})", g.pstate)),
                            parts,
                            is_idle ? look_again
                                    : "a low generation under load is the mark of a bad riser or extension cable; set "
                                      "the slot's generation in the firmware setup rather than Auto, and reseat"));
    if (g.part && l.gen_max && l.gen_max < g.part->pcie.gen && !(want_gen && l.gen_max >= want_gen))
      out.push_back(finding("INS004", want_gen ? Severity::Warning : Severity::Info,
                            fmt::format("{} can reach only PCIe Gen{}: the slot, riser or CPU caps the card's Gen{} link",
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

// PCIe links as built (INS003 width, INS004 generation, INS009 NICs): what each device negotiated
// (nvidia-smi's current_link_*, lspci's LnkSta) against what it can do (max_link_*, LnkCap), the
// catalog part's own link, and the plan's placement. nvidia-smi(1) says of the current link
// generation and width that they "may be reduced when the GPU is not in use": an idle GPU (a
// performance state of P5 or deeper) at Gen1 is power management, not a fault, and is reported as
// an info with the hint to look again under load; the same drop at P0-P2 is a warning, and one
// whose state the reports do not give (lspci alone) an info. A link held down by the port above
// the device (lspci's bridge LnkCap, or nvidia-smi's max_host_link_gen) is the platform's design
// (x8/x8 splits, Gen3 root ports): an info naming the port, not "reseat".
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

// Usable PCIe bandwidth per direction in Gb/s: the placement model's per-lane figure (after line
// coding, rigplan/placement.hpp) in bits.
double pcie_gbps(int gen, int lanes) { return pcie_gb_s_per_lane(gen) * 8 * lanes; }

// What a NIC's ports carry at line rate, from the words lspci prints for it ("NetXtreme BCM5720
// 2-port Gigabit Ethernet", "Ethernet 10G 2P X520"): 0 when the name does not say.
double nic_ports_gbps(const std::string& name) {
  double speed = 0;
  if (name.find("10-Gigabit") != std::string::npos || name.find("10G") != std::string::npos) speed = 10;
  else if (name.find("Gigabit") != std::string::npos) speed = 1;
  if (!speed) return 0;
  int ports = 1;
  for (const char* two : {"2-port", "2-Port", "Dual Port", "Dual-Port", " 2P "}) if (name.find(two) != std::string::npos) ports = 2;
  for (const char* four : {"4-port", "4-Port", "Quad Port", "Quad-Port", " 4P "}) if (name.find(four) != std::string::npos) ports = 4;
  return speed * ports;
}

}  // namespace

void compare_links(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out) {
  Placement placement;
  if (plan && plan->board) placement = place_cards(*plan);
  // GPUs at x8 of x16 with no port above them in the reports: two or more of them are the mark of
  // a board that splits one x16 between two slots (x8/x8), not of a seating fault.
  int half_width = 0;
  for (const auto& g : m.gpus)
    if (g.link.host_port.empty() && g.link.width_current == 8 && g.link.width_max == 16) ++half_width;
  for (const auto& g : m.gpus) {
    const LinkState& l = g.link;
    std::string who = gpu_label(g);
    std::vector<std::string> parts;
    if (g.part) parts.push_back(g.part->id);
    bool is_idle = idle(g.pstate);
    bool state_unknown = g.pstate.empty();
    const char* look_again = "look again while the GPU is busy (nvidia-smi -q -d PERFORMANCE,PCI shows P0 and the link under load)";
    std::string host = l.host_port.empty() ? std::string("the host") : "the port above it (" + l.host_port + ")";
    // What the plan's placement gives this model (0 = no plan, or no board to place on).
    int want_lanes = g.part ? planned(placement, g.part->id, &PlacedCard::lanes) : 0;
    int want_gen = g.part ? planned(placement, g.part->id, &PlacedCard::gen) : 0;

    // Width: negotiated below what card and slot allow (nvidia-smi's max is both together, NVML
    // nvmlDeviceGetMaxPcieLinkWidth; lspci's LnkCap is the card's alone).
    bool narrow = l.width_current && l.width_max && l.width_current < l.width_max;
    bool host_narrow = narrow && l.host_width_max && l.host_width_max <= l.width_current;
    bool short_of_plan = narrow && !(want_lanes && l.width_current >= want_lanes);
    // The port above is no wider than the link: the slot's wiring. x8 is the board's split of its
    // lanes (x8/x8); below x8 the slot starves a GPU (as PCIE002 says of a build), so warn.
    if (short_of_plan && !want_lanes && host_narrow)
      out.push_back(finding("INS003", l.host_width_max < 8 ? Severity::Warning : Severity::Info,
                            fmt::format("{} runs at x{} of its x{}: {} is wired x{}{}", who, l.width_current, l.width_max, host,
                                        l.host_width_max, l.host_width_max == 8 ? ", the board's x8/x8 split of its lanes" : ""),
                            parts,
                            l.host_width_max < 8 ? "the slot's wiring, not the seating: move the card to a CPU-attached slot wired x16 or x8"
                                                 : "not a seating fault; a slot wired x16 (the board's manual lists them) gives the card its full width"));
    else if (short_of_plan && !want_lanes && !is_idle && half_width >= 2 && l.width_current == 8 && l.width_max == 16)
      out.push_back(finding("INS003", Severity::Info,
                            fmt::format("{} runs at x8 of its x16, as {} GPUs do: an x8/x8 split, as a board that shares "
                                        "one x16 between two slots wires them", who, half_width),
                            parts, "compare with the board's slot table (rigplan check on the build names the split); "
                                   "a card alone in an x16 slot at x8 would be a fault"));
    else if (short_of_plan)
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

    // Generation: NVIDIA GPUs lower it when idle (nvidia-smi(1)), so an idle drop is a note, and
    // so is one whose state the reports do not give (lspci has no performance state). A host port
    // of a lower generation caps the link by design.
    bool slow = l.gen_current && l.gen_max && l.gen_current < l.gen_max;
    bool host_slow = slow && l.host_gen_max && l.host_gen_max <= l.gen_current;
    bool slow_of_plan = slow && !(want_gen && l.gen_current >= want_gen);
    if (slow_of_plan && !want_gen && host_slow)
      out.push_back(finding("INS004", Severity::Info,
                            fmt::format("{} runs its link at PCIe Gen{} of its Gen{}: {} can do only Gen{}", who, l.gen_current,
                                        l.gen_max, host, l.host_gen_max),
                            parts, "the platform caps the link, not the card's seating; a slot of the card's generation gives it full speed"));
    else if (slow_of_plan)
      out.push_back(finding("INS004", is_idle || state_unknown ? Severity::Info : Severity::Warning,
                            fmt::format("{} runs its link at PCIe Gen{} of the Gen{} it can reach{}", who, l.gen_current,
                                        l.gen_max,
                                        is_idle ? fmt::format(", while idle ({}): GPUs lower the link speed when not in use",
                                                              g.pstate)
                                        : state_unknown ? std::string(": the reports do not say whether it was busy, and GPUs "
                                                                      "lower the link speed when idle")
                                                        : fmt::format(" while busy ({})", g.pstate)),
                            parts,
                            is_idle || state_unknown
                                ? look_again
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
    if (!narrow && !slow) continue;
    // Capped by the port above it (its LnkCap no more than what the NIC negotiated): the slot's design.
    bool by_host = (!narrow || (l.host_width_max && l.host_width_max <= l.width_current)) &&
                   (!slow || (l.host_gen_max && l.host_gen_max <= l.gen_current));
    // A link that still carries every port at line rate starves nothing (a dual-port gigabit LOM at x1).
    double need = nic_ports_gbps(f.name), have = pcie_gbps(l.gen_current, l.width_current);
    bool enough = need > 0 && have >= need;
    std::string why = by_host ? fmt::format(": the port above it ({}) offers Gen{} x{}", l.host_port, l.host_gen_max,
                                            l.host_width_max)
                      : enough ? fmt::format(", which still carries its ports' {:g} Gb/s ({:.0f} Gb/s)", need, have)
                               : "";
    out.push_back(finding("INS009", by_host || enough ? Severity::Info : Severity::Warning,
                          fmt::format("NIC {} ({}) negotiated Gen{} x{} of the Gen{} x{} it can do{}", f.address, f.name,
                                      l.gen_current, l.width_current, l.gen_max, l.width_max, why),
                          {}, "a NIC starved of PCIe bandwidth cannot fill its ports; move it to a CPU slot of its width and generation"));
  }
}

}  // namespace rigplan::inspect

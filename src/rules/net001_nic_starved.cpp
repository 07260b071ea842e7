// NET001: a NIC whose PCIe link cannot carry its ports.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Net001)

const RuleDoc& Net001::doc() const {
  static const RuleDoc d{"NET001", "nic-starved", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "a slot wired with enough lanes for the NIC, or a board or CPU with more lanes",
                         "A NIC's negotiated PCIe bandwidth against its ports' line rate.",
                         "A 200 Gb/s HDR adapter needs PCIe 4.0 x16 (about 31.5 GB/s); in an x4 or Gen3 slot it "
                         "cannot reach line rate and the fabric waits on it.",
                         R"({"nics": [{"part": "nvidia-connectx-7-ndr", "slots": ["PCIEX16_2"]}]})",
                         R"({"nics": [{"part": "nvidia-connectx-7-ndr200", "slots": ["PCIEX16_2"]}]})",
                         "PCI-SIG base specifications (per-lane rates) and the adapter's port speed."};
  return d;
}

void Net001::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  for (const auto& c : ctx.placement.cards) {
    if (c.is_gpu || c.slot.empty()) continue;
    const Nic& n = *b.nics[c.entry].part;
    double need_gb_s = n.speed_gbps * n.ports / 8.0;
    if (c.bandwidth_gb_s + 1e-9 < need_gb_s)
      out.push_back(make(fmt::format("{} in {} gets {:.1f} GB/s (PCIe {} x{}) < {:.1f} GB/s for {}x {} Gb/s", c.part,
                                     c.slot, c.bandwidth_gb_s, c.gen, c.lanes, need_gb_s, n.ports, num(n.speed_gbps)),
                         {c.part}, "give the NIC a slot wired for its full link"));
  }
}

}  // namespace rigplan::rules

// CON001: one PCIe cable per 8-pin/6-pin socket, and connectors that can deliver the card's power.
#include "rules/con_budget.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Con001)

const RuleDoc& Con001::doc() const {
  static const RuleDoc d{"CON001", "pcie-cables", Severity::Error, PlannerAction::NextPsu,
                         needs({}, {Need::Psu}),
                         "a PSU with one PCIe cable per 8/6-pin socket (overlay one with --catalog), fewer "
                         "GPUs, or a power limit within what the card's slot and connectors deliver",
                         "The PCIe 8-pin/6-pin sockets on all cards against the PSU's independent PCIe cables "
                         "(cables, not plugs); and a power limit raised above the card's rated power against what its "
                         "slot and connectors may deliver (a card's own rating is the maker's design: the RTX A5000 "
                         "is rated 230 W on a slot and one 8-pin).",
                         "Each 8-pin carries 150 W; a pigtail feeding two sockets from one cable doubles the current "
                         "in that cable and can starve the card or melt a connector. Count cables, not plugs.",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 4}]})",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         "PCI Express CEM specification (slot 75 W, 6-pin 75 W, 8-pin 150 W); Hugging Face, "
                         "'Custom hardware for training' (no pigtails)."};
  return d;
}

void Con001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& g : b.gpus) {
    const auto& pc = g.part->power_connectors;
    if (g.part->form_factor != "pcie") continue;
    double deliverable = kSlotW + pc.pcie_6pin * kSixPinW + pc.pcie_8pin * kEightPinW + pc.hpwr_12v * kHpwrW +
                         pc.eps_8pin * kEpsGpuW;
    double want = Build::card_power_w(g);
    if (want > deliverable && want > g.part->tdp_w)
      out.push_back(make(fmt::format("{} is budgeted at {} but its slot and connectors deliver at most {}", g.part->id,
                                     watts(want), watts(deliverable)),
                         {g.part->id}, fmt::format("set power_limit_w to {} or less", watts(deliverable))));
  }
  if (!b.psu) return;
  CableNeeds need = cable_needs(b);
  PsuConnectors cables = b.psu_cables();
  if (!cables.known) return;  // CON004 says the cables are not known
  int have = cables.pcie_8pin;
  if (need.pcie_8pin > have)
    out.push_back(make(fmt::format("the GPUs have {} PCIe 8/6-pin sockets; {} has {} PCIe cables", need.pcie_8pin,
                                   cable_supplier(b), have),
                       {cable_supplier(b)}, "use a PSU with a cable per socket; do not feed two sockets from one pigtail"));
}

}  // namespace rigplan::rules

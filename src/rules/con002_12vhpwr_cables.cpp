// CON002: 12VHPWR / 12V-2x6 sockets: native cables, or adapters from spare 8-pin cables.
#include "rules/con_budget.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Con002)

const RuleDoc& Con002::doc() const {
  static const RuleDoc d{"CON002", "12vhpwr-cables", Severity::Error, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a PSU with a native 12V-2x6 cable per card, or spare PCIe 8-pin cables for the "
                         "adapters (overlay one with --catalog), or fewer GPUs",
                         "The 12VHPWR/12V-2x6 sockets on all cards against the PSU's native cables; sockets beyond "
                         "those need the card's adapter, fed by one spare PCIe 8-pin cable per 150 W (2-4).",
                         "A 450-600 W card through an adapter needs three or four separate 8-pin cables; with too few, "
                         "the card limits itself or will not start. Native cables are the safer path.",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 1}]})",
                         "PCI Express CEM 5.0 (12VHPWR up to 600 W; 8-pin 150 W); NVIDIA's 12VHPWR adapters.",
                         Severity::Warning};
  return d;
}

void Con002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.psu_cables().known) return;  // CON004 says the cables are not known
  CableNeeds need = cable_needs(b);
  PsuConnectors supply = b.psu_cables();
  int native = supply.hpwr_12v;
  if (need.hpwr <= native) return;
  int spare = supply.pcie_8pin - need.pcie_8pin;
  int adapters = need.hpwr - native, cables = 0;
  // Adapters go on the most power-hungry cards last; count per card in build order.
  int left = adapters;
  for (auto it = b.gpus.rbegin(); it != b.gpus.rend() && left > 0; ++it) {
    int sockets = it->part->power_connectors.hpwr_12v * it->count;
    int here = std::min(left, sockets);
    cables += here * adapter_cables(Build::card_power_w(*it));
    left -= here;
  }
  if (cables <= spare) {
    Diagnostic d = make(fmt::format("{} 12V-2x6 sockets but {} native cable(s) on {}: {} socket(s) need adapters using "
                                    "{} of the {} spare PCIe 8-pin cables",
                                    need.hpwr, native, cable_supplier(b), adapters, cables, spare),
                        {cable_supplier(b)}, "a PSU with native 12V-2x6 cables for every card avoids adapters");
    d.severity = Severity::Warning;
    out.push_back(d);
  } else {
    out.push_back(make(fmt::format("{} 12V-2x6 sockets: {} native cable(s) on {}, and adapters for the rest need {} "
                                   "PCIe 8-pin cables but only {} are spare",
                                   need.hpwr, native, cable_supplier(b), cables, spare < 0 ? 0 : spare),
                       {cable_supplier(b)}, "use a PSU with a native 12V-2x6 cable per card"));
  }
}

}  // namespace rigplan::rules

// CON005: a 16-pin 12VHPWR / 12V-2x6 socket loaded near its 600 W ceiling through an adapter, or
// through a native cable whose sense pins signal less than the card draws. The connector's two
// sideband pins (SENSE0/SENSE1) tell the card what the cable may carry: 150, 300, 450 or 600 W
// (PCIe CEM 5.0; Intel ATX 3.0/3.1, 12V-2x6 from 3.1). NVIDIA's adapter for RTX 40/50 cards
// signals 600 W only with four 8-pin plugs connected and 450 W with three. The melted connectors
// of 2022-2025 were 450-600 W cards on one 16-pin socket, most through adapters or with plugs not
// fully seated; a card at or above kHpwrHighLoadW per socket is that case. A native cable whose
// rating the catalog lacks is "not verified" at that load, never a pass.
#include "rules/con_budget.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Con005)

// Per-socket load from which a 16-pin connection is the documented melting case: the RTX 4090's
// 450 W, the lowest board power among the cards in the 2022-2025 reports.
constexpr double kHpwrHighLoadW = 450;
// 8-pin plugs NVIDIA's 16-pin adapter needs to signal each rating (RTX 4090/5090 adapter notes).
constexpr int kAdapterPlugsFor600W = 4, kAdapterPlugsFor450W = 3;

const RuleDoc& Con005::doc() const {
  static const RuleDoc d{"CON005", "12v-2x6-load", Severity::Warning, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a PSU with a native 12V-2x6 cable rated for each card's draw, or a lower power "
                         "limit on the cards",
                         "Each GPU that draws 450 W or more through one 16-pin 12VHPWR / 12V-2x6 socket: fed through an "
                         "adapter from PCIe 8-pin cables (the PSU has too few native 16-pin cables), or through a "
                         "native cable whose sense pins signal less than the card draws (the PSU's 12vhpwr_cable_w), "
                         "or whose rating the catalog does not state (not verified).",
                         "Sixteen small pins carry up to 50 A at 600 W. The melted connectors reported since 2022 were "
                         "450-600 W cards on one socket, most through adapters or with plugs not fully seated; a "
                         "cable rated below the draw runs its pins past their rating.",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe"}]})",
                         R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe", "power_limit_w": 400}]})",
                         "PCI Express CEM 5.0 (12VHPWR: 600 W, sense pins for 150/300/450/600 W); Intel ATX 3.0 and 3.1 "
                         "design guides (12V-2x6 connector and its sideband signals); NVIDIA's 16-pin adapter notes for "
                         "GeForce RTX 40/50 (four 8-pin plugs for 600 W, three for 450 W)."};
  return d;
}

void Con005::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.psu_cables().known) return;  // CON004 says the cables are not known
  PsuConnectors supply = b.psu_cables();
  // Native cables go to the cards in build order; the rest are adapted (as CON002 counts them).
  int native_left = supply.hpwr_12v;
  for (const auto& g : b.gpus) {
    int sockets = g.part->power_connectors.hpwr_12v;
    if (sockets == 0) continue;
    double per_socket = Build::card_power_w(g) / sockets;
    int cards_native = std::min(g.count, native_left / sockets);
    native_left -= cards_native * sockets;
    if (per_socket < kHpwrHighLoadW) continue;
    int adapted = g.count - cards_native;
    if (adapted > 0)
      out.push_back(make(
          fmt::format("{} of {} {} draws {} through one 16-pin socket fed by an adapter from PCIe 8-pin cables ({} "
                      "has {} native 16-pin cable(s)): the adapter signals 600 W only with all {} 8-pin plugs "
                      "connected ({} W with {}), and a 16-pin plug at this load is the documented melting case",
                      adapted, g.count, g.part->id, watts(per_socket), cable_supplier(b), supply.hpwr_12v,
                      kAdapterPlugsFor600W, kHpwrHighLoadW, kAdapterPlugsFor450W),
          {g.part->id, cable_supplier(b)},
          "use a PSU with a native 12V-2x6 cable per card (ATX 3.1), seat the plug fully, or limit the card below "
          "450 W"));
    if (cards_native > 0 && !supply.hpwr_cable_w)  // the rating decides, and the catalog lacks it
      out.push_back(make(fmt::format("{} draws {} per 16-pin socket through {}'s native 12V-2x6 cable, whose rating "
                                     "(what its sense pins signal: 150-600 W) the catalog does not state: not verified",
                                     g.part->id, watts(per_socket), cable_supplier(b)),
                         {g.part->id, cable_supplier(b)},
                         fmt::format("check the PSU's manual or the cable's label for a rating of at least {} (600 W "
                                     "for a 12V-2x6 cable that may carry a full card)",
                                     watts(per_socket))));
    else if (cards_native > 0 && *supply.hpwr_cable_w < per_socket)
      out.push_back(make(fmt::format("{} draws {} per 16-pin socket but {}'s native 12V-2x6 cables signal {} on their "
                                     "sense pins",
                                     g.part->id, watts(per_socket), cable_supplier(b), watts(*supply.hpwr_cable_w)),
                         {g.part->id, cable_supplier(b)},
                         fmt::format("use a 600 W-rated cable, or limit the card to {} or less", watts(*supply.hpwr_cable_w))));
  }
}

}  // namespace rigplan::rules

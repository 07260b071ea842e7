// PCIE005: the chipset's uplink to the CPU against the devices behind the chipset. Every slot and
// M.2 socket the board wires to the chipset shares one link to the CPU (Intel's DMI, AMD's PCIe
// uplink), so their links together can ask for more than it carries: three Gen4 x4 drives behind
// a B760 (DMI 4.0 x4, 7.9 GB/s) can read 23.6 GB/s between them only one at a time. The uplink of
// each chipset is in kUplinks below, with its source; a chipset not listed is skipped, and said
// so, when devices sit behind it. Bandwidth is per direction, PCIe payload after encoding
// (pcie_gb_s_per_lane); the chipset's own SATA, USB and network ports share the uplink too and
// are not counted, so the shortfall shown is a lower bound.
#include <algorithm>

#include <fmt/format.h>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pcie005)

namespace {

struct Uplink {
  const char* chipset;
  int gen, lanes;
  const char* name;
};

// Sources: Intel 600/700/800-series chipset uplinks, DMI 4.0 x8 on Z690/Z790/Z890 (AnandTech's
// Z690 overview; Corsair, 'Z790 vs Z890: what's the difference', table row 'DMI: x8 Gen 4';
// TechPowerUp's Arrow Lake review: 'connects to the Z890 chipset over a DMI 4.0 x8 chipset bus')
// and DMI 4.0 x4 on B760 (Hardware Times, 'Intel's Budget B760 Motherboards...': 'x4 PCIe Gen 4
// lanes, down from x8 on the Z790 and H770'). AMD AM5: every chipset links to the CPU by PCIe 4.0
// x4 (Wikipedia, 'Template:AM5 chipsets', row 'Chipset links: To CPU PCIe 4.0 x4'; X670E and
// X870E chain their second Promontory 21 behind the first, over another 4.0 x4).
constexpr Uplink kUplinks[] = {
    {"Z690", 4, 8, "DMI 4.0 x8"}, {"Z790", 4, 8, "DMI 4.0 x8"}, {"Z890", 4, 8, "DMI 4.0 x8"},
    {"B760", 4, 4, "DMI 4.0 x4"}, {"A620", 4, 4, "PCIe 4.0 x4"}, {"B650", 4, 4, "PCIe 4.0 x4"},
    {"B650E", 4, 4, "PCIe 4.0 x4"}, {"X670", 4, 4, "PCIe 4.0 x4"}, {"X670E", 4, 4, "PCIe 4.0 x4"},
    {"B840", 4, 4, "PCIe 4.0 x4"}, {"B850", 4, 4, "PCIe 4.0 x4"}, {"X870", 4, 4, "PCIe 4.0 x4"},
    {"X870E", 4, 4, "PCIe 4.0 x4"},
};

const Uplink* uplink_of(const std::string& chipset) {
  for (const auto& u : kUplinks)
    if (chipset == u.chipset) return &u;
  return nullptr;
}

struct Device {
  std::string what, where;
  double gb_s;
};

}  // namespace

const RuleDoc& Pcie005::doc() const {
  static const RuleDoc d{"PCIE005", "chipset-uplink", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Board}),
                         "fewer devices behind the chipset, or CPU-wired slots for the cards",
                         "The links of the cards and M.2 drives behind the chipset, added up, against the chipset's "
                         "uplink to the CPU (DMI 4.0 x8 on Z790/Z890, x4 on B760; PCIe 4.0 x4 on AMD AM5); an info "
                         "note when the chipset's uplink is not known.",
                         "Devices behind the chipset share its one link to the CPU: busy at once, each gets a share "
                         "of it, not its own link's bandwidth (a NIC or a dataset drive there loses bandwidth).",
                         R"({"cpu": "intel-core-i9-13900k", "board": "asus-proart-b760-creator-d4", "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}], "storage": [{"part": "samsung-990-pro-4tb", "count": 3}]})",
                         R"({"cpu": "intel-core-i9-13900k", "board": "asus-proart-b760-creator-d4", "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}], "storage": [{"part": "samsung-990-pro-4tb", "count": 2}]})",
                         "Intel chipset DMI widths (AnandTech Z690 overview; TechPowerUp Arrow Lake review; Hardware "
                         "Times on B760); AMD AM5 chipset uplink PCIe 4.0 x4 (Wikipedia, Template:AM5 chipsets); the "
                         "board manual's slot table (CPU or chipset lanes).",
                         Severity::Info};
  return d;
}

void Pcie005::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  std::vector<Device> devices;
  std::vector<std::string> parts;
  for (const auto& c : ctx.placement.cards)
    if (!c.slot.empty() && c.source == "chipset" && c.bandwidth_gb_s > 0) {
      devices.push_back({c.part, c.slot, c.bandwidth_gb_s});
      parts.push_back(c.part);
    }
  // M.2 drives fill the sockets in board order (placement.m2_used); each runs at the narrower of
  // its own link and the socket's.
  std::vector<const Storage*> drives;
  for (const auto& s : b.storage)
    if (s.part->form_factor.rfind("m.2", 0) == 0)
      for (int k = 0; k < s.count; ++k) drives.push_back(s.part);
  for (std::size_t i = 0; i < ctx.placement.m2_used.size() && i < drives.size(); ++i)
    for (const auto& m2 : b.board->m2_slots)
      if (m2.name == ctx.placement.m2_used[i] && m2.source == "chipset") {
        int lanes = std::min(m2.lanes, drives[i]->pcie.lanes), gen = std::min(m2.gen, drives[i]->pcie.gen);
        devices.push_back({drives[i]->id, m2.name, lanes * pcie_gb_s_per_lane(gen)});
      }
  if (devices.empty()) return;
  const Uplink* u = uplink_of(b.board->chipset);
  if (!u) {
    Diagnostic d = make(fmt::format("chipset uplink not checked: {} devices sit behind the {} chipset of {}, whose "
                                    "link to the CPU is not in rigplan's table",
                                    devices.size(), b.board->chipset, b.board->id),
                        {b.board->id}, "the chipset maker's datasheet gives its DMI or PCIe uplink width");
    d.severity = Severity::Info;
    out.push_back(d);
    return;
  }
  double need = 0;
  for (const auto& dv : devices) need += dv.gb_s;
  double have = u->lanes * pcie_gb_s_per_lane(u->gen);
  if (devices.size() < 2 || need <= have + 1e-9) return;  // one device alone is PCIE002's (its own link)
  std::stable_sort(devices.begin(), devices.end(), [](const Device& x, const Device& y) { return x.gb_s > y.gb_s; });
  double share = have / need;  // busy at once, each gets this share of its link (proportional sharing)
  std::vector<std::string> losers;
  for (const auto& dv : devices)
    losers.push_back(fmt::format("{} in {} {:.1f} -> {:.1f} GB/s", dv.what, dv.where, dv.gb_s, dv.gb_s * share));
  Diagnostic d = make(fmt::format("the devices behind the {} chipset can move {:.1f} GB/s together and its uplink to "
                                  "the CPU ({}) carries {:.1f} GB/s per direction; busy at once, each gets about "
                                  "{:.0f} % of its link: {}",
                                  b.board->chipset, need, u->name, have, share * 100, fmt::join(losers, "; ")),
                      parts,
                      fmt::format("move {} to a CPU-wired slot or socket, or do not load the chipset devices at once",
                                  devices.front().what));
  d.parts.insert(d.parts.begin(), b.board->id);
  out.push_back(d);
}

}  // namespace rigplan::rules

// PCIE004: the CPU's PCIe lanes against what the board wires to it for the devices in use. The
// catalog gives each slot and M.2 socket its source (cpu, cpu2, chipset) and its lanes after the
// board's lane sharing; a CPU with fewer lanes than the populated CPU-wired slots and M.2 sockets
// need cannot feed them all at their width (issue 20: seven x16 GPUs on a 64-lane Xeon w5-2455X).
// Lanes are the CPU's usable lanes as its maker counts them (the chipset uplink excluded). Which
// slots a board narrows or disables with a smaller CPU is in its manual, not in the catalog, so
// the message assumes the slots nearest the CPU keep their width, says so, and names the devices
// that lose width under that assumption. Slots behind the chipset use the chipset's uplink, not
// CPU lanes; PCIE005 budgets that uplink. Two EPYC CPUs are joined by links made of their own
// PCIe lanes (xGMI), so each has fewer for slots than in a one-socket system. A CPU whose maker
// counts slower lanes apart (`pcie_lanes_extra`: a Threadripper 7000's PCIe 4.0 lanes beside its
// 48 PCIe 5.0 lanes) has two pools: a slot or M.2 socket wired at that generation or lower draws
// on the slower lanes first, a faster one only on pcie_lanes.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pcie004)

const RuleDoc& Pcie004::doc() const {
  static const RuleDoc d{"PCIE004", "cpu-lane-budget", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Cpu, Need::Board}),
                         "fewer cards or M.2 drives on the CPU's lanes, or a CPU with more PCIe lanes",
                         "The lanes of the populated CPU-wired slots (after lane sharing) and M.2 sockets in use, "
                         "per CPU socket, against the CPU's usable PCIe lanes (lanes its maker counts at a lower "
                         "generation feed only slots and sockets of that generation or below). An error when a card "
                         "is left with no lanes at all.",
                         "Boards wire their slots for the largest CPU of the socket; with a smaller CPU some slots "
                         "run narrower or not at all (the board manual's table says which), so the cards there "
                         "lose bandwidth, and a card in a slot whose lanes the CPU does not have does not work.",
                         R"({"cpu": "intel-xeon-w5-2455x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "gpus": [{"part": "nvidia-rtx-a4000", "count": 7}], "chassis": "silverstone-rm52", "cooler": "noctua-nh-u14s-dx-4677"})",
                         R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-a4000", "count": 7}], "chassis": "silverstone-rm52", "cooler": "noctua-nh-u14s-dx-4677"})",
                         "The CPU maker's lane count (Intel ARK 'Max # of PCI Express Lanes', AMD's 'usable PCIe "
                         "lanes'); the board manual's slot table (CPU or chipset lanes).",
                         Severity::Error};
  return d;
}

namespace {
struct Use {
  int position;  // expansion opening; M.2 sockets after every slot
  std::string what, where;
  int lanes;
  int gen;  // the generation the slot or socket is wired for (0 = not stated)
};

// Two-socket AMD EPYC: each CPU gives x16 links of its lanes to the socket-to-socket fabric
// (xGMI): four by default (64 of 128 lanes), and AMD lets board makers use three instead and wire
// the freed lanes to slots (AnandTech, "AMD Rome Second Generation EPYC Review", 2019-08-07, page
// "PCIe 4.0"; AMD's EPYC 9004 pages: up to 160 PCIe lanes in a 2P system). The board says which
// (`socket_links`); Intel Xeons join sockets over UPI, which takes no PCIe lanes.
constexpr int kSocketLinkLanes = 16;
constexpr int kDefaultSocketLinks = 4;

// The lanes one CPU of the build has for slots and M.2 sockets.
int usable_lanes(const Build& b) {
  int lanes = b.cpu->pcie_lanes;
  bool epyc_pair = b.cpu_count >= 2 && b.cpu->vendor == "amd" && (b.cpu->socket == "SP3" || b.cpu->socket == "SP5");
  if (epyc_pair) lanes -= kSocketLinkLanes * (b.board->socket_links > 0 ? b.board->socket_links : kDefaultSocketLinks);
  return std::max(0, lanes);
}

// PCIe link widths a narrowed slot can train at.
int link_width(int lanes) {
  for (int w : {16, 8, 4, 2, 1})
    if (lanes >= w) return w;
  return 0;
}

// Whether a use may run on the CPU's slower extra lanes: wired at their generation or below.
bool on_extra_lanes(const Cpu& cpu, const Use& u) {
  return cpu.pcie_extra_lanes > 0 && u.gen > 0 && u.gen <= cpu.pcie_extra_gen;
}

// The lanes the uses lack when each is fed as well as the two pools allow: the slower uses take
// the extra lanes first, what they leave of the main lanes goes to nobody else.
int shortfall(const Cpu& cpu, const std::vector<Use>& uses, int main_lanes) {
  int fast = 0, slow = 0;
  for (const auto& u : uses) (on_extra_lanes(cpu, u) ? slow : fast) += u.lanes;
  int main_left = std::max(0, main_lanes - fast);
  return std::max(0, fast - main_lanes) + std::max(0, slow - cpu.pcie_extra_lanes - main_left);
}
}  // namespace

void Pcie004::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  if (b.cpu->pcie_lanes <= 0) return;
  std::set<std::string> used(ctx.placement.m2_used.begin(), ctx.placement.m2_used.end());
  for (const auto& c : ctx.placement.cards)
    if (!c.slot.empty()) used.insert(c.slot);
  std::map<std::string, std::vector<Use>> by_cpu;
  // A slot's lanes count once: two cards on one bifurcation riser (x8x8) split the slot's x16
  // between them, they do not take x16 each.
  std::set<std::string> counted;
  for (const auto& c : ctx.placement.cards)
    if (!c.slot.empty() && c.source.rfind("cpu", 0) == 0 && c.slot_lanes > 0) {
      if (!counted.insert(c.slot).second) {
        for (auto& u : by_cpu[c.source])
          if (u.where == c.slot) u.what += " and " + c.part;
        continue;
      }
      int gen = 0;
      for (const auto& bs : b.board->slots)
        if (bs.name == c.slot) gen = bs.gen;
      by_cpu[c.source].push_back({c.position, c.part, c.slot, c.slot_lanes, gen});
    }
  for (const auto& m2 : b.board->m2_slots) {
    if (!used.count(m2.name) || m2.source.rfind("cpu", 0) != 0) continue;
    int lanes = m2.lanes;
    for (const auto& rule : b.board->sharing)
      if (rule.slot == m2.name &&
          std::all_of(rule.when.begin(), rule.when.end(), [&](const std::string& n) { return used.count(n); }))
        lanes = std::min(lanes, rule.lanes);
    if (lanes > 0) by_cpu[m2.source].push_back({1000, "M.2 drive", m2.name, lanes, m2.gen});
  }
  for (auto& [source, uses] : by_cpu) {
    if (source == "cpu2" && b.cpu_count < 2) continue;  // no second CPU: PCIE001 and CPU002 speak
    const Cpu& cpu = *b.cpu;
    int need = 0;
    for (const auto& u : uses) need += u.lanes;
    int have = usable_lanes(b);
    int short_by = shortfall(cpu, uses, have);
    if (short_by == 0) continue;
    std::stable_sort(uses.begin(), uses.end(), [](const Use& x, const Use& y) { return x.position < y.position; });
    int left = have, extra_left = cpu.pcie_extra_lanes;
    std::vector<std::string> losers, parts;
    int cards_without_lanes = 0;  // a card with no lanes does not work: an error
    for (const auto& u : uses) {
      bool slow = on_extra_lanes(cpu, u);
      int got = link_width(std::min(left + (slow ? extra_left : 0), u.lanes));
      int from_extra = slow ? std::min(extra_left, got) : 0;
      extra_left -= from_extra;
      left -= got - from_extra;
      if (got == 0 && u.what != "M.2 drive") ++cards_without_lanes;
      if (got < u.lanes) {
        losers.push_back(got ? fmt::format("{} in {} x{} of x{}", u.what, u.where, got, u.lanes)
                             : fmt::format("{} in {} no lanes (x{} wired)", u.what, u.where, u.lanes));
        if (u.what != "M.2 drive")
          for (std::size_t at = 0, next; at != std::string::npos; at = next == std::string::npos ? next : next + 5) {
            next = u.what.find(" and ", at);
            parts.push_back(u.what.substr(at, next == std::string::npos ? std::string::npos : next - at));
          }
      }
    }
    std::string cpu_name = source == "cpu2" ? "the second CPU" : b.cpu->id;
    if (have != b.cpu->pcie_lanes) cpu_name += fmt::format(" (with {} of its {} lanes joining the sockets)", b.cpu->pcie_lanes - have, b.cpu->pcie_lanes);
    std::string has = cpu.pcie_extra_lanes > 0
                          ? fmt::format("{} ({} PCIe {} + {} PCIe {}, the latter for slots of PCIe {} or below)",
                                        have + cpu.pcie_extra_lanes, have, cpu.pcie_gen, cpu.pcie_extra_lanes,
                                        cpu.pcie_extra_gen, cpu.pcie_extra_gen)
                          : std::to_string(have);
    Diagnostic d = make(fmt::format("the devices on {}'s lanes need {} lanes and it has {} ({} short); assuming "
                                    "the slots nearest the CPU keep their width: {}",
                                    cpu_name, need, has, short_by, fmt::join(losers, "; ")),
                        parts, "use a CPU with more PCIe lanes, fewer cards, or check the board manual's slot table for this CPU");
    d.parts.insert(d.parts.begin(), b.cpu->id);
    if (cards_without_lanes > 0) {
      d.severity = Severity::Error;
      d.message += fmt::format("; {} without lanes do not work", cards_without_lanes == 1 ? "a card" : fmt::format("{} cards", cards_without_lanes));
    }
    out.push_back(d);
  }
}

}  // namespace rigplan::rules

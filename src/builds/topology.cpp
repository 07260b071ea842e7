// Topology prediction (see include/rigplan/topology.hpp).
#include "rigplan/topology.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rigplan {

std::vector<NvlinkPair> nvlink_pairs(const Build& b, const Placement& p) {
  std::vector<NvlinkPair> out;
  if (!b.bridge || b.bridge_count <= 0) return out;
  std::vector<int> order;
  for (std::size_t i = 0; i < p.cards.size(); ++i)
    if (p.cards[i].is_gpu && !p.cards[i].slot.empty()) order.push_back(static_cast<int>(i));
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return p.cards[x].position < p.cards[y].position; });
  std::vector<int> gaps;  // of each pair a bridge would join, in slot order
  for (std::size_t k = 0; k + 1 < order.size() && static_cast<int>(k / 2) < b.bridge_count; k += 2)
    gaps.push_back(p.cards[order[k + 1]].position - p.cards[order[k]].position);
  auto bridge_of = b.bridges_for_gaps(gaps);  // with two bridge models, each pair gets the one that spans it
  for (std::size_t k = 0; k / 2 < gaps.size(); k += 2) {
    const NvlinkBridge* br = bridge_of[k / 2];
    if (!br) break;
    NvlinkPair pr;
    pr.a = order[k];
    pr.b = order[k + 1];
    const PlacedCard& x = p.cards[pr.a];
    const PlacedCard& y = p.cards[pr.b];
    pr.slot_a = x.slot;
    pr.slot_b = y.slot;
    pr.gap = y.position - x.position;
    pr.bridge = br->id;
    const Gpu* gx = b.gpus[x.entry].part;
    const Gpu* gy = b.gpus[y.entry].part;
    const auto& fits = br->gpus;
    // The same conditions NVL001, NVL002 and NVL003 check, pair by pair.
    if (gx != gy) pr.why = "a bridge joins two cards of one model";
    else if (!gx->nvlink || gx->nvlink->via != "bridge") pr.why = gx->id + " has no NVLink bridge connector";
    else if (std::find(fits.begin(), fits.end(), gx->id) == fits.end()) pr.why = br->id + " is not sold for " + gx->id;
    else if (gx->nvlink->gen != br->gen)
      pr.why = fmt::format("{} is an NVLink {} bridge; {} has NVLink {}", br->id, br->gen, gx->id, gx->nvlink->gen);
    else if (pr.gap != br->slot_spacing)
      pr.why = fmt::format("the slots are {} openings apart; {} spans {}", pr.gap, br->id, br->slot_spacing);
    else {
      pr.joined = true;
      pr.links = gx->nvlink->links;
    }
    out.push_back(pr);
  }
  return out;
}

std::string socket_cpu_list(int cores, int threads, int sockets, int socket) {
  if (cores <= 0 || sockets <= 0 || socket < 0 || socket >= sockets) return "N/A";
  int per_core = threads > cores ? threads / cores : 1;
  std::vector<std::pair<int, int>> ranges;
  for (int t = 0; t < per_core; ++t) {
    int lo = (t * sockets + socket) * cores;
    int hi = lo + cores - 1;
    if (!ranges.empty() && ranges.back().second + 1 == lo) ranges.back().second = hi;
    else ranges.emplace_back(lo, hi);
  }
  std::string s;
  for (const auto& [lo, hi] : ranges) s += (s.empty() ? "" : ",") + (lo == hi ? std::to_string(lo) : fmt::format("{}-{}", lo, hi));
  return s;
}

Topology predict_topology(const Build& b, const Placement& p) {
  Topology t;
  std::vector<const PlacedCard*> devs;
  int g = 0, n = 0;
  for (const auto& c : p.cards) {
    devs.push_back(&c);
    t.devices.push_back(c.is_gpu ? "GPU" + std::to_string(g++) : "NIC" + std::to_string(n++));
    t.parts.push_back(c.part);
  }
  t.nvlink = nvlink_pairs(b, p);
  // The socket a card hangs off: its slot's (a switch slot on a dual-socket board names it).
  auto socket_of = [&](const PlacedCard& c) {
    if (b.board)
      for (const auto& s : b.board->slots)
        if (s.name == c.slot) return s.socket_index();
    return c.source == "cpu2" ? 1 : 0;
  };
  std::vector<int> partner(devs.size(), -1), links(devs.size(), 0);
  for (const auto& pr : t.nvlink)
    if (pr.joined) {
      partner[pr.a] = pr.b;
      partner[pr.b] = pr.a;
      links[pr.a] = links[pr.b] = pr.links;
    }
  bool server_cpu = (b.cpu && b.cpu->pcie_lanes >= kServerRootPortLanes) || (b.board && b.board->sockets > 1);
  int sockets = b.board ? std::max(1, b.board->sockets) : std::max(1, b.cpu_count);
  t.links.assign(devs.size(), std::vector<std::string>(devs.size()));
  for (std::size_t i = 0; i < devs.size(); ++i) {
    const auto& a = *devs[i];
    int socket = socket_of(a);
    bool known = b.cpu && !a.source.empty();
    t.cpu_affinity.push_back(known ? socket_cpu_list(b.cpu->cores, b.cpu->threads, sockets, socket) : "N/A");
    t.numa_affinity.push_back(known ? std::to_string(socket * kNumaNodesPerSocket) : "N/A");
    for (std::size_t j = 0; j < devs.size(); ++j) {
      const auto& c = *devs[j];
      std::string link;
      if (i == j) link = "X";
      else if (partner[i] == static_cast<int>(j)) link = "NV" + std::to_string(links[i]);
      else if (a.source.empty() || c.source.empty()) link = "?";  // unplaced
      else if (socket_of(a) != socket_of(c)) link = "SYS";
      else if (a.source == c.source && (a.source == "chipset" || a.source == "switch")) link = "PIX";
      else if (a.source == "chipset" || c.source == "chipset" || a.source == "switch" || c.source == "switch") link = "PHB";
      else link = server_cpu ? "NODE" : "PHB";
      t.links[i][j] = link;
    }
  }
  t.p2p = predict_p2p(b, p, t.nvlink);
  return t;
}

}  // namespace rigplan

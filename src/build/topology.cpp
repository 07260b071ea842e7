// Topology prediction (see include/rigplan/topology.hpp).
#include "rigplan/topology.hpp"

#include <algorithm>

namespace rigplan {

Topology predict_topology(const Build& b, const Placement& p) {
  Topology t;
  std::vector<const PlacedCard*> devs;
  int g = 0, n = 0;
  for (const auto& c : p.cards) {
    devs.push_back(&c);
    t.devices.push_back(c.is_gpu ? "GPU" + std::to_string(g++) : "NIC" + std::to_string(n++));
    t.parts.push_back(c.part);
  }
  // NVLink pairs: with a bridge, GPUs pair up in slot order.
  std::vector<int> partner(devs.size(), -1);
  if (b.bridge) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < devs.size(); ++i)
      if (devs[i]->is_gpu && !devs[i]->slot.empty()) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](auto x, auto y) { return devs[x]->position < devs[y]->position; });
    for (std::size_t k = 0; k + 1 < order.size() && static_cast<int>(k / 2) < b.bridge_count; k += 2) {
      partner[order[k]] = static_cast<int>(order[k + 1]);
      partner[order[k + 1]] = static_cast<int>(order[k]);
    }
  }
  bool server_cpu = (b.cpu && b.cpu->pcie_lanes >= kServerRootPortLanes) || (b.board && b.board->sockets > 1);
  t.links.assign(devs.size(), std::vector<std::string>(devs.size()));
  for (std::size_t i = 0; i < devs.size(); ++i)
    for (std::size_t j = 0; j < devs.size(); ++j) {
      const auto& a = *devs[i];
      const auto& c = *devs[j];
      std::string link;
      if (i == j) link = "X";
      else if (partner[i] == static_cast<int>(j)) {
        const Gpu* gpu = b.gpus[a.entry].part;
        link = "NV" + std::to_string(gpu->nvlink ? gpu->nvlink->links : 1);
      } else if (a.source.empty() || c.source.empty()) link = "?";  // unplaced
      else if ((a.source == "cpu2") != (c.source == "cpu2")) link = "SYS";
      else if (a.source == c.source && (a.source == "chipset" || a.source == "switch")) link = "PIX";
      else if (a.source == "chipset" || c.source == "chipset" || a.source == "switch" || c.source == "switch") link = "PHB";
      else link = server_cpu ? "NODE" : "PHB";
      t.links[i][j] = link;
    }
  return t;
}

}  // namespace rigplan

// Nodes for cluster sizing that are not catalog nodes, and the fabric switch that fits them
// (see include/rigplan/cluster.hpp).
#include "rigplan/cluster.hpp"
#include "rigplan/power.hpp"
#include "rigplan/tco.hpp"

namespace rigplan {

NodeSpec node_from_build(const Build& b) {
  NodeSpec s;
  s.id = b.file;
  s.name = b.name;
  s.gpu = b.gpus.front().part;
  s.gpus = b.gpu_count();
  if (!b.nics.empty()) {
    s.nic = b.nics.front().part;
    s.nics = b.nics.front().count;
  }
  s.power_w = power_budget(b, Assumptions{}).wall_w;
  s.rack_units = b.chassis ? b.chassis->rack_units : 0;
  PurchaseCost cost = build_cost(b);
  s.price_usd = cost.usd;
  s.unpriced = cost.unpriced;
  s.prices = cost.prices;
  return s;
}

const Switch* default_switch(const Catalog& c, const NodeSpec& n) {
  std::string proto = n.nic && n.nic->protocol == "ethernet" ? "ethernet" : "infiniband";
  double speed = n.nic ? n.nic->speed_gbps : 0;
  const Switch* best = nullptr;
  for (const auto& s : c.all<Switch>()) {
    if (s.protocol != proto || s.speed_gbps < speed) continue;
    if (!best || s.speed_gbps < best->speed_gbps || (s.speed_gbps == best->speed_gbps && s.ports > best->ports)) best = &s;
  }
  return best;
}

}  // namespace rigplan

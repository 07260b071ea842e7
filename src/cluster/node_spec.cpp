// A node for cluster sizing: from a catalog node, or from a build that is not a catalog node, and
// the fabric switch that fits it (see include/rigplan/cluster.hpp).
#include "rigplan/cluster.hpp"
#include "rigplan/power.hpp"
#include "rigplan/tco.hpp"

namespace rigplan {

NodeSpec node_spec(const Node& n, const Catalog& c) {
  NodeSpec s;
  s.id = n.id;
  s.name = n.name;
  s.gpu = c.find<Gpu>(n.gpu);
  s.gpus = n.gpu_count;
  if (!n.nics.empty()) {
    s.nic = c.find<Nic>(n.nics.front().part);
    s.nics = n.nics.front().count;
  }
  s.power_w = n.power_w;
  s.rack_units = n.rack_units;
  s.price_usd = n.price_usd;
  if (n.price) s.prices.add(*n.price);
  return s;
}

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

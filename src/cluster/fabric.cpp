// Fat-tree fabric sizing (see include/rigplan/cluster.hpp for the model and its sources).
#include <algorithm>
#include <cmath>

#include "rigplan/cluster.hpp"

namespace rigplan {

Fabric size_fabric(int nodes, const NodeSpec& node, const FabricRequest& f) {
  Fabric fab;
  if (!f.sw || nodes <= 0) return fab;
  int k = f.sw->ports;
  fab.ports = k;
  fab.endpoints = nodes * node.nics + f.extra_endpoints;
  double o = std::max(1.0, f.oversubscription);
  fab.leaf_down = static_cast<int>(std::floor(k * o / (1 + o)));
  fab.leaf_up = k - fab.leaf_down;
  fab.cables_node_leaf = fab.endpoints;
  double speed = node.nic ? node.nic->speed_gbps : f.sw->speed_gbps;
  fab.injection_gbps_per_node = node.nics * speed;
  fab.bisection_gbps = fab.endpoints * speed / 2 / o;
  if (fab.endpoints == 0) return fab;
  if (fab.endpoints <= k) {  // one switch is the whole fabric
    fab.levels = 1;
    fab.leaf = 1;
    fab.bisection_gbps = fab.endpoints * speed / 2;
    return fab;
  }
  fab.leaf = (fab.endpoints + fab.leaf_down - 1) / fab.leaf_down;
  if (static_cast<long long>(fab.leaf_down) * k >= fab.endpoints) {
    // Two levels: every leaf uplink lands on some spine port.
    fab.levels = 2;
    fab.cables_leaf_spine = fab.leaf * fab.leaf_up;
    fab.spine = (fab.cables_leaf_spine + k - 1) / k;
    return fab;
  }
  // Three levels: pods of k/2 leaves; each pod's spines give k/2 ports down and k/2 up.
  fab.levels = 3;
  int half = k / 2;
  int pods = (fab.leaf + half - 1) / half;
  int spines_per_pod = (half * fab.leaf_up + half - 1) / half;  // the pod's leaf uplinks over k/2 down-ports
  fab.spine = pods * spines_per_pod;
  fab.cables_leaf_spine = fab.leaf * fab.leaf_up;
  fab.cables_spine_core = fab.spine * half;
  fab.core = (fab.cables_spine_core + k - 1) / k;
  return fab;
}

ClusterPower cluster_power(int nodes, const NodeSpec& node, const Fabric& fab, const Switch* sw, double rack_kw) {
  ClusterPower p;
  double switch_w = sw ? sw->power_w * fab.switches() : 0;
  p.it_kw = (nodes * node.power_w + switch_w) / 1000;
  p.heat_btu_h = p.it_kw * 1000 * kBtuPerHourPerWatt;
  if (node.rack_units >= kRackUnits) {
    // A rack-scale node (a 48U NVL72 with its own power shelves) is a rack of its own, whatever
    // its power; rack_kw and the standard rack's units then count the switches' racks only.
    int sw_by_units = sw ? static_cast<int>(std::ceil(sw->rack_units * fab.switches() / kRackUnits)) : 0;
    int sw_by_power = rack_kw > 0 ? static_cast<int>(std::ceil(switch_w / 1000 / rack_kw)) : 0;
    p.racks = nodes + std::max(sw_by_units, sw_by_power);
    return p;
  }
  double units = static_cast<double>(nodes) * node.rack_units + (sw ? sw->rack_units * fab.switches() : 0);
  int by_units = static_cast<int>(std::ceil(units / kRackUnits));
  int by_power = rack_kw > 0 ? static_cast<int>(std::ceil(p.it_kw / rack_kw)) : 0;
  // A rack also holds whole nodes only: at most floor(rack_kw / node kW) of them.
  int per_rack = rack_kw > 0 && node.power_w > 0 ? static_cast<int>(std::floor(rack_kw * 1000 / node.power_w)) : nodes;
  int by_nodes = per_rack > 0 ? (nodes + per_rack - 1) / per_rack : nodes;
  p.racks = std::max({by_units, by_power, by_nodes});
  return p;
}

}  // namespace rigplan

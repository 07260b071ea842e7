// Sizing a cluster: nodes (a catalog node such as a DGX, or a build file used as the node), the
// InfiniBand/Ethernet fabric between them, power and racks, peak compute, cost, and time to train.
//
// Fabric: a folded-Clos fat tree of identical k-port switches (Leiserson 1985; Al-Fares et al.
// 2008, "A scalable, commodity data center network architecture", §3). Leaves split their ports
// into d downlinks and u uplinks with d/u the oversubscription (1:1 = non-blocking, as the
// leaf-spine of Hyperconnect's 2020 cluster has 20 down and 20 up per 40-port leaf). Two levels reach d·k endpoints; beyond
// that, pods of k/2 leaves and k/2 spines join through (k/2)² core switches' worth of ports.
// Rail-optimised by default: one NIC per GPU, each on its own leaf port.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/request_defaults.hpp"
#include "rigplan/sizing.hpp"

namespace rigplan {

struct NodeSpec {
  std::string id, name;
  const Gpu* gpu = nullptr;
  int gpus = 0;
  const Nic* nic = nullptr;  // compute-fabric NIC (nullptr: none in the catalog)
  int nics = 0;
  double power_w = 0;  // maximum
  int rack_units = 0;
  std::optional<double> price_usd;
  std::vector<std::string> unpriced;  // parts inside the node without a price (build as node)
  PriceAge prices;                    // dates and kinds of the prices in price_usd
};

// A catalog node as a NodeSpec (its first NIC entry is the compute fabric).
NodeSpec node_spec(const Node& n, const Catalog& c);
// A build used as the node: its GPUs, first NIC entry, wall draw, chassis height and part prices.
NodeSpec node_from_build(const Build& b);
// The catalog switch for a node's NICs: same protocol (InfiniBand unless the NIC is Ethernet),
// the lowest speed at least the NIC's, then the most ports; nullptr when none fits.
const Switch* default_switch(const Catalog& c, const NodeSpec& n);

struct FabricRequest {
  const Switch* sw = nullptr;
  double oversubscription = 1;  // downlinks per uplink at the leaf
  int extra_endpoints = 0;      // storage, login, management ports on the same fabric
};

struct Fabric {
  int endpoints = 0, ports = 0, levels = 0;
  int leaf_down = 0, leaf_up = 0;
  int leaf = 0, spine = 0, core = 0;
  int cables_node_leaf = 0, cables_leaf_spine = 0, cables_spine_core = 0;
  double bisection_gbps = 0;            // gigabits per second across the middle
  double injection_gbps_per_node = 0;   // each node's NICs together
  int switches() const { return leaf + spine + core; }
};

Fabric size_fabric(int nodes, const NodeSpec& node, const FabricRequest& f);

struct ClusterPower {
  double it_kw = 0;     // nodes at maximum plus switches
  int racks = 0;
  double heat_btu_h = 0;
};

inline constexpr double kRackUnits = 42;          // a standard 42U rack
inline constexpr double kBtuPerHourPerWatt = 3.412;  // 1 W = 3.412 BTU/h

ClusterPower cluster_power(int nodes, const NodeSpec& node, const Fabric& fab, const Switch* sw, double rack_kw);

struct ClusterReport {
  NodeSpec node;
  int nodes = 0, gpus = 0;
  Fabric fabric;
  ClusterPower power;
  std::map<std::string, double> peak_pflops;  // per precision, dense
  double cost_usd = 0;
  std::vector<std::string> unpriced;          // parts counted at $0 because the catalog has no price
  PriceAge prices;                            // dates and kinds of the prices in cost_usd
  // Training (when a workload is given).
  double train_seconds = 0, compute_seconds = 0, allreduce_seconds_per_step = 0, steps = 0;
  double mfu = 0;                     // the one the time uses
  bool mfu_predicted = false;         // from the performance model (no --mfu given)
  std::optional<StepBreakdown> step;  // the predicted step on the cluster's links
  std::string step_why_not;           // why it could not be predicted
};

// The performance model's view of a cluster node: NVLink (or PCIe) inside, the node's NICs shared
// by its GPUs between nodes (PerfAssumptions::network_gb_s_per_gpu when the node lists none).
PerfSystem cluster_perf_system(const NodeSpec& node, const SizingAssumptions& a = {});

// Hierarchical all-reduce: reduce-scatter over NVLink inside the node, ring all-reduce of the
// 1/g shards across nodes over each GPU's own NIC (rail-optimised), all-gather inside the node.
double hierarchical_allreduce_seconds(double grad_bytes, int nodes, const NodeSpec& node);

ClusterReport size_cluster(int nodes, const NodeSpec& node, const FabricRequest& f, double rack_kw,
                           const std::optional<Workload>& w = std::nullopt, const SizingAssumptions& a = {});

// Fewest nodes that train `w` within `deadline_s`; 0 when even kMaxClusterNodes cannot.
int nodes_for_deadline(const Workload& w, double deadline_s, const NodeSpec& node, const FabricRequest& f,
                       const SizingAssumptions& a = {});

}  // namespace rigplan

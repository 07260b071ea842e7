// Cluster totals, training time across nodes and the deadline search (see cluster.hpp).
#include <algorithm>
#include <cmath>

#include "rigplan/cluster.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

double hierarchical_allreduce_seconds(double grad_bytes, int nodes, const NodeSpec& node) {
  if (!node.gpu) return 0;
  int g = std::max(1, node.gpus);
  double intra_gb_s = node.gpu->nvlink ? node.gpu->nvlink->bandwidth_gb_s
                                        : node.gpu->pcie.lanes * pcie_gb_s_per_lane(node.gpu->pcie.gen);
  double t = 0;
  if (g > 1) t += 2.0 * (g - 1) / g * grad_bytes / (intra_gb_s * 1e9);  // reduce-scatter + all-gather
  if (nodes > 1 && node.nic && node.nics > 0) {
    // Rail-optimised: each GPU's 1/g shard crosses its own NIC; fewer NICs than GPUs share them.
    double per_gpu_gb_s = node.nic->speed_gbps / 8 * node.nics / g;
    t += 2.0 * (nodes - 1) / nodes * (grad_bytes / g) / (per_gpu_gb_s * 1e9);
  }
  return t;
}

ClusterReport size_cluster(int nodes, const NodeSpec& node, const FabricRequest& f, double rack_kw,
                           const std::optional<Workload>& w, const SizingAssumptions& a) {
  ClusterReport r;
  r.node = node;
  r.nodes = nodes;
  r.gpus = nodes * node.gpus;
  r.fabric = size_fabric(nodes, node, f);
  r.power = cluster_power(nodes, node, r.fabric, f.sw, rack_kw);
  if (node.gpu) {
    const auto& t = node.gpu->tflops;
    auto add = [&](const char* name, const std::optional<double>& v) {
      if (v) r.peak_pflops[name] = *v * r.gpus / 1000;
    };
    add("fp64", t.fp64);
    add("fp32", t.fp32);
    add("tf32", t.tf32);
    add("fp16", t.fp16);
    add("bf16", t.bf16);
    add("fp8", t.fp8);
    add("fp4", t.fp4);
    add("int8", t.int8);
  }
  if (node.price_usd) r.cost_usd += *node.price_usd * nodes;
  else r.unpriced.push_back(node.id);
  r.prices = node.prices;
  r.unpriced.insert(r.unpriced.end(), node.unpriced.begin(), node.unpriced.end());
  if (f.sw && r.fabric.switches() > 0) {
    if (f.sw->price) {
      r.cost_usd += f.sw->price->usd * r.fabric.switches();
      r.prices.add(*f.sw->price);
    } else {
      r.unpriced.push_back(f.sw->id);
    }
  }
  if (r.fabric.switches() > 0) r.unpriced.push_back("cables");  // no cable prices in the catalog yet
  if (w && node.gpu) {
    Workload x = *w;
    x.dp = r.gpus;
    double peak = peak_tflops(*node.gpu, x.precision) * 1e12;
    double mfu = x.mfu.value_or(a.default_mfu);
    Compute c = training_compute(x);
    if (peak > 0 && x.tokens > 0) {
      r.compute_seconds = c.flops / (r.gpus * peak * mfu);
      double grad_bytes = x.model.params / (x.tp * x.pp) * (x.precision == "fp32" ? 4 : 2);
      r.allreduce_seconds_per_step = hierarchical_allreduce_seconds(grad_bytes, nodes, node);
      double global_batch = x.batch > 0 ? x.batch : static_cast<double>(x.micro_batch) * x.dp;
      r.steps = std::ceil(x.tokens / (global_batch * x.sequence()));
      // The all-reduce overlaps the last micro-batch's backward pass (as in `size`).
      double window = 4 * x.model.active() / (x.tp * x.pp) * x.micro_batch * x.sequence() / (peak * mfu);
      r.train_seconds = r.compute_seconds + r.steps * std::max(0.0, r.allreduce_seconds_per_step - window);
    }
  }
  return r;
}

int nodes_for_deadline(const Workload& w, double deadline_s, const NodeSpec& node, const FabricRequest& f,
                       const SizingAssumptions& a) {
  if (!node.gpu || deadline_s <= 0) return 0;
  auto fits = [&](int n) {
    ClusterReport r = size_cluster(n, node, f, 0, w, a);
    return r.train_seconds > 0 && r.train_seconds <= deadline_s;
  };
  // Exponential then binary search: time falls as nodes grow (compute ∝ 1/n; the exposed
  // all-reduce per step is bounded), so the first n that meets the deadline is well defined.
  int hi = 1;
  while (hi < kMaxClusterNodes && !fits(hi)) hi *= 2;
  if (!fits(std::min(hi, kMaxClusterNodes))) return 0;
  int lo = hi / 2 + 1;
  hi = std::min(hi, kMaxClusterNodes);
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

}  // namespace rigplan

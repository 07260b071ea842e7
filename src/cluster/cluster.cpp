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
    int mp = std::max(1, x.tp * x.pp);
    x.dp = std::max(1, r.gpus / mp);
    double peak = peak_flops(*node.gpu, x.precision);
    if (peak > 0 && x.tokens > 0) {
      double global_batch = x.batch > 0 ? x.batch : static_cast<double>(x.micro_batch) * x.dp;
      r.steps = std::ceil(x.tokens / (global_batch * x.sequence()));
      double grad_bytes = x.model.params / mp * (x.precision == "fp32" ? 4 : 2);
      r.allreduce_seconds_per_step = hierarchical_allreduce_seconds(grad_bytes, nodes, node);
      StepBreakdown step = training_step(x, cluster_perf_system(node, a), a.perf);
      if (!x.mfu && step.why_not.empty() && step.step_s > 0) {
        // The performance model: the step as predicted on these links (include/rigplan/perf.hpp).
        r.step = step;
        r.mfu = step.mfu;
        r.mfu_predicted = true;
        r.train_seconds = r.steps * step.step_s;
        r.compute_seconds = r.train_seconds - r.steps * step.dp_exposed_s;
      } else {
        if (!step.why_not.empty()) r.step_why_not = step.why_not;
        r.mfu = x.mfu.value_or(a.default_mfu);
        // Model FLOPs (attention included where the shape is known; 6·N·D otherwise) at the peak × MFU; the all-reduce overlaps the last micro-batch's
        // backward pass (as in `size`).
        double per_token = step.tokens_per_step > 0 ? step.model_flops / step.tokens_per_step : 6 * x.model.active();
        r.compute_seconds = per_token * x.tokens / (r.gpus * peak * r.mfu);
        double window = 4 * x.model.active() / mp * x.micro_batch * x.sequence() / (peak * r.mfu);
        r.train_seconds = r.compute_seconds + r.steps * std::max(0.0, r.allreduce_seconds_per_step - window);
      }
    }
  }
  return r;
}

PerfSystem cluster_perf_system(const NodeSpec& node, const SizingAssumptions& a) {
  PerfSystem s;
  s.gpu = node.gpu;
  if (!node.gpu) return s;
  int g = std::max(1, node.gpus);
  s.gpus_per_node = g;
  const Gpu& gpu = *node.gpu;
  double pcie = gpu.pcie.lanes * pcie_gb_s_per_lane(gpu.pcie.gen);
  if (gpu.nvlink && (gpu.nvlink->via != "bridge" || g <= 2))
    s.intra = PerfLink{"nvlink", gpu.nvlink->bandwidth_gb_s, a.perf.nvlink_latency_s};
  else
    s.intra = PerfLink{"pcie", pcie, a.perf.pcie_latency_s};
  double per_gpu = node.nic && node.nics > 0 ? node.nic->speed_gbps / 8 * node.nics / g : a.perf.network_gb_s_per_gpu;
  s.inter = PerfLink{"network", per_gpu, a.perf.network_latency_s};
  s.host_gb_s = pcie;
  return s;
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

// Sizing on hardware and the follow-up searches (see include/rigplan/size_report.hpp).
#include "rigplan/size_report.hpp"

#include <algorithm>
#include <cmath>

#include "rigplan/framework.hpp"
#include "rigplan/p2p.hpp"
#include "rigplan/unified.hpp"

namespace rigplan {

namespace {

double pcie_link_gb_s(int gen, int lanes) { return lanes * pcie_gb_s_per_lane(gen); }

bool fits_on(const Workload& w, const Gpu& g, const SizingAssumptions& a) {
  return memory_per_gpu(w, a).total() <= g.memory_gib * kGiB;
}
// One copy's rate on `sys`: training tokens/s, or inference output tokens/s at the batch.
double copy_rate(const Workload& w, const PerfSystem& sys, const SizingAssumptions& a) {
  if (w.mode == Mode::Infer) return inference_perf(w, sys, w.prompt_tokens(), w.micro_batch, a.perf).aggregate_tokens_per_s;
  StepBreakdown st = training_step(w, sys, a.perf);
  return st.why_not.empty() ? st.tokens_per_s : 0;
}

// Copies of a one-GPU job sharing the GPU: in each MIG profile of the GPU's table (its compute
// slices / 7 of the SMs, its memory slices / 8 of the bandwidth and memory; NVIDIA's MIG user
// guide), the smallest that fits named with its instance count; or, with MPS or time-slicing,
// copies_per_gpu copies that split one GPU's time and bandwidth: each about 1/n of a lone copy.
void share_gpu(SizeReport& r, const Workload& w, const Gpu& g, const PerfSystem& sys, const SizingAssumptions& a) {
  double per_copy = r.memory.total();
  r.tokens_per_s = copy_rate(w, sys, a);
  if (r.copies_per_gpu > 0) r.shared_tokens_per_s = r.tokens_per_s / r.copies_per_gpu;
  for (const MigProfile& p : mig_profiles(g)) {
    SizeReport::MigOption o{p, per_copy <= p.memory_gib * kGiB, 0};
    if (o.fits) {
      Gpu slice = mig_slice(g, p);
      PerfSystem one = sys;
      one.gpu = &slice;
      o.tokens_per_s = copy_rate(w, one, a);
    }
    if (o.fits && r.mig_smallest < 0) r.mig_smallest = static_cast<int>(r.mig.size());
    r.mig.push_back(o);
  }
  if (r.mig_smallest >= 0) {
    const MigProfile& p = r.mig[r.mig_smallest].profile;
    r.mig_instance_gib = p.memory_gib;
    r.mig_copies = p.instances;
  } else if (!r.mig.empty()) {
    r.mig_instance_gib = r.mig.back().profile.memory_gib;  // the largest: the whole GPU's memory
  }
}

}  // namespace

double mig_instance_gib(const Gpu& g) {
  if (g.mig_instances <= 0) return 0;
  return g.memory_gib / (g.mig_instances == 7 ? 8 : g.mig_instances);
}

Hardware hardware_from_gpu(const Gpu& g, int count, bool p2p, const SizingAssumptions& a) {
  Hardware h;
  h.gpu = &g;
  h.count = count;
  h.source = "--gpu";
  p2p = p2p && gpus_peer_to_peer(g, count);  // GeForce RTX 40/50: refused by the driver (rigplan/p2p.hpp)
  double pcie = pcie_link_gb_s(g.pcie.gen, g.pcie.lanes);
  if (g.nvlink) h.nvlink = Link{"nvlink", g.nvlink->bandwidth_gb_s};
  bool switched = g.nvlink && g.nvlink->via != "bridge" && g.form_factor != "pcie";
  bool one_domain = g.nvlink && count <= g.nvlink->max_gpus && (g.nvlink->via != "bridge" || count == 2);
  // NCCL_P2P_DISABLE=1 turns off the whole peer-to-peer transport, NVLink included (NCCL's
  // environment-variable documentation): without P2P, copies are staged through host memory.
  if (p2p && (one_domain || switched)) h.link = h.nvlink;
  else h.link = p2p ? Link{"pcie-p2p", pcie} : Link{"pcie-host-staged", pcie * a.host_staged_efficiency};
  // Past one NVLink domain (SXM/OAM boards) or one server of PCIe cards, nodes join over the network.
  int node = switched ? g.nvlink->max_gpus : kPcieGpusPerNode;
  h.gpus_per_node = std::min(count, std::max(1, node));
  return h;
}

Hardware hardware_from_build(const Build& b, const Placement& p, bool p2p, const SizingAssumptions& a) {
  Hardware h;
  h.gpu = b.gpus.empty() ? nullptr : b.gpus.front().part;
  h.count = b.gpu_count();
  h.source = b.file;
  p2p = p2p && gpus_peer_to_peer(b, p);  // the GPU family and platform, or the build's software.p2p
  double slowest = 0;
  for (const auto& c : p.cards)
    if (c.is_gpu && c.bandwidth_gb_s > 0) slowest = slowest == 0 ? c.bandwidth_gb_s : std::min(slowest, c.bandwidth_gb_s);
  if (h.gpu && h.gpu->nvlink) h.nvlink = Link{"nvlink", h.gpu->nvlink->bandwidth_gb_s};
  if (p2p && b.bridge && h.gpu && h.gpu->nvlink && h.count <= h.gpu->nvlink->max_gpus) h.link = h.nvlink;
  else h.link = p2p ? Link{"pcie-p2p", slowest} : Link{"pcie-host-staged", slowest * a.host_staged_efficiency};
  h.gpus_per_node = h.count;  // one machine
  return h;
}

PerfSystem perf_system(const Hardware& hw, const SizingAssumptions& a) {
  PerfSystem s;
  s.gpu = hw.gpu;
  s.gpus_per_node = hw.gpus_per_node > 0 ? hw.gpus_per_node : hw.count;
  const PerfAssumptions& p = a.perf;
  double latency = hw.link.kind == "nvlink" ? p.nvlink_latency_s : p.pcie_latency_s;
  std::string kind = hw.link.kind == "nvlink" || hw.link.kind == "pcie-host-staged" ? hw.link.kind : "pcie";
  s.intra = PerfLink{kind, hw.link.gb_s, latency};
  s.inter = PerfLink{"network", hw.inter_gb_s > 0 ? hw.inter_gb_s : p.network_gb_s_per_gpu, p.network_latency_s};
  if (hw.gpu) s.host_gb_s = pcie_link_gb_s(hw.gpu->pcie.gen, hw.gpu->pcie.lanes);
  if (hw.system) s.host_gb_s = hw.system->memory_bandwidth_gb_s;  // one memory: "host" is the same memory
  return s;
}

TrainTime train_time(const Workload& w, const PerfSystem& s, const SizingAssumptions& a) {
  TrainTime t;
  if (w.mode == Mode::Infer || !s.gpu) return t;
  double peak = peak_flops(*s.gpu, w.precision) * s.speed;
  if (peak <= 0) return t;
  bool multi_node = w.gpus() > s.gpus_per_node;
  const PerfLink& grad = multi_node ? s.inter : s.intra;
  t.comm = gradient_allreduce(w, Link{multi_node ? "network" : s.intra.kind == "nvlink" ? "nvlink" : "pcie", grad.gb_s});
  t.step = training_step(w, s, a.perf);
  double global_batch = w.batch > 0 ? w.batch : static_cast<double>(w.micro_batch) * w.dp;
  if (w.tokens > 0) t.steps = std::ceil(w.tokens / (global_batch * w.sequence()));
  if (!w.mfu && t.step.why_not.empty() && t.step.step_s > 0) {
    t.predicted = true;
    t.mfu = t.step.mfu;
    t.exposed_seconds_per_step = t.step.dp_exposed_s;
    t.seconds = t.steps * t.step.step_s;
    t.compute_seconds = t.seconds - t.steps * t.exposed_seconds_per_step;
    return t;
  }
  t.mfu = w.mfu.value_or(a.default_mfu);
  // Model FLOPs only: recomputation is hardware work that an MFU already leaves out.
  // Attention and logits included (Narayanan et al. 2021, Eq. 3 without the recomputed pass) when
  // the model's shape is known; 6·N (4·N for LoRA) from the parameter count alone otherwise.
  double model_per_token = t.step.tokens_per_step > 0 ? t.step.model_flops / t.step.tokens_per_step
                                                       : (w.mode == Mode::Lora ? 4 : 6) * w.model.active();
  // Backward of one micro-batch on one GPU: 4·N (2·N for LoRA's activation gradients) per token.
  double backward_per_token = (w.mode == Mode::Lora ? 2 : 4) * w.model.active() / (w.tp * w.pp);
  double window = backward_per_token * w.micro_batch * w.sequence() / std::max(1, w.cp) / (peak * t.mfu);
  t.exposed_seconds_per_step = std::max(0.0, t.comm.seconds_per_step - window);
  if (w.tokens > 0) {
    t.compute_seconds = model_per_token * w.tokens / (w.gpus() * peak * t.mfu);
    t.seconds = t.compute_seconds + t.steps * t.exposed_seconds_per_step;
  }
  return t;
}

std::vector<const Gpu*> gpus_by_memory(const Catalog& catalog) {
  std::vector<const Gpu*> gpus;
  for (const auto& g : catalog.all<Gpu>()) gpus.push_back(&g);
  std::sort(gpus.begin(), gpus.end(), [](auto* x, auto* y) {
    return x->memory_gib != y->memory_gib ? x->memory_gib < y->memory_gib : x->id < y->id;
  });
  return gpus;
}

SizeReport size_workload(const Workload& w, const std::optional<Hardware>& hw, const Catalog& catalog,
                         const SizingAssumptions& a, const SizeSearches& searches) {
  SizeReport r;
  r.workload = w;
  r.memory = memory_per_gpu(w, a);
  r.compute = training_compute(w);
  r.hardware = hw;
  r.mfu = w.mfu.value_or(a.default_mfu);
  if (hw && hw->gpu) {
    const Gpu& g = *hw->gpu;
    r.gpu_bytes = g.memory_gib * kGiB;
    r.fits = r.memory.total() <= r.gpu_bytes;
    // One memory: what offload moves to "host RAM" stays in the memory the GPU uses.
    if (hw->system) r.fits = r.memory.total() + r.memory.host <= r.gpu_bytes;
    PerfSystem sys = perf_system(*hw, a);
    r.system = sys;
    r.gemm_efficiency = matmul_efficiency_for(g, w.precision, a.perf);
    r.gemm_measured_scale = measured_gemm_scale_for(g, w.precision, a.perf);
    if (w.mode != Mode::Infer && layer_kernels(w).eager_ops) {
      OpBandwidths b = op_bandwidths(g, sys.speed, a.perf);
      bool copies = w.attention == Attention::Standard && !layer_kernels(w).fused_softmax;
      if (b.eager_ops < b.memory || (copies && b.layout_copies < b.memory)) r.eager_ops_capped = b;
    }
    TrainTime t = train_time(w, sys, a);
    r.comm = t.comm;
    r.exposed_seconds_per_step = t.exposed_seconds_per_step;
    r.steps = t.steps;
    r.compute_seconds = t.compute_seconds;
    r.seconds = t.seconds;
    if (w.mode != Mode::Infer) {
      r.mfu = t.mfu;
      r.mfu_predicted = t.predicted;
      if (t.step.why_not.empty() && t.step.step_s > 0) r.step = t.step;
      else r.step_why_not = t.step.why_not;
    } else {
      InferencePerf ip = inference_perf(w, sys, w.prompt_tokens(), w.micro_batch, a.perf);
      if (ip.itl_s > 0) r.serving = ip;
    }
    if (!hw->nvlink.kind.empty()) {
      PerfSystem nv = sys;
      nv.intra = PerfLink{"nvlink", hw->nvlink.gb_s, a.perf.nvlink_latency_s};
      TrainTime tn = train_time(w, nv, a);
      r.comm_nvlink = tn.comm;
      r.exposed_nvlink_seconds_per_step = tn.exposed_seconds_per_step;
    }
    // Per GPU: each reads its own shard of the weights from its own memory per token.
    if (w.mode == Mode::Infer) r.inference = inference_bounds(w, r.gpu_bytes, g.memory_bandwidth_gb_s, a);
    double per_copy = r.memory.total();
    r.copies_per_gpu = per_copy > 0 && w.gpus() == 1 ? static_cast<int>(r.gpu_bytes / per_copy) : 0;
    r.mig_instance_gib = mig_instance_gib(g);
    if (w.gpus() == 1) share_gpu(r, w, g, sys, a);
  }
  // Fewest GPUs at each ZeRO stage (data parallel only), against the chosen GPU or 80 GiB.
  double budget = hw && hw->gpu ? hw->gpu->memory_gib * kGiB : 80 * kGiB;
  if (w.mode != Mode::Infer && searches.fewest_gpus) {
    for (int z = 0; z <= 3; ++z) {
      int found = 0;
      for (int n = 1; n <= kMaxDataParallelSearch; n *= 2) {
        Workload t = w;
        t.zero = z;
        t.dp = n;
        t.tp = t.pp = t.cp = 1;
        if (memory_per_gpu(t, a).total() <= budget) {
          found = n;
          break;
        }
        if (z == 0) break;  // without ZeRO more replicas never lower per-GPU memory
      }
      r.fewest_gpus_by_zero.push_back(found);
    }
  }
  // Smallest catalog GPU (by memory, then id) that fits as configured.
  if (searches.smallest_gpu) {
    std::vector<const Gpu*> sorted;
    if (!searches.gpus_by_memory) sorted = gpus_by_memory(catalog);
    for (const Gpu* g : searches.gpus_by_memory ? *searches.gpus_by_memory : sorted)
      if (fits_on(w, *g, a)) {
        r.smallest_gpu = g->id;
        break;
      }
  }
  // Largest micro-batch (training) or context (inference) that fits the budget.
  auto largest = [&](auto set, int hi) {
    int lo = 0;
    while (lo < hi) {
      int mid = lo + (hi - lo + 1) / 2;
      Workload t = w;
      set(t, mid);
      if (memory_per_gpu(t, a).total() <= budget) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Inference without hardware: the machines that hold one copy, unified and discrete, side by side.
  if (w.mode == Mode::Infer && !hw && searches.machines) {
    r.machines = machine_options(w, catalog, a);
    r.machines_listed = true;
  }
  if (!searches.largest_fit) return r;
  int context_limit = w.model.max_context > 0 ? w.model.max_context : 1 << 24;
  if (w.mode == Mode::Infer) r.max_context = largest([](Workload& t, int v) { t.context = v; }, context_limit);
  else r.max_micro_batch = largest([](Workload& t, int v) { t.micro_batch = v; }, 1 << 16);
  return r;
}

}  // namespace rigplan

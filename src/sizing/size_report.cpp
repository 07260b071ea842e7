// Sizing on hardware and the follow-up searches (see include/rigplan/size_report.hpp).
#include "rigplan/size_report.hpp"

#include <algorithm>
#include <cmath>

namespace rigplan {

namespace {

double pcie_link_gb_s(int gen, int lanes) { return lanes * pcie_gb_s_per_lane(gen); }

bool fits_on(const Workload& w, const Gpu& g, const SizingAssumptions& a) {
  return memory_per_gpu(w, a).total() <= g.memory_gib * kGiB;
}
}  // namespace

double mig_instance_gib(const Gpu& g) {
  if (g.mig_instances <= 0) return 0;
  return g.memory_gib / (g.mig_instances == 7 ? 8 : g.mig_instances);
}

double peak_tflops(const Gpu& g, const std::string& p) {
  const auto& t = g.tflops;
  std::optional<double> v;
  if (p == "fp32") v = t.fp32;
  else if (p == "bf16") v = t.bf16 ? t.bf16 : t.fp16;
  else if (p == "fp16") v = t.fp16;
  else if (p == "fp8") v = t.fp8;
  else if (p == "int8" || p == "int4") v = t.int8;
  return v.value_or(0);
}

Hardware hardware_from_gpu(const Gpu& g, int count, bool p2p, const SizingAssumptions& a) {
  Hardware h{&g, count, {}, {}, "--gpu"};
  double pcie = pcie_link_gb_s(g.pcie.gen, g.pcie.lanes);
  if (g.nvlink) h.nvlink = Link{"nvlink", g.nvlink->bandwidth_gb_s};
  bool one_domain = g.nvlink && count <= g.nvlink->max_gpus && (g.nvlink->via != "bridge" || count == 2);
  if (one_domain) h.link = h.nvlink;
  else if (g.form_factor != "pcie" && g.nvlink) h.link = h.nvlink;
  else h.link = p2p ? Link{"pcie-p2p", pcie} : Link{"pcie-host-staged", pcie * a.host_staged_efficiency};
  return h;
}

Hardware hardware_from_build(const Build& b, const Placement& p, bool p2p, const SizingAssumptions& a) {
  Hardware h{b.gpus.empty() ? nullptr : b.gpus.front().part, b.gpu_count(), {}, {}, b.file};
  double slowest = 0;
  for (const auto& c : p.cards)
    if (c.is_gpu && c.bandwidth_gb_s > 0) slowest = slowest == 0 ? c.bandwidth_gb_s : std::min(slowest, c.bandwidth_gb_s);
  if (h.gpu && h.gpu->nvlink) h.nvlink = Link{"nvlink", h.gpu->nvlink->bandwidth_gb_s};
  if (b.bridge && h.gpu && h.gpu->nvlink && h.count <= h.gpu->nvlink->max_gpus) h.link = h.nvlink;
  else h.link = p2p ? Link{"pcie-p2p", slowest} : Link{"pcie-host-staged", slowest * a.host_staged_efficiency};
  return h;
}

TrainTime train_time(const Workload& w, const Gpu& g, const Link& link, const SizingAssumptions& a) {
  TrainTime t;
  t.comm = gradient_allreduce(w, link);
  double mfu = w.mfu.value_or(a.default_mfu);
  double peak = peak_tflops(g, w.precision) * 1e12;
  if (w.mode == Mode::Infer || peak <= 0) return t;
  // Backward of one micro-batch on one GPU: 4·N (2·N for LoRA's activation gradients) per token.
  double backward_per_token = (w.mode == Mode::Lora ? 2 : 4) * w.model.active() / (w.tp * w.pp);
  double window = backward_per_token * w.micro_batch * w.sequence() / (peak * mfu);
  t.exposed_seconds_per_step = std::max(0.0, t.comm.seconds_per_step - window);
  if (w.tokens > 0) {
    double global_batch = w.batch > 0 ? w.batch : static_cast<double>(w.micro_batch) * w.dp;
    t.steps = std::ceil(w.tokens / (global_batch * w.sequence()));
    t.compute_seconds = training_compute(w).flops / (w.gpus() * peak * mfu);
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
    TrainTime t = train_time(w, g, hw->link, a);
    r.comm = t.comm;
    r.exposed_seconds_per_step = t.exposed_seconds_per_step;
    r.steps = t.steps;
    r.compute_seconds = t.compute_seconds;
    r.seconds = t.seconds;
    if (!hw->nvlink.kind.empty()) {
      TrainTime nv = train_time(w, g, hw->nvlink, a);
      r.comm_nvlink = nv.comm;
      r.exposed_nvlink_seconds_per_step = nv.exposed_seconds_per_step;
    }
    // Per GPU: each reads its own shard of the weights from its own memory per token.
    if (w.mode == Mode::Infer) r.inference = inference_bounds(w, r.gpu_bytes, g.memory_bandwidth_gb_s, a);
    double per_copy = r.memory.total();
    r.copies_per_gpu = per_copy > 0 && w.gpus() == 1 ? static_cast<int>(r.gpu_bytes / per_copy) : 0;
    r.mig_instance_gib = mig_instance_gib(g);
    if (r.mig_instance_gib > 0 && w.gpus() == 1 && per_copy <= r.mig_instance_gib * kGiB) r.mig_copies = g.mig_instances;
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
        t.tp = t.pp = 1;
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
  if (!searches.largest_fit) return r;
  if (w.mode == Mode::Infer) r.max_context = largest([](Workload& t, int v) { t.context = v; }, 1 << 24);
  else r.max_micro_batch = largest([](Workload& t, int v) { t.micro_batch = v; }, 1 << 16);
  return r;
}

}  // namespace rigplan

// Unified-memory machines as the sizing model sees them, and the side-by-side list of machines
// that hold an inference workload (see include/rigplan/unified.hpp).
#include "rigplan/unified.hpp"

#include <algorithm>
#include <cmath>

namespace rigplan {

namespace {

// A tensor-parallel degree the model's heads allow: it divides the attention heads, and divides
// the KV heads or is a multiple of them (replicated; vLLM's GQA layout).
bool tp_allowed(const ModelSpec& m, int tp) {
  if (tp == 1) return true;
  if (m.heads <= 0 || m.heads % tp != 0) return false;
  int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
  return kv % tp == 0 || tp % kv == 0;
}

double decode_rate(const Workload& w, const Hardware& hw, const SizingAssumptions& a) {
  InferencePerf ip = inference_perf(w, perf_system(hw, a), w.prompt_tokens(), w.micro_batch, a.perf);
  return ip.decode_tokens_per_s;
}

void set_price(MachineOption& o, const PartBase& p, int count) {
  o.price = p.price;
  if (p.price_usd) o.total_usd = *p.price_usd * count;
  o.no_price = p.no_price;
}

// Price order; unpriced last; then unified before discrete, then id and count (a stable order).
bool cheaper(const MachineOption& x, const MachineOption& y) {
  if (x.total_usd.has_value() != y.total_usd.has_value()) return x.total_usd.has_value();
  if (x.total_usd && *x.total_usd != *y.total_usd) return *x.total_usd < *y.total_usd;
  if (x.unified != y.unified) return x.unified;
  return x.id != y.id ? x.id < y.id : x.count < y.count;
}

}  // namespace

Gpu unified_gpu(const UnifiedSystem& u, const PerfAssumptions& a) {
  Gpu g;
  g.id = u.id;
  g.name = u.name;
  g.source = u.source;
  g.vendor = u.vendor;
  g.architecture = u.architecture;
  g.compute_capability = u.compute_capability;
  g.gfx_target = u.gfx_target;
  g.memory_type = u.memory_type;
  g.memory_gib = std::max(0.0, u.memory_gib - a.unified_os_reserve_gib);
  g.memory_bandwidth_gb_s = u.memory_bandwidth_gb_s;
  g.tflops = u.tflops;
  g.tdp_w = u.tdp_w.value_or(0);
  g.form_factor = "soc";  // neither a PCIe card nor a module: no slot, no link
  return g;
}

Hardware hardware_from_system(const UnifiedSystem& u, const SizingAssumptions& a) {
  Hardware h;
  h.owned_gpu = std::make_shared<const Gpu>(unified_gpu(u, a.perf));
  h.gpu = h.owned_gpu.get();
  h.system = &u;
  h.count = 1;
  h.gpus_per_node = 1;
  h.source = "--system";
  // The CPU reaches the same memory: "host" traffic (offload) moves at the memory's bandwidth.
  h.link = Link{"unified", u.memory_bandwidth_gb_s};
  return h;
}

std::vector<MachineOption> unified_machine_options(const Workload& w, const Catalog& c, const SizingAssumptions& a) {
  std::vector<MachineOption> unified;
  if (w.mode != Mode::Infer) return {};
  Workload one = w;
  one.tp = one.pp = one.dp = 1;
  for (const auto& u : c.all<UnifiedSystem>()) {
    Hardware hw = hardware_from_system(u, a);
    MachineOption o;
    o.id = u.id;
    o.unified = true;
    o.gpu_memory_gib = hw.gpu->memory_gib;
    o.fits = memory_per_gpu(one, a).total() <= hw.gpu->memory_gib * kGiB;
    if (o.fits) o.decode_tokens_per_s = decode_rate(one, hw, a);
    set_price(o, u, 1);
    unified.push_back(std::move(o));
  }
  std::sort(unified.begin(), unified.end(), cheaper);
  return unified;
}

std::vector<MachineOption> machine_options(const Workload& w, const Catalog& c, const SizingAssumptions& a) {
  if (w.mode != Mode::Infer) return {};
  std::vector<MachineOption> unified = unified_machine_options(w, c, a), discrete;
  Workload one = w;
  one.tp = one.pp = one.dp = 1;
  for (const auto& g : c.all<Gpu>()) {
    if (!g.price_usd) continue;  // a price is what this list compares
    for (int n : kMachineCardCounts) {
      if (!tp_allowed(w.model, n)) continue;
      Workload t = one;
      t.tp = n;
      if (memory_per_gpu(t, a).total() > g.memory_gib * kGiB) continue;
      MachineOption o;
      o.id = g.id;
      o.count = n;
      o.gpu_memory_gib = g.memory_gib * n;
      o.fits = true;
      o.decode_tokens_per_s = decode_rate(t, hardware_from_gpu(g, n, /*p2p=*/true, a), a);
      set_price(o, g, n);
      discrete.push_back(std::move(o));
      break;  // the fewest cards of this model
    }
  }
  std::sort(discrete.begin(), discrete.end(), cheaper);
  if (discrete.size() > static_cast<std::size_t>(kMachineDiscreteShown)) discrete.resize(kMachineDiscreteShown);
  std::vector<MachineOption> out = std::move(unified);
  out.insert(out.end(), discrete.begin(), discrete.end());
  std::stable_sort(out.begin(), out.end(), cheaper);
  return out;
}

}  // namespace rigplan

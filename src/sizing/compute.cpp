// Compute, communication and inference bounds (see include/rigplan/sizing.hpp for sources).
#include <algorithm>
#include <cmath>

#include "rigplan/sizing.hpp"

namespace rigplan {

Compute training_compute(const Workload& w) {
  Compute c;
  const ModelSpec& m = w.model;
  double n = m.active();
  // Forward 2·N, backward 4·N (activation and weight gradients, 2·N each), recomputed forward 2·N.
  // LoRA freezes the base, so the weight-gradient half of the backward pass is skipped: 4·N.
  double passes = w.mode == Mode::Lora ? 4 : 6;
  if (w.recompute == Recompute::Full) passes += 2;
  c.flops_per_token = passes * n;
  c.flops = c.flops_per_token * w.tokens;
  // Narayanan et al. 2021, Eq. 3: F = 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) per iteration with
  // full recomputation (4 passes); per token, and scaled to the passes actually run.
  double l = m.layers, h = m.hidden, s = w.sequence(), v = m.vocab;
  double per_token_eq3 = 96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
  c.flops_narayanan = per_token_eq3 * (passes / 8) * w.tokens;  // Eq. 3 counts 4 passes (8·N per token)
  return c;
}

Communication gradient_allreduce(const Workload& w, const Link& link) {
  Communication c;
  c.link = link;
  int n = w.dp * std::max(1, w.cp);  // context-parallel ranks reduce the same gradients
  if (n <= 1 || w.mode == Mode::Infer) return c;
  double trained = w.mode == Mode::Lora ? 0 : w.model.params;  // LoRA: adapters only (tiny)
  if (w.mode == Mode::Lora) {
    const ModelSpec& m = w.model;
    double h = m.hidden, f = m.ffn;
    trained = m.layers * w.lora_rank * (6 * h + (m.mlp == "swiglu" ? 3 : 2) * (h + f));
  }
  double grad_bytes = trained / (w.tp * w.pp) * (w.precision == "fp32" ? 4 : 2);
  double factor = 2.0 * (n - 1) / n;  // ring all-reduce (reduce-scatter + all-gather)
  if (w.zero >= 3) factor *= 1.5;     // ZeRO §7: parameter all-gather in forward and backward
  c.bytes_per_step = grad_bytes * factor;
  c.seconds_per_step = link.gb_s > 0 ? c.bytes_per_step / (link.gb_s * 1e9) : 0;
  return c;
}

Inference inference_bounds(const Workload& w, double gpu_memory_bytes, double bandwidth_gb_s,
                           const SizingAssumptions& a) {
  Inference r;
  Workload one = w;
  one.mode = Mode::Infer;
  one.micro_batch = 1;
  MemoryBreakdown mem = memory_per_gpu(one, a);
  int ctx = w.inference_context();
  // Whole model: one rank of a single-GPU layout holds every layer and KV head.
  Workload whole = one;
  whole.tp = whole.pp = 1;
  r.kv_bytes_per_token = ctx > 0 ? kv_cache_bytes_per_token(whole) : 0;
  // An inference server claims only part of the GPU (vLLM's gpu_memory_utilization).
  double free = gpu_memory_bytes * a.perf.inference_memory_utilization - mem.weights - mem.overhead;
  double per_seq = mem.kv_cache;  // one sequence at the full context, this GPU's share
  r.max_sequences = per_seq > 0 && free > 0 ? std::floor(free / per_seq) : 0;
  // Decode at batch 1 reads every weight once per token (memory-bound; roofline, source 004).
  double weights_read = mem.weights * (w.model.active() / w.model.params);  // MoE: active experts only
  r.decode_tokens_per_s = weights_read > 0 ? bandwidth_gb_s * 1e9 / weights_read : 0;
  return r;
}

}  // namespace rigplan

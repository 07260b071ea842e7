// One transformer layer's FLOPs and times (see layer_cost.hpp). Per micro-batch of b sequences
// of s tokens, hidden h, q = heads·head_dim, kv = kv_heads·head_dim, MLP width f, tp = t:
//   QKV 2bsh(q+2kv), output projection 2bsqh, MLP 2bshf per matrix (2 for GELU/ReLU, 3 for
//   SwiGLU; ×experts_per_token for MoE), attention scores and values 4bs²q
// (Narayanan et al. 2021 §5.1: 24bsh² + 4bs²h for a GPT layer with f = 4h). The backward pass
// costs twice the forward for the GEMMs (activation and weight gradients); LoRA's frozen base
// skips the weight gradients. Flash attention skips the masked half of causal attention and its
// backward costs 2.5× its forward (Dao 2023, §4.1).
#include "perf/layer_cost.hpp"

#include <algorithm>

namespace rigplan::perf {

Device device_for(const Gpu& g, const std::string& precision, double speed, const PerfAssumptions& a) {
  Device d;
  d.peak = peak_flops(g, precision) * speed;
  // FP8 training and serving run the linear layers in FP8 and attention in 16-bit (Transformer
  // Engine's FP8 recipes, torchao's Float8Linear).
  d.attn_peak = peak_flops(g, precision == "fp8" ? "bf16" : precision) * speed;
  d.matmul_eff = matmul_efficiency_for(g, precision, a);
  d.bw = g.memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  d.flash_eff = a.flash_efficiency;
  d.flash_train_eff = a.flash_train_efficiency;
  d.flash_train_half_seq = a.flash_train_half_seq;
  d.loss_bytes_moved = a.eager_loss_bytes_moved;  // the framework's choice: loss_bytes_moved()
  d.elementwise_passes = a.elementwise_passes;
  d.gemm_half_gflop = a.gemm_half_gflop;
  d.softmax_passes = a.softmax_passes;
  d.backward_memory_factor = a.backward_memory_factor;
  return d;
}

double gemm_s(double m, double n, double k, double el, double count, const Device& d) {
  if (m <= 0 || n <= 0 || k <= 0 || d.peak <= 0) return 0;
  // Smaller GEMMs fill fewer SMs and waves: efficiency falls as g / (g + g0) with g the GEMM's
  // GFLOPs, the shape of Calculon's measured matrix-efficiency table (A100: 0.95 at 128 GFLOP,
  // 0.9 at 16, 0.6 at 1; Isaev et al. 2023, systems/a100_80g.json).
  double gflop = 2 * m * n * k / 1e9;
  double size_factor = gflop / (gflop + d.gemm_half_gflop);
  double compute = 2 * m * n * k / (d.peak * d.matmul_eff * size_factor);
  double traffic = (m * k + k * n + m * n) * el / d.bw;
  return count * std::max(compute, traffic);
}

double activation_bytes(const Workload& w) { return w.precision == "fp32" ? 4 : 2; }

LayerCost layer_cost(const Workload& w, const Device& d, double s) {
  const ModelSpec& m = w.model;
  LayerCost c;
  double b = w.micro_batch, h = m.hidden, t = w.tp;
  double dh = m.head_size();
  double heads = m.heads, kvh = m.kv_heads > 0 ? m.kv_heads : m.heads;
  double q = heads * dh, kv = kvh * dh, f = m.ffn;
  double mats = m.mlp == "swiglu" ? 3 : 2;
  double k_exp = std::max(1, m.experts_per_token), experts = std::max(1, m.experts);
  double el = activation_bytes(w);
  double tokens = b * s;

  double dense = 2 * tokens * h * (q + 2 * kv) + 2 * tokens * q * h + 2 * tokens * h * f * mats * k_exp;
  double scores = 4 * b * s * s * q;
  c.model_flops_fwd = dense + scores;

  // GEMMs on this GPU: column-parallel QKV and MLP-in, row-parallel projection and MLP-out.
  double kv_local = std::max(kv / t, dh);  // KV heads are replicated when tp exceeds their count
  double gemm = gemm_s(tokens, (q / t + 2 * kv_local), h, el, 1, d) + gemm_s(tokens, h, q / t, el, 1, d);
  if (experts > 1) {
    // Each expert sees its share of the routed tokens.
    double per_expert = tokens * k_exp / experts;
    gemm += gemm_s(per_expert, f * (mats - 1) / t, h, el, experts, d) + gemm_s(per_expert, h, f / t, el, experts, d);
  } else {
    gemm += gemm_s(tokens, f * (mats - 1) / t, h, el, 1, d) + gemm_s(tokens, h, f / t, el, 1, d);
  }

  // Attention core.
  double heads_local = std::max(1.0, heads / t);
  double attn_fwd = 0, attn_bwd = 0, softmax_bytes = 0;
  if (w.attention == "flash") {
    double exec = 4 * b * s * s * dh * heads_local * 0.5;  // causal: the masked half is skipped
    double eff = d.flash_train_eff * s / (s + d.flash_train_half_seq);
    attn_fwd = exec / (d.attn_peak * eff);
    attn_bwd = 2.5 * attn_fwd;
  } else {
    double bh = b * heads_local;
    attn_fwd = gemm_s(s, s, dh, el, bh, d) + gemm_s(s, dh, s, el, bh, d);
    attn_bwd = 2 * attn_fwd;
    softmax_bytes = bh * s * s * el;
  }

  // Memory-bound operations: norms and residual adds (replicated across the TP group unless
  // sequence parallelism splits them), the MLP activation, the softmax without flash attention.
  double hidden_elems = tokens * h / (w.sp ? t : 1);
  double act_passes = m.mlp == "swiglu" ? 3 : 2;
  double mem_fwd = (d.elementwise_passes * hidden_elems * el + act_passes * tokens * f * k_exp / t * el +
                    d.softmax_passes * softmax_bytes) / d.bw;

  bool lora = w.mode == Mode::Lora;
  double gemm_bwd = (lora ? 1 : 2) * gemm;
  c.wgrad_s = lora ? 0 : gemm;
  c.fwd_compute_s = gemm + attn_fwd;
  c.bwd_compute_s = gemm_bwd + attn_bwd;
  c.fwd_s = c.fwd_compute_s + mem_fwd;
  c.bwd_s = c.bwd_compute_s + d.backward_memory_factor * mem_fwd;
  if (w.recompute == "full") {
    c.recompute_compute_s = c.fwd_compute_s;
    c.recompute_s = c.fwd_s;
    c.recompute_flops = c.model_flops_fwd;
  } else if (w.recompute == "selective" && w.attention != "flash") {
    // Korthikanti §5: recompute the attention core (scores, softmax, values).
    c.recompute_compute_s = attn_fwd;
    c.recompute_s = attn_fwd + d.softmax_passes * softmax_bytes / d.bw;
    c.recompute_flops = scores;
  }
  return c;
}

LogitsCost logits_cost(const Workload& w, const Device& d, double s) {
  LogitsCost c;
  const ModelSpec& m = w.model;
  double tokens = w.micro_batch * s, v = m.vocab, h = m.hidden, t = w.tp;
  if (v <= 0) return c;
  c.model_flops_fwd = 2 * tokens * h * v;
  double el = activation_bytes(w);
  double gemm = gemm_s(tokens, v / t, h, el, 1, d);
  // Cross-entropy over fp32 logits: the framework's bytes moved per logit (PerfAssumptions).
  double ce = tokens * v / t * d.loss_bytes_moved / d.bw;
  c.fwd_s = gemm + ce / 3;
  c.bwd_s = (w.mode == Mode::Lora ? 1 : 2) * gemm + 2 * ce / 3;
  return c;
}

}  // namespace rigplan::perf

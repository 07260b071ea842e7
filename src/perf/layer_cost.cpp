// One transformer layer's FLOPs and times (see layer_cost.hpp). Per micro-batch of b sequences
// of s tokens, hidden h, q = heads·head_dim, kv = kv_heads·head_dim, MLP width f, tp = t:
//   QKV 2bsh(q+2kv), output projection 2bsqh, MLP 2bshf per matrix (2 for GELU/ReLU, 3 for
//   SwiGLU; ×experts_per_token for MoE), attention scores and values 4bs²q
// (Narayanan et al. 2021 §5.1: 24bsh² + 4bs²h for a GPT layer with f = 4h). The backward pass
// runs twice the forward's GEMM FLOPs (activation and weight gradients), each GEMM timed at its
// own shape (linear_s); LoRA's frozen base skips the weight gradients. Flash attention skips the masked half of causal attention and its
// backward costs 2.5× its forward (Dao 2023, §4.1). The memory-bound ops are counted in passes
// over their tensors, as the framework runs them (fused kernels, or the model's own PyTorch ops
// with their dropouts, layout copies, bias gradients and a fixed cost per layer; autocast's fp32
// residual stream).
#include "perf/layer_cost.hpp"

#include <algorithm>

#include "rigplan/framework.hpp"

namespace rigplan::perf {

Device device_for(const Gpu& g, const std::string& precision, double speed, const PerfAssumptions& a) {
  Device d;
  d.peak = peak_flops(g, precision) * speed;
  // FP8 training and serving run the linear layers in FP8 and attention in 16-bit (Transformer
  // Engine's FP8 recipes, torchao's Float8Linear).
  d.attn_peak = peak_flops(g, precision == "fp8" ? "bf16" : precision) * speed;
  d.matmul_eff = matmul_efficiency_for(g, precision, a);
  // The SMs' ceilings on eager PyTorch ops and their layout copies, at the power limit's speed.
  OpBandwidths bw = op_bandwidths(g, speed, a);
  d.bw = bw.memory;
  d.eager_bw = bw.eager_ops;
  d.layout_copy_bw = bw.layout_copies;
  d.flash_eff = a.flash_efficiency;
  d.flash_train_eff = a.flash_train_efficiency;
  d.flash_train_half_seq = a.flash_train_half_seq;
  d.loss_bytes_moved = a.eager_loss_bytes_moved;  // the framework's choice: loss_bytes_moved()
  d.elementwise_passes = a.elementwise_passes;
  d.autocast_elementwise_passes = a.autocast_elementwise_passes;
  d.eager_layer_overhead_s = a.eager_layer_overhead_s;
  d.gemm_half_gflop = a.gemm_half_gflop;
  // The knee was measured on 16-bit tensor-core GEMMs; fp32 on the CUDA cores runs each K step
  // 8-60 times slower against the same fixed cost per tile (its knee would sit far below any
  // hidden size), and FP8's knee, at twice the rate, was not fitted: both go without it.
  bool sixteen_bit_rate = precision != "fp32" && !(precision == "fp8" && g.tflops.fp8);
  d.gemm_knee_k = sixteen_bit_rate ? a.gemm_knee_k : 0;
  d.softmax_passes = a.softmax_passes;
  d.eager_softmax_passes = a.eager_softmax_passes;
  d.eager_softmax_backward_passes = a.eager_softmax_backward_passes;
  d.autocast_eager_softmax_passes = a.autocast_eager_softmax_passes;
  d.autocast_eager_softmax_backward_passes = a.autocast_eager_softmax_backward_passes;
  d.eager_head_copy_passes = a.eager_head_copy_passes;
  d.backward_memory_factor = a.backward_memory_factor;
  return d;
}

namespace {

// One kernel's roofline: `flops` at the GEMM efficiency, reduced by the size factor of the
// kernel's whole call (`call_gflop`) and by `knee_factor`, or `bytes` at memory speed.
// Smaller calls fill fewer SMs and waves: efficiency falls as g / (g + g0) with g the call's
// GFLOPs, the shape of Calculon's measured matrix-efficiency table (A100: 0.95 at 128 GFLOP, 0.9
// at 16, 0.6 at 1; Isaev et al. 2023, systems/a100_80g.json).
double gemm_roofline_s(double flops, double call_gflop, double knee_factor, double bytes, const Device& d) {
  double size_factor = call_gflop / (call_gflop + d.gemm_half_gflop);
  double compute = flops / (d.peak * d.matmul_eff * size_factor * knee_factor);
  return std::max(compute, bytes / d.bw);
}

}  // namespace

double gemm_s(double m, double n, double k, double el, double count, const Device& d, bool short_k) {
  if (m <= 0 || n <= 0 || k <= 0 || d.peak <= 0) return 0;
  // A short inner dimension: each output tile's fixed cost (pipeline fill, epilogue) is no longer
  // hidden behind a K-long main loop (gemm_knee_k, fitted on an H200's layer GEMMs).
  double knee_factor = short_k && d.gemm_knee_k > 0 ? std::min(1.0, k / d.gemm_knee_k) : 1;
  double flops = 2 * m * n * k;
  return count * gemm_roofline_s(flops, flops / 1e9, knee_factor, (m * k + k * n + m * n) * el, d);
}

double batched_gemm_s(double m, double n, double k, double el, double count, const Device& d) {
  if (m <= 0 || n <= 0 || k <= 0 || count <= 0 || d.peak <= 0) return 0;
  double flops = 2 * m * n * k * count;
  return gemm_roofline_s(flops, flops / 1e9, 1, count * (m * k + k * n + m * n) * el, d);
}

LinearCost linear_s(double tokens, double out, double in, double el, double count, const Device& d) {
  return {gemm_s(tokens, out, in, el, count, d), gemm_s(tokens, in, out, el, count, d),
          gemm_s(out, in, tokens, el, count, d)};
}

double decode_linear_s(double weight_bytes, double flops, double weight_bw, const Device& d) {
  double stream = weight_bw > 0 ? weight_bytes / weight_bw : 0;
  double compute = d.peak > 0 && d.matmul_eff > 0 ? flops / (d.peak * d.matmul_eff) : 0;
  return std::max(stream, compute);
}

double activation_bytes(const Workload& w) { return w.precision == "fp32" ? 4 : 2; }

LayerCost layer_cost(const Workload& w, const Device& d, double s, double keys) {
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
  // Documents packed into a sequence attend within themselves: s/L documents of L tokens each
  // (flash attention's variable-length kernel; an unfused kernel still runs the masked s x s).
  // Under context parallelism this GPU's s tokens attend over the whole sequence (`keys`).
  double whole = keys > 0 ? keys : s;
  double span = w.packed_length > 0 ? std::min<double>(w.packed_length, whole) : whole;
  double scores = 4 * b * s * span * q;
  c.model_flops_fwd = dense + scores;

  // GEMMs on this GPU: column-parallel QKV and MLP-in, row-parallel projection and MLP-out.
  double kv_local = std::max(kv / t, dh);  // KV heads are replicated when tp exceeds their count
  // Each expert sees its share of the routed tokens.
  double mlp_tokens = experts > 1 ? tokens * k_exp / experts : tokens, mlp_count = experts > 1 ? experts : 1;
  const LinearCost linears[] = {linear_s(tokens, q / t + 2 * kv_local, h, el, 1, d), linear_s(tokens, h, q / t, el, 1, d),
                                linear_s(mlp_tokens, f * (mats - 1) / t, h, el, mlp_count, d),
                                linear_s(mlp_tokens, h, f / t, el, mlp_count, d)};
  double gemm = 0, dgrad = 0, wgrad = 0;
  for (const LinearCost& l : linears) gemm += l.fwd_s, dgrad += l.dgrad_s, wgrad += l.wgrad_s;

  // What the framework (or the workload) fuses and what it runs as the model's own PyTorch ops
  // (rigplan/framework.hpp, layer_kernels).
  const LayerKernels fw = layer_kernels(w);

  // Attention core.
  double heads_local = std::max(1.0, heads / t);
  double attn_fwd = 0, attn_bwd = 0, softmax_bytes = 0, head_copy_bytes = 0;
  if (w.attention == Attention::Flash) {
    // Causal: the masked half is skipped. A short document runs the kernel as far below its best
    // as a short sequence does (flash_train_half_seq). Under context parallelism each ring step
    // runs the kernel on this GPU's chunk against one other chunk of the same length: the
    // kernel's extent is the chunk (Transformer Engine's AttnFuncWithCPAndKVP2P, one call a step).
    double exec = 4 * b * s * span * dh * heads_local * 0.5;
    double extent = std::min(span, s);
    double eff = d.flash_train_eff * extent / (extent + d.flash_train_half_seq);
    attn_fwd = exec / (d.attn_peak * eff);
    attn_bwd = 2.5 * attn_fwd;
  } else {
    double bh = b * heads_local;
    // One strided-batched GEMM over batch x heads for the scores and one for the context, K =
    // head size for the scores: usually memory-bound (the s² scores); the knee, fitted on linear
    // layers' K of 768-8192, is not carried down to K = 64-128.
    attn_fwd = batched_gemm_s(s, s, dh, el, bh, d) + batched_gemm_s(s, dh, s, el, bh, d);
    attn_bwd = 2 * attn_fwd;
    softmax_bytes = bh * s * s * el;
    // Run as PyTorch ops, the query, key, value and context are copied between the heads'
    // layout and the batched GEMM's (eager_head_copy_passes); Megatron feeds strided views.
    if (!fw.fused_softmax)
      head_copy_bytes = d.eager_head_copy_passes * tokens * (2 * q / t + 2 * kv_local) * el;
  }

  // Memory-bound operations: norms and residual adds (replicated across the TP group unless
  // sequence parallelism splits them), the MLP activation, the softmax without flash attention:
  // Megatron's fused scale-mask-softmax kernel, or the framework's separate PyTorch ops.
  double hidden_elems = tokens * h / (w.sp ? t : 1);
  // The MLP activation: one fused or elementwise op (2 passes; SwiGLU reads two halves: 3), the
  // backward backward_memory_factor times that. Squared ReLU (Nemotron-4) runs as two PyTorch ops
  // in every framework — Megatron-Core's activations.squared_relu is torch.pow(F.relu(x), 2) and
  // its MLP fuses only GeLU and SwiGLU (bias_activation_fusion) — each reading and writing forward
  // (4 passes) and reading the gradient and its input and writing backward (6).
  bool squared_relu = m.mlp == "squared_relu";
  double act_passes = m.mlp == "swiglu" ? 3 : squared_relu ? 4 : 2;
  double act_bwd_passes = squared_relu ? 6 : d.backward_memory_factor * act_passes;
  // Under autocast the residual stream and the norms are fp32 (autocast_elementwise_passes), and
  // the eager softmax's scores after the fp32 mask (autocast_eager_softmax_*passes).
  bool autocast = uses_autocast(w);
  double sm_fwd = fw.fused_softmax ? d.softmax_passes
                  : autocast      ? d.autocast_eager_softmax_passes
                                  : d.eager_softmax_passes;
  double sm_bwd = fw.fused_softmax ? d.softmax_passes * d.backward_memory_factor
                  : autocast      ? d.autocast_eager_softmax_backward_passes
                                  : d.eager_softmax_backward_passes;
  double ew_passes = autocast ? d.autocast_elementwise_passes : d.elementwise_passes;
  double act_elems = tokens * f * k_exp / t;
  // The model's own PyTorch ops run at the SMs' ceiling where it is below the memory's (Device::eager_bw).
  double op_bw = fw.eager_ops ? d.eager_bw : d.bw;
  double mem_other = (ew_passes * hidden_elems * el + act_passes * act_elems * el) / op_bw;
  double mem_other_bwd = (d.backward_memory_factor * ew_passes * hidden_elems * el + act_bwd_passes * act_elems * el) / op_bw;
  // The hidden states' two dropouts as their own ops (torch's native_dropout): the input read, the
  // output and a one-byte mask written forward; the gradient and the mask read and the input's
  // gradient written backward. Megatron's fused bias-dropout-add is a residual add's passes.
  double dropout_s = 0;
  if (m.hidden_dropout > 0 && !fw.fused_dropout_add)
    dropout_s = 2 * hidden_elems * (2 * el + 1) / op_bw;
  // The layout copies run PyTorch's strided copy kernel (Device::layout_copy_bw); only eager ops copy.
  double eager_s = dropout_s + head_copy_bytes / d.layout_copy_bw;  // forward and backward alike
  double softmax_fwd = sm_fwd * softmax_bytes / op_bw, softmax_bwd = sm_bwd * softmax_bytes / op_bw;
  double mem_fwd = mem_other + softmax_fwd + eager_s;

  bool lora = w.mode == Mode::Lora;
  // The linear layers' bias gradients, run as the model's own ops: PyTorch's linear backward sums
  // each output gradient over the tokens (one reduction kernel a layer, reading the gradient once;
  // 3 % of an H100 BERT step: tests/data/measured/h100-sxm-vm-2026-11-27-bert.json). Transformer
  // Engine folds them into its GEMMs' epilogues or casts; a LoRA fine-tune leaves the biases frozen.
  double bias_grad_s = 0;
  if (m.linear_bias && fw.eager_ops && !lora)
    bias_grad_s = (tokens * (q / t + 2 * kv_local + h) + mlp_tokens * mlp_count * (f * (mats - 1) / t + h)) * el / op_bw;
  double gemm_bwd = dgrad + (lora ? 0 : wgrad);
  c.wgrad_s = lora ? 0 : wgrad;
  c.fwd_compute_s = gemm + attn_fwd;
  c.bwd_compute_s = gemm_bwd + attn_bwd;
  c.attn_fwd_s = attn_fwd;
  c.attn_bwd_s = attn_bwd;
  // The model's own ops, one kernel each: a fixed cost per layer and micro-batch, a third of it
  // forward (the backward pass launches about twice the forward's kernels).
  double launch_s = fw.eager_ops ? d.eager_layer_overhead_s : 0;
  c.fwd_s = c.fwd_compute_s + mem_fwd + launch_s / 3;
  c.bwd_s = c.bwd_compute_s + mem_other_bwd + softmax_bwd + eager_s + bias_grad_s + 2 * launch_s / 3;
  if (w.recompute == Recompute::Full) {
    c.recompute_compute_s = c.fwd_compute_s;
    c.recompute_s = c.fwd_s;
    c.recompute_flops = c.model_flops_fwd;
  } else if (w.recompute == Recompute::Op) {
    // torchtitan's per-op selective checkpointing (torchtitan/distributed/activation_checkpoint.py,
    // `selective_ac_option = "op"`): the outputs of the matrix multiplies and of attention are kept
    // except every second matrix multiply, and every other op of the block (norms, rotary
    // embedding, the MLP activation) is recomputed. Its Llama blocks run wq, wk, wv, wo, then
    // w1, w3, w2 (SwiGLU) or the MLP's in and out matrices: wk, wo and w3 (or MLP-out) rerun.
    double k_proj = gemm_s(tokens, kv_local, h, el, 1, d);
    double mlp_second = m.mlp == "swiglu" ? gemm_s(mlp_tokens, f / t, h, el, mlp_count, d) : linears[3].fwd_s;
    c.recompute_compute_s = k_proj + linears[1].fwd_s + mlp_second;
    c.recompute_s = c.recompute_compute_s + mem_fwd;
    c.recompute_flops = 2 * tokens * h * kv + 2 * tokens * q * h + 2 * tokens * h * f * k_exp;
  } else if (w.recompute == Recompute::Selective && w.attention != Attention::Flash) {
    // Korthikanti §5: recompute the attention core (scores, softmax, values).
    c.recompute_compute_s = attn_fwd;
    c.recompute_s = attn_fwd + softmax_fwd;
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
  LinearCost gemm = linear_s(tokens, v / t, h, el, 1, d);
  // Cross-entropy over fp32 logits: the framework's bytes moved per logit (PerfAssumptions).
  double ce = tokens * v / t * d.loss_bytes_moved / d.bw;
  c.fwd_s = gemm.fwd_s + ce / 3;
  c.bwd_s = gemm.dgrad_s + (w.mode == Mode::Lora ? 0 : gemm.wgrad_s) + 2 * ce / 3;
  return c;
}

}  // namespace rigplan::perf

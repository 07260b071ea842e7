// The cost of one transformer layer (and of the output logits) for one micro-batch on one GPU of
// a tensor-parallel group: FLOPs as the model counts them (Narayanan et al. 2021, Eq. 3,
// generalised per matrix to grouped-query attention, SwiGLU and mixture-of-experts MLPs) and the
// predicted forward, backward and recompute times on the GPU (see include/rigplan/perf.hpp).
#pragma once

#include "rigplan/perf.hpp"

namespace rigplan::perf {

// What one GPU runs at, derived once per (GPU, precision, assumptions).
struct Device {
  double peak = 0;        // dense FLOP/s at the precision, power limit applied
  double attn_peak = 0;   // the attention kernels': 16-bit when the linear layers run in FP8
  double matmul_eff = 0;  // large-GEMM share of peak
  double bw = 0;          // achieved memory bandwidth, bytes/s
  double eager_bw = 0;    // the same for the model's own PyTorch ops: bw, or the SMs' ceiling below it
  double layout_copy_bw = 0;  // the same for their strided layout copies
  double flash_eff = 0;                                   // inference (forward only)
  double flash_train_eff = 0, flash_train_half_seq = 0;   // training, by sequence length
  double loss_bytes_moved = 0;                            // per logit, forward and backward
  double elementwise_passes = 0, softmax_passes = 0, backward_memory_factor = 0, gemm_half_gflop = 0;
  double autocast_elementwise_passes = 0, eager_layer_overhead_s = 0;
  double eager_softmax_passes = 0, eager_softmax_backward_passes = 0;
  double autocast_eager_softmax_passes = 0, autocast_eager_softmax_backward_passes = 0;
  double eager_head_copy_passes = 0;
  double gemm_knee_k = 0;  // inner dimension below which efficiency falls in proportion (0: off)
};
Device device_for(const Gpu& g, const std::string& precision, double speed, const PerfAssumptions& a);

// Roofline time of a GEMM (m×k)·(k×n) with `el` bytes per element, `count` of them. `short_k`:
// whether an inner dimension below d.gemm_knee_k slows it (the linear layers' GEMMs, on which
// the knee was fitted; not attention's batched GEMMs, whose K is the head size).
double gemm_s(double m, double n, double k, double el, double count, const Device& d, bool short_k = true);
// `count` GEMMs of one shape issued as one strided-batched call (torch.matmul / bmm over leading
// dimensions: cublasGemmStridedBatchedEx): one kernel fills the GPU with all of them, so the size
// factor is that of their total FLOPs, not of one (unfused attention's per-head score GEMMs).
double batched_gemm_s(double m, double n, double k, double el, double count, const Device& d);

// A linear layer's three GEMMs for `tokens` rows, `in` → `out` features: the forward (tokens ×
// out, K = in), the activation gradient (tokens × in, K = out) and the weight gradient (out × in,
// K = tokens). Their FLOPs are equal; their inner dimensions, and so their efficiencies, are not.
struct LinearCost {
  double fwd_s = 0, dgrad_s = 0, wgrad_s = 0;
};
LinearCost linear_s(double tokens, double out, double in, double el, double count, const Device& d);

// A decode step's linear layers: every weight byte streamed once at `weight_bw` (bytes/s), or
// their `flops` at the large-GEMM share of peak, whichever takes longer — the per-operator
// roofline of src/perf/inference.cpp (a GEMM of a few rows reads its whole weight matrix).
double decode_linear_s(double weight_bytes, double flops, double weight_bw, const Device& d);

struct LayerCost {
  double model_flops_fwd = 0;  // whole layer (not divided by tp), full attention scores
  double fwd_s = 0, bwd_s = 0, recompute_s = 0;  // this GPU's share
  double fwd_compute_s = 0, bwd_compute_s = 0, recompute_compute_s = 0;  // the GEMM/attention part
  double recompute_flops = 0;  // whole layer, extra forward FLOPs recomputation runs
  double wgrad_s = 0;          // the weight-gradient GEMMs of the backward pass
  double attn_fwd_s = 0, attn_bwd_s = 0;  // the attention core, forward and backward
};
// `seq` tokens of each sequence on this GPU; `keys`, the tokens they attend over where that is
// more (context parallelism: the whole sequence); 0 = seq.
LayerCost layer_cost(const Workload& w, const Device& d, double seq, double keys = 0);

struct LogitsCost {
  double model_flops_fwd = 0;  // whole (not divided by tp)
  double fwd_s = 0, bwd_s = 0;
};
LogitsCost logits_cost(const Workload& w, const Device& d, double seq);

// Bytes per activation element at the workload's precision (fp8 training keeps 16-bit activations
// between layers; int8/int4 apply to weights only).
double activation_bytes(const Workload& w);

}  // namespace rigplan::perf

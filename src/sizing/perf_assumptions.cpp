// The performance model's named constants: their documentation and `--perf NAME=VALUE`
// overrides. They sit with the workload (sizing/) because memory reads some of them too (the
// loss's held bytes, autocast's weight copies); what the model does with them is in perf/.
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "rigplan/perf_assumptions.hpp"

namespace rigplan {

namespace {

using A = PerfAssumptions;

// What a --perf override may be, so that every time and rate the model computes stays finite:
// a fraction is 0..1 and a quantity is bounded far beyond any real value (a ring-step latency or
// a per-parameter optimizer time of a second, a GEMM of a petaFLOP). Efficiencies and bandwidths
// divide, so they must be above 0 — unless the entry says what 0 means ("0 = ..."), a fallback the
// model takes in its place (matmul_efficiency's 0 means "by architecture", mmq_int8_efficiency's
// the 16-bit GEMM); an overlap of 0 means none. A quantity past its bound made `size` print "inf
// days (-nan ...)".
struct Bounds {
  double max;
  bool positive;  // 0 refused
};
Bounds bounds_of(const PerfAssumptionDoc& d) {
  std::string_view n = d.name, u = d.unit;
  bool zero_has_meaning = d.doc.find("0 = ") != std::string_view::npos;
  bool divides = (u == "fraction" && n.size() > 11 && n.substr(n.size() - 11) == "_efficiency" && !zero_has_meaning) ||
                 n == "inference_memory_utilization" || u == "GB/s";
  if (u == "fraction") return {1, divides};
  if (u == "s") return {1, false};
  if (u == "GFLOP") return {1e6, false};
  if (u == "GB/s") return {1e6, true};
  if (u == "tokens" || u == "elements") return {1e7, false};
  if (u == "YYYYMM") return {999912, false};
  return {1e3, divides};  // bytes, passes, x
}

}  // namespace

const std::vector<PerfAssumptionDoc>& perf_assumption_docs() {
  static const std::vector<PerfAssumptionDoc> docs = {
      {"matmul_efficiency", "fraction", "large-GEMM share of dense peak for every GPU; 0 = by vendor and precision",
       &A::matmul_efficiency},
      {"nvidia_matmul_efficiency", "fraction", "the same, NVIDIA tensor cores in 16-bit", &A::nvidia_matmul_efficiency},
      {"reference_fp16_gemm_share", "fraction",
       "measured share of the dense fp16 peak large GEMMs reach on the card nvidia_matmul_efficiency was fitted on "
       "(A100 SXM4 80GB); a card with its own measured share (catalog measured_matmul) scales the efficiency by "
       "its share over this (Hopper cards: over the next); 0 = no scaling",
       &A::reference_fp16_gemm_share},
      {"reference_bf16_gemm_share", "fraction", "the same in bf16", &A::reference_bf16_gemm_share},
      {"hopper_reference_fp16_gemm_share", "fraction",
       "the same for Hopper cards: the H100 SXM5's measured fp16 share; 0 = no scaling",
       &A::hopper_reference_fp16_gemm_share},
      {"hopper_reference_bf16_gemm_share", "fraction", "the same in bf16", &A::hopper_reference_bf16_gemm_share},
      {"hopper_sxm_overlap_clock_share", "fraction",
       "share of the clock its GEMMs hold alone a Hopper SXM GPU (H100 SXM5, H200 SXM) holds in a 16-bit training "
       "step on more than one GPU, collectives running beside its math (power limit); 1 = none",
       &A::hopper_sxm_overlap_clock_share},
      {"blackwell_sxm_clock_share", "fraction",
       "share of its short-run rate a Blackwell SXM GPU (B200, GB200, B300, GB300) holds in a 16-bit training step "
       "under sustained load (power limit); 1 = none",
       &A::blackwell_sxm_clock_share},
      {"fp8_matmul_efficiency", "fraction", "the same, NVIDIA FP8 (of the FP8 peak)", &A::fp8_matmul_efficiency},
      {"fp8_inference_matmul_efficiency", "fraction",
       "the same, NVIDIA FP8 GEMMs of an inference prefill; 0 = fp8_matmul_efficiency",
       &A::fp8_inference_matmul_efficiency},
      {"fp32_matmul_efficiency", "fraction", "the same, fp32 without tensor cores (SGEMM)", &A::fp32_matmul_efficiency},
      {"cdna3_matmul_efficiency", "fraction", "the same, AMD CDNA3 (MI300X, MI325X) in 16-bit",
       &A::cdna3_matmul_efficiency},
      {"cdna3_fp8_matmul_efficiency", "fraction", "the same, AMD CDNA3 in FP8 (of the FP8 peak)",
       &A::cdna3_fp8_matmul_efficiency},
      {"other_matmul_efficiency", "fraction", "the same, AMD RDNA3 and Intel Xe2, and CDNA3 in fp32 (an assumption)",
       &A::other_matmul_efficiency},
      {"gemm_half_gflop", "GFLOP", "GEMM size at which a GEMM reaches half its large-size efficiency", &A::gemm_half_gflop},
      {"gemm_knee_k", "elements",
       "inner dimension K below which a GEMM's efficiency falls as K / gemm_knee_k (0 = off)", &A::gemm_knee_k},
      {"memory_efficiency", "fraction", "share of peak memory bandwidth streaming kernels reach (all but AMD CDNA3)",
       &A::memory_efficiency},
      {"cdna3_memory_efficiency", "fraction", "the same, AMD CDNA3 (MI300X, MI325X)", &A::cdna3_memory_efficiency},
      {"flash_efficiency", "fraction", "share of dense peak a flash-attention kernel reaches (FlashAttention-2 §4.1)",
       &A::flash_efficiency},
      {"flash_train_efficiency", "fraction",
       "training flash attention (forward + backward) at long sequences, as a share of dense peak", &A::flash_train_efficiency},
      {"flash_train_half_seq", "tokens", "sequence length at which training flash attention reaches half that share",
       &A::flash_train_half_seq},
      {"autocast_bytes_per_param", "bytes",
       "memory traffic per parameter and micro-batch of PyTorch autocast's weight casts (Hugging Face Trainer)",
       &A::autocast_bytes_per_param},
      {"eager_loss_bytes_moved", "bytes", "memory traffic per logit of PyTorch's eager fp32 cross-entropy, forward and backward",
       &A::eager_loss_bytes_moved},
      {"eager_loss_bytes_held", "bytes", "bytes per logit PyTorch's eager fp32 cross-entropy holds at its peak",
       &A::eager_loss_bytes_held},
      {"fused_loss_bytes_moved", "bytes", "the same traffic, Megatron-LM's vocab-parallel cross-entropy",
       &A::fused_loss_bytes_moved},
      {"fused_loss_bytes_held", "bytes", "the same bytes held, Megatron-LM's vocab-parallel cross-entropy",
       &A::fused_loss_bytes_held},
      {"nvlink_efficiency", "fraction", "collective bus bandwidth as a share of NVLink's per-direction bandwidth",
       &A::nvlink_efficiency},
      {"network_efficiency", "fraction", "collective bus bandwidth as a share of the network's per-GPU bandwidth",
       &A::network_efficiency},
      {"pcie_efficiency", "fraction", "share of a PCIe link's bandwidth a transfer reaches", &A::pcie_efficiency},
      {"pcie_collective_efficiency", "fraction",
       "share of a PCIe link's per-direction bandwidth NCCL's ring collectives between GPUs reach (bus bandwidth, "
       "peer-to-peer)",
       &A::pcie_collective_efficiency},
      {"nvlink_latency_s", "s", "latency per ring step over NVLink", &A::nvlink_latency_s},
      {"pcie_latency_s", "s", "latency per ring step over PCIe", &A::pcie_latency_s},
      {"network_latency_s", "s", "latency per ring step over the network", &A::network_latency_s},
      {"oneshot_allreduce_latency_s", "s",
       "fixed cost of an inference engine's one-shot all-reduce inside a fully connected node (vLLM custom all-reduce)",
       &A::oneshot_allreduce_latency_s},
      {"grad_reduce_bytes", "bytes", "bytes per gradient element in the data-parallel reduction (4 = fp32)",
       &A::grad_reduce_bytes},
      {"megatron_fp8_grad_reduce_bytes", "bytes",
       "the same, Megatron in FP8 (NVIDIA's FP8 recipes: grad_reduce_in_fp32 off, 2 = bf16)",
       &A::megatron_fp8_grad_reduce_bytes},
      {"megatron_fp8_param_gather_bytes", "bytes",
       "bytes per parameter of the distributed optimizer's all-gather, Megatron in FP8 (fp8_param_gather: 1)",
       &A::megatron_fp8_param_gather_bytes},
      {"dp_overlap", "fraction",
       "share of the last micro-batch's backward pass the gradient reduction hides behind, every framework (default: "
       "by framework)",
       &A::dp_overlap},
      {"megatron_dp_overlap", "fraction", "the same, Megatron-LM with --overlap-grad-reduce", &A::megatron_dp_overlap},
      {"deepspeed_dp_overlap", "fraction", "the same, DeepSpeed below ZeRO-3 (overlap_comm off by default)",
       &A::deepspeed_dp_overlap},
      {"ddp_overlap", "fraction", "the same, PyTorch DDP and FSDP (bucketed reduction) and DeepSpeed ZeRO-3 (overlap_comm)",
       &A::ddp_overlap},
      {"host_staged_overlap", "fraction", "the most of it hidden when the reduction is staged through host memory",
       &A::host_staged_overlap},
      {"megatron_p2p_overlap", "fraction",
       "share of the steady-state pipeline sends Megatron-LM's interleaved schedule hides behind compute",
       &A::megatron_p2p_overlap},
      {"tp_backward_overlap", "fraction", "share of the weight-gradient GEMMs that hide the backward TP all-reduces (no SP)",
       &A::tp_backward_overlap},
      {"tp_comm_overlap", "fraction",
       "share of a layer's GEMMs that hide its TP collectives with SP (Transformer Engine userbuffers; 0 = off)",
       &A::tp_comm_overlap},
      {"zero3_overlap", "fraction", "share of a layer's compute a DeepSpeed ZeRO-3 parameter gather hides behind",
       &A::zero3_overlap},
      {"fsdp_prefetch_overlap", "fraction", "share of a layer's compute an FSDP all-gather hides behind (prefetch)",
       &A::fsdp_prefetch_overlap},
      {"elementwise_passes", "passes", "elementwise traffic per layer forward, in passes over b·s·h", &A::elementwise_passes},
      {"autocast_elementwise_passes", "passes",
       "the same under PyTorch autocast over fp32 weights (fp32 residual stream and norms, input casts)",
       &A::autocast_elementwise_passes},
      {"eager_layer_overhead_s", "s",
       "fixed time per layer and micro-batch, forward and backward, of a training step in eager PyTorch (FSDP, Hugging Face)",
       &A::eager_layer_overhead_s},
      {"backward_memory_factor", "x", "backward elementwise traffic as a multiple of the forward", &A::backward_memory_factor},
      {"softmax_passes", "passes", "passes over the a·s² scores without flash attention", &A::softmax_passes},
      {"eager_softmax_passes", "passes",
       "the same where the framework runs scale, mask, softmax and dropout as separate ops (PyTorch DDP, FSDP), forward",
       &A::eager_softmax_passes},
      {"eager_softmax_backward_passes", "passes", "the same, backward", &A::eager_softmax_backward_passes},
      {"autocast_eager_softmax_passes", "passes",
       "the same under autocast over fp32 weights (scores promoted to fp32 by the fp32 mask, softmax in fp32), forward",
       &A::autocast_eager_softmax_passes},
      {"autocast_eager_softmax_backward_passes", "passes", "the same, backward",
       &A::autocast_eager_softmax_backward_passes},
      {"eager_head_copy_passes", "passes",
       "copies of the query, key, value and context between the heads' layout and the batched GEMM's where the "
       "framework runs unfused attention as PyTorch ops, passes of one element each way (Megatron: none)",
       &A::eager_head_copy_passes},
      {"eager_op_bytes_per_sm_cycle", "bytes",
       "most bytes an eager PyTorch memory-bound op moves per SM clock cycle (a ceiling below the DRAM's on "
       "GPUs with few SMs for their bandwidth; 0 = none)",
       &A::eager_op_bytes_per_sm_cycle},
      {"eager_layout_copy_bytes_per_sm_cycle", "bytes",
       "the same for the heads' layout copies (PyTorch's strided copy kernel; 0 = none)",
       &A::eager_layout_copy_bytes_per_sm_cycle},
      {"optimizer_bytes_per_param", "bytes", "memory traffic of the optimizer step per local parameter",
       &A::optimizer_bytes_per_param},
      {"cpu_adam_s_per_param", "s", "CPU optimizer time per offloaded parameter", &A::cpu_adam_s_per_param},
      {"decode_layer_overhead_s", "s", "fixed cost per layer of an inference decode step (kernel launches, host work)",
       &A::decode_layer_overhead_s},
      {"llamacpp_2024_decode_layer_overhead_s", "s",
       "the same for a llama.cpp (GGUF) decode step on builds before June 2024; 0 = decode_layer_overhead_s",
       &A::llamacpp_2024_decode_layer_overhead_s},
      {"prefill_layer_overhead_s", "s",
       "fixed cost per layer of a prefill (a prompt's kernels launched one by one); 0 = decode_layer_overhead_s",
       &A::prefill_layer_overhead_s},
      {"block_quant_decode_efficiency", "fraction",
       "share of peak memory bandwidth a decode step's weight stream reaches in a block-quantised format (GGUF)",
       &A::block_quant_decode_efficiency},
      {"block_quant_decode_efficiency_2024", "fraction",
       "the same for llama.cpp builds before June 2024 (llamacpp_build_month below 202406)",
       &A::block_quant_decode_efficiency_2024},
      {"llamacpp_stage_boundary_s", "s",
       "time a llama.cpp pass loses at each boundary of a model split over GPUs by layer, beyond the send",
       &A::llamacpp_stage_boundary_s},
      {"gguf_16bit_decode_efficiency", "fraction",
       "share of peak memory bandwidth llama.cpp's 16-bit kernels stream GGUF F16/BF16 weights at; 0 = memory_efficiency",
       &A::gguf_16bit_decode_efficiency},
      {"kquant_decode_efficiency_2024", "fraction",
       "the same for K-quant formats (q4_k_m) on NVIDIA GPUs in llama.cpp builds before June 2024",
       &A::kquant_decode_efficiency_2024},
      {"amd_kquant_decode_efficiency", "fraction",
       "the same for K-quant formats (q4_k_m) on AMD GPUs, whose K-quant matrix-vector kernels are bound by unpacking",
       &A::amd_kquant_decode_efficiency},
      {"llamacpp_decode_bytes_per_sm_cycle", "bytes",
       "most weight bytes llama.cpp's matrix-vector kernels read per SM clock cycle in a decode step, any GGUF format "
       "(NVIDIA; a ceiling below the share of bandwidth on GPUs with few SMs for their memory; 0 = none)",
       &A::llamacpp_decode_bytes_per_sm_cycle},
      {"llamacpp_build_month", "YYYYMM",
       "month of the llama.cpp build a GGUF workload runs (0 = a current build); before 202406 takes the 2024 decode share "
       "and per-layer cost and the cuBLAS prompt path (no MMQ on tensor cores), before 202404 the output layer for every "
       "prompt token",
       &A::llamacpp_build_month},
      {"mmq_int8_efficiency", "fraction",
       "share of the INT8 tensor peak a GGUF block-quantised prefill reaches on NVIDIA GPUs (llama.cpp MMQ; 0 = 16-bit GEMM "
       "on weights dequantised per ubatch)",
       &A::mmq_int8_efficiency},
      {"llamacpp_ubatch_tokens", "tokens",
       "prompt tokens llama.cpp evaluates at a time (n_ubatch); the older prefill path dequantises every weight matrix "
       "once per ubatch",
       &A::llamacpp_ubatch_tokens},
      {"turing_mmq_int8_efficiency", "fraction",
       "the same on Turing GPUs (RTX 20, Quadro RTX, T4), whose MMQ reaches a smaller share (0 = mmq_int8_efficiency)",
       &A::turing_mmq_int8_efficiency},
      {"llamacpp_cublas_efficiency", "fraction",
       "share of the FP16-accumulate tensor peak llama.cpp's cuBLAS prompt GEMMs reach (NVIDIA; GGUF F16, and "
       "block formats without MMQ); 0 = the 16-bit GEMM at the inference GEMM efficiency",
       &A::llamacpp_cublas_efficiency},
      {"llamacpp_early_2024_prompt_share", "fraction",
       "share of that cuBLAS prompt rate llama.cpp builds before April 2024 reached (llamacpp_build_month below 202404); "
       "1 = none",
       &A::llamacpp_early_2024_prompt_share},
      {"hopper_legacy_mma_share", "fraction",
       "share of the dense tensor peak Hopper GPUs reach with pre-Hopper mma.sync instructions, taken for llama.cpp's "
       "prompt GEMMs there (MMQ and cuBLAS FP16 accumulation); 0 = none",
       &A::hopper_legacy_mma_share},
      {"prefill_score_bytes", "bytes",
       "bytes moved per attention score by a prefill without flash attention (attention standard)",
       &A::prefill_score_bytes},
      {"gqa_kv_shared_reads", "fraction",
       "share of a KV head's repeated cache reads its query heads share in decode attention (1: once a group; 0: once a head)",
       &A::gqa_kv_shared_reads},
      {"inference_memory_utilization", "fraction", "share of GPU memory an inference server claims (vLLM default 0.9)",
       &A::inference_memory_utilization},
      {"unified_os_reserve_gib", "GiB",
       "memory of a unified-memory machine the operating system keeps from the GPU (DGX Spark idle: 8 GiB)",
       &A::unified_os_reserve_gib},
      {"network_gb_s_per_gpu", "GB/s", "network bandwidth per GPU between nodes when the hardware does not give one",
       &A::network_gb_s_per_gpu},
  };
  return docs;
}

std::optional<std::string> set_perf_assumption(PerfAssumptions& a, std::string_view assignment) {
  return set_named_constant(a, perf_assumption_docs(), assignment,
                            {"--perf", "performance assumption", "docs/performance-model.md"}, [](const PerfAssumptionDoc& d) {
                              Bounds b = bounds_of(d);
                              return ConstantBounds{0, b.max, b.positive};
                            });
}

}  // namespace rigplan

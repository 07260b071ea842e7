// The performance model: how long one training step or one inference token takes on given GPUs
// and links, predicted from the hardware instead of a guessed MFU. It follows the analytical
// approach of Megatron-LM's own estimates and of Calculon (Isaev et al., SC'23):
//  - a transformer layer's matrix multiplies (Narayanan et al. 2021, §5.1 and Eq. 3; GQA and
//    SwiGLU counted per matrix) each run at the roofline of its GEMM (Williams et al. 2009): the
//    slower of compute at dense tensor throughput × matmul efficiency and its operand traffic at
//    memory bandwidth × memory efficiency;
//  - the memory-bound operations (norms, residual adds, activation functions, softmax without
//    flash attention, the optimizer step) at memory bandwidth;
//  - attention with flash attention at its own kernel efficiency, causal blocks skipped, its
//    backward 2.5× its forward (Dao 2023, "FlashAttention-2", §3.1 and §4.1);
//  - recomputation: full (a whole extra forward) or selective (the attention core; Korthikanti
//    et al. 2022, §5), kept apart from the model FLOPs so MFU and HFU differ as in that paper;
//  - tensor-parallel all-reduces (or SP's reduce-scatter + all-gather, the same volume) four per
//    layer per micro-batch (Korthikanti §4.2.2), ring cost 2(t−1)/t (Patarasuk & Yuan 2009);
//  - pipeline: 1F1B bubble (p−1)/m and interleaved (p−1)/(v·m) (Narayanan §2.2), stage-to-stage
//    sends with the scatter/gather optimisation (Narayanan §4.1);
//  - context parallelism: a cp-th of each sequence per GPU, attention over the whole of it, the
//    key/value chunks passed round a ring behind each step's attention (Megatron-LM's
//    context_parallel.rst; Liu et al. 2023, "Ring Attention");
//  - data-parallel gradient reduction (over the data- and context-parallel ranks), hierarchical
//    within then across nodes, overlapped with the last micro-batch's backward pass (Li et al.
//    2020, "PyTorch Distributed", §3.2.3);
//  - ZeRO-3 parameter gathers per micro-batch (Rajbhandari et al. 2020, §7), prefetched;
//  - offload traffic over the host link (Ren et al. 2021, "ZeRO-Offload", §4).
// Every efficiency is a named constant in PerfAssumptions with its source; users override them
// (`--perf NAME=VALUE`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/parts.hpp"
#include "rigplan/perf_assumptions.hpp"
#include "rigplan/sizing.hpp"
#include "rigplan/workload.hpp"

namespace rigplan {


// Large-GEMM efficiency by GPU vendor, generation and precision (of the precision's dense peak).
double matmul_efficiency_for(const Gpu& g, const std::string& precision, const PerfAssumptions& a);
// The factor matmul_efficiency_for applied for the card's measured GEMM rate (catalog
// measured_matmul over its generation's reference share); 1 where it applied none.
double measured_gemm_scale_for(const Gpu& g, const std::string& precision, const PerfAssumptions& a);
// The same for an inference prefill's GEMMs: NVIDIA FP8 takes fp8_inference_matmul_efficiency.
double inference_matmul_efficiency_for(const Gpu& g, const std::string& precision, const PerfAssumptions& a);
// Share of the dense INT8 peak llama.cpp's MMQ prefill reaches on this NVIDIA GPU
// (turing_mmq_int8_efficiency on Turing, mmq_int8_efficiency on later generations); 0 = no MMQ
// path (mmq_int8_efficiency 0: a 16-bit GEMM).
double mmq_int8_efficiency_for(const Gpu& g, const PerfAssumptions& a);
// INT8 operations a second llama.cpp's MMQ prefill reaches on this NVIDIA GPU at rated clocks:
// mmq_int8_efficiency_for of a GeForce-class SM's INT8 rate (kMmqSmInt8OpsPerCycle) per SM
// cycle, or of the card's INT8 peak where its SMs x clock are unknown; 0 = no MMQ path.
double mmq_rate_for(const Gpu& g, const PerfAssumptions& a);
// Share of the tensor peak kernels built on pre-Hopper mma.sync instructions reach on this GPU:
// hopper_legacy_mma_share on Hopper, 1 elsewhere (their native instructions) and where it is 0.
double legacy_mma_share_for(const Gpu& g, const PerfAssumptions& a);
// Share of its rated clock this GPU's SMs hold in a training step on `gpus` GPUs:
// hopper_sxm_overlap_clock_share on a Hopper SXM board when gpus > 1 (collectives beside the
// math push it to its power limit), blackwell_sxm_clock_share on a Blackwell SXM board (its
// power limit binds under sustained load on one GPU too), 1 otherwise.
double training_clock_share(const Gpu& g, long long gpus, const PerfAssumptions& a);
// Share of peak memory bandwidth streaming kernels reach on this GPU (cdna3_memory_efficiency on
// AMD CDNA3, memory_efficiency on every other).
double memory_efficiency_for(const Gpu& g, const PerfAssumptions& a);
// Multiprocessor clock cycles a second over the whole GPU (SMs x boost clock), from the card's
// vector fp32 peak over twice the fp32 lanes of one SM of its compute capability; 0 where either
// is not known (every non-NVIDIA GPU: their compute units are not counted the same way).
double sm_cycles_per_s(const Gpu& g);
// The bandwidths the model gives a training step's memory-bound ops on this GPU at a clock factor
// `speed`: streaming kernels (memory_efficiency_for of the peak), the model's own PyTorch ops
// (capped by SMs x clock x eager_op_bytes_per_sm_cycle) and their strided layout copies (x
// eager_layout_copy_bytes_per_sm_cycle); each cap is the memory's where it would be higher or
// the GPU's SMs are not known.
struct OpBandwidths {
  double memory = 0, eager_ops = 0, layout_copies = 0;  // bytes/s
};
OpBandwidths op_bandwidths(const Gpu& g, double speed, const PerfAssumptions& a);

// A link as the model sees it: per-direction bandwidth and per-step latency.
struct PerfLink {
  std::string kind;  // nvlink | pcie-p2p | pcie-host-staged | network | none
  double gb_s = 0;
  double latency_s = 0;
};

double link_efficiency(const PerfLink& link, const PerfAssumptions& a);
// The same for a ring collective's bus bandwidth: pcie_collective_efficiency over PCIe
// peer-to-peer (every GPU sends and receives at once through the host's PCIe fabric),
// link_efficiency on every other link.
double collective_efficiency(const PerfLink& link, const PerfAssumptions& a);

// The machine a job runs on: GPUs in nodes, the link inside a node and the network between nodes
// (per GPU), the host link for offload.
struct PerfSystem {
  const Gpu* gpu = nullptr;
  int gpus_per_node = 1;
  PerfLink intra;          // between GPUs of one node
  PerfLink inter;          // per GPU between nodes (its share of the node's NICs)
  double host_gb_s = 0;    // GPU ↔ host, per direction
  double speed = 1;        // clock factor from a power limit (1 = none)
};

// Dense peak FLOP/s the math of a precision runs at, for every command: fp32 without TF32 (PyTorch's
// default for matmuls), fp8 on a card without FP8 units and int8/int4 weight-only quantisation at
// the card's 16-bit rate (frameworks fall back to it); 0 = the catalog has no figure.
double peak_flops(const Gpu& g, const std::string& precision);
// Dense peak FLOP/s of FP16 tensor math with FP16 accumulation: half the INT8 tensor rate on every
// NVIDIA generation with INT8 tensor units, which is twice the FP32-accumulate (catalog fp16)
// rate on GeForce cards and equal to it on the others; the fp16 figure where no INT8 one is known.
double fp16_accumulate_peak_flops(const Gpu& g);

struct StepBreakdown {
  double step_s = 0;
  double compute_s = 0;       // matrix multiplies and attention kernels (recompute included)
  double memory_s = 0;        // memory-bound operations and the optimizer step
  double tp_comm_s = 0;       // tensor-parallel collectives (exposed)
  double cp_comm_s = 0;       // context-parallel key/value exchange (exposed)
  double pp_comm_s = 0;       // stage-to-stage sends
  double bubble_s = 0;        // pipeline fill and drain
  double dp_exposed_s = 0;    // gradient reduction (and the distributed optimizer's parameter gather) not hidden
  double dp_comm_s = 0;       // the whole gradient reduction
  double zero3_exposed_s = 0; // parameter gathers not hidden
  double offload_s = 0;       // host-link traffic and CPU optimizer
  double model_flops = 0;     // per step, whole job (MFU numerator)
  double hardware_flops = 0;  // per step, recompute included (HFU numerator)
  double tokens_per_step = 0;
  double tokens_per_s = 0;
  double mfu = 0, hfu = 0;
  double clock_share = 1;     // share of the clock its GEMMs hold alone the GPU holds in this step (training_clock_share; 1 in FP8 steps, whose fitted figures hold it)
  int micro_batches = 0;      // per pipeline per step
  std::string why_not;        // non-empty: the layout cannot run (e.g. batch not divisible)
};

// One optimizer step of a training or LoRA workload (w.dp/tp/pp/zero/interleave/… as given).
StepBreakdown training_step(const Workload& w, const PerfSystem& s, const PerfAssumptions& a = {});

struct InferencePerf {
  double ttft_s = 0;               // time to first token: prefill of the prompt, one request
  double itl_s = 0;                // inter-token latency at the batch
  double decode_tokens_per_s = 0;  // per request at the batch
  double aggregate_tokens_per_s = 0;
  double prefill_tokens_per_s = 0;
  int batch = 1;
  int max_batch = 0;               // sequences at the full context in the KV pool
  double kv_bytes_per_token = 0;   // per GPU
  double kv_pool_bytes = 0;        // per GPU
  int context = 0;                 // capped at the model's limit
  double batch_prefill_s = 0;      // the prompts of the whole batch prefilled together
  double weight_bw = 0;            // bytes/s a decode step streams its weights at
  // Where llama.cpp's kernels' ceiling per SM cycle (llamacpp_decode_bytes_per_sm_cycle) holds
  // weight_bw below the format's share of bandwidth, that share; 0 where it does not.
  double weight_bw_uncapped = 0;
  // llama.cpp's prompt GEMMs where they take a path of their own (a GGUF format on an NVIDIA GPU):
  // "mmq" (int8 tensor cores, mmq_int8_efficiency) or "cublas-fp16" (FP16 accumulation,
  // llamacpp_cublas_efficiency), at prefill_gemm_flops; "" = the precision's GEMM efficiency.
  std::string prefill_gemm_path;
  double prefill_gemm_flops = 0;
  double prefill_legacy_mma_share = 1;  // hopper_legacy_mma_share where prefill_gemm_flops includes it; 1 = none
  double prefill_early_build_share = 1;  // llamacpp_early_2024_prompt_share where prefill_gemm_flops includes it; 1 = none
  double prefill_score_bytes = 0;  // a prompt's attention scores through memory (no flash attention), one request
};

// Inference with tensor parallelism over `s.intra` (w.tp GPUs, w.pp stages): a prompt of
// `prompt` tokens, decoding at `batch` concurrent requests at the workload's context.
InferencePerf inference_perf(const Workload& w, const PerfSystem& s, int prompt, int batch,
                             const PerfAssumptions& a = {});

// The reference workload (src/perf/reference.cpp): GPT-2 XL training in bf16, data parallel, that
// stands for "speed" where no workload is given; its predicted tokens/s on `gpus` GPUs of `s`.
inline constexpr int kReferenceMicroBatches = 8;
const Workload& reference_workload();
double reference_tokens_per_s(const PerfSystem& s, int gpus, const PerfAssumptions& a = {});

// Ring collectives: seconds for `bytes` per rank on `ranks` ranks over `link`.
double allreduce_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a);
double allgather_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a);
// An inference engine's one-shot all-reduce inside a fully connected node: each rank reads its
// n−1 peers' buffers in one kernel (PerfAssumptions::oneshot_allreduce_latency_s per call).
double oneshot_allreduce_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a);

}  // namespace rigplan

namespace rigplan {

// The parallelism search: every layout of `gpus` GPUs that the workload's framework runs
// (include/rigplan/framework.hpp) — tensor-parallel degrees that divide the GPU count and the
// attention heads (and split or replicate whole KV heads), pipeline degrees that divide the rest
// (at most one layer per stage; Megatron-LM: dividing the layers), micro-batches that are powers
// of two dividing the per-replica batch, the framework's ZeRO stages (DeepSpeed: 2 and 3 not with
// pipelining), recompute none/selective/full (selective is the same as none with flash attention,
// so it is skipped there), SP on or off with tensor parallelism, and every interleaving depth v
// with pp x v dividing the layers where the framework has an interleaved schedule — each kept only
// if it fits the GPU's memory under the framework's accounting, ranked by predicted step time.
struct SearchCandidate {
  int tp = 1, pp = 1, dp = 1, micro_batch = 1, zero = 0, interleave = 1;
  bool sp = false;
  Recompute recompute = Recompute::None;
  double memory_bytes = 0;  // per GPU
  StepBreakdown step;
};
struct SearchResult {
  std::vector<SearchCandidate> best;  // fastest first
  long long evaluated = 0;            // layouts whose memory and time were computed
  long long fit = 0;                  // of those, layouts that fit memory
  std::vector<std::pair<std::string, long long>> rejected;  // reason → count, in a fixed order
  double seconds = 0;                 // wall time of the search
};
struct SearchOptions {
  int top = 5;
  int max_micro_batch = 256;
};
// `base.batch` (global batch in sequences) must be set; `gpu_bytes` is one GPU's memory.
SearchResult search_parallelism(const Workload& base, int gpus, const PerfSystem& s, double gpu_bytes,
                                const SizingAssumptions& sa, const PerfAssumptions& a, const SearchOptions& o = {});

}  // namespace rigplan

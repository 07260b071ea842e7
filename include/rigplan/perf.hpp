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
//  - data-parallel gradient reduction, hierarchical within then across nodes, overlapped with
//    the last micro-batch's backward pass (Li et al. 2020, "PyTorch Distributed", §3.2.3);
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
#include "rigplan/workload.hpp"

namespace rigplan {

struct PerfAssumptions {
  // Fraction of dense tensor peak that large GEMMs reach; 0 = by architecture (matmul_efficiency_for).
  double matmul_efficiency = 0;
  // GEMM size, in GFLOP, at which a GEMM reaches half its large-size efficiency (the knee of
  // Calculon's matrix-efficiency table: 0.9 of the best at 16 GFLOP, 0.6 at 1).
  double gemm_half_gflop = 0.7;
  // Fraction of peak DRAM bandwidth that streaming kernels reach.
  double memory_efficiency = 0.80;
  // Fraction of dense peak a flash-attention kernel reaches: FlashAttention-2 forward reaches
  // 50-73 % of A100 peak, backward somewhat less (Dao 2023, §4.1, Figures 4-5).
  double flash_efficiency = 0.55;
  // Collective bus bandwidth as a fraction of the link's per-direction bandwidth, by link kind:
  // Calculon's A100 and H100 system files (Isaev et al. 2023, systems/a100_80g.json and
  // h100_80g_nvl8.json at calculon-ai/calculon caa4b11f) use 0.65 for NVLink and 0.9 for the
  // InfiniBand network; PCIe peer-to-peer copies reach about 0.8 of the link (protocol overhead
  // of 128b/130b encoding, TLP headers and flow control).
  double nvlink_efficiency = 0.65;
  double network_efficiency = 0.90;
  double pcie_efficiency = 0.80;
  // Latency per hop of a collective, seconds: Calculon's system files use 10 us inside a node
  // and 20 us across the InfiniBand network; PCIe between cards is taken as NVLink's worst case.
  double nvlink_latency_s = 10e-6;
  double pcie_latency_s = 15e-6;
  double network_latency_s = 20e-6;
  // Bytes per gradient element in the data-parallel reduction: mixed-precision training keeps
  // fp32 main gradients and reduces them in fp32 (Megatron-LM's default; PyTorch AMP's fp32
  // parameters give fp32 gradients).
  double grad_reduce_bytes = 4;
  // Share of the last micro-batch's backward pass the gradient reduction hides behind (1 =
  // bucketed overlap as in PyTorch DDP and Megatron's --overlap-grad-reduce; 0 = none).
  double dp_overlap = 1.0;
  // Share of the weight-gradient GEMMs the backward tensor-parallel all-reduces hide behind
  // without SP (Megatron's asynchronous all-reduce; 0 = none).
  double tp_backward_overlap = 1.0;
  // Share of a layer's compute a ZeRO-3 parameter gather hides behind (prefetch).
  double zero3_overlap = 1.0;
  // Elementwise memory traffic per layer, in passes over a b·s·h tensor (read + write counted
  // separately): 2 norms (2 each), 2 residual adds (3 each); backward is `backward_memory_factor`
  // times the forward.
  double elementwise_passes = 10;
  double backward_memory_factor = 2;
  // Passes over the a·s² score matrix without flash attention (scale-mask-softmax fused: read +
  // write; Megatron's fused kernel).
  double softmax_passes = 2;
  // Optimizer step, bytes moved per locally updated parameter (AdamW with fp32 master weights:
  // read and write master, m and v (24), read the fp32 gradient (4), write the bf16 copy (2)).
  double optimizer_bytes_per_param = 30;
  // CPU-side Adam update for offloaded optimizer states, seconds per parameter (DeepSpeed's
  // CPU-Adam; Ren et al. 2021, §4.1 report roughly 1 B parameters per 0.2-0.3 s on a server).
  double cpu_adam_s_per_param = 0.25e-9;
  // Per-token fixed cost of a decode step beyond the roofline: kernel launches and host work,
  // seconds per layer (llama.cpp-class runtimes; CUDA launch latency is ~5 us per kernel).
  double decode_layer_overhead_s = 40e-6;
  // Share of GPU memory an inference server claims (vLLM's gpu_memory_utilization default 0.9).
  double inference_memory_utilization = 0.90;
};

struct PerfAssumptionDoc {
  std::string_view name, unit, doc;
  double PerfAssumptions::*field;
};
const std::vector<PerfAssumptionDoc>& perf_assumption_docs();
// Applies "name=value"; returns an error message, or nullopt on success.
std::optional<std::string> set_perf_assumption(PerfAssumptions& a, std::string_view assignment);

// Large-GEMM efficiency by GPU architecture (dense tensor cores, the precision's peak).
double matmul_efficiency_for(const Gpu& g, const PerfAssumptions& a);

// A link as the model sees it: per-direction bandwidth and per-step latency.
struct PerfLink {
  std::string kind;  // nvlink | pcie-p2p | pcie-host-staged | network | none
  double gb_s = 0;
  double latency_s = 0;
};

double link_efficiency(const PerfLink& link, const PerfAssumptions& a);

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

// Dense peak FLOP/s for a precision (0 = not supported).
double peak_flops(const Gpu& g, const std::string& precision);

// The parallel layout beyond what Workload holds.
struct Layout {
  int interleave = 1;  // virtual pipeline stages per GPU (interleaved 1F1B), 1 = plain 1F1B
};

struct StepBreakdown {
  double step_s = 0;
  double compute_s = 0;       // matrix multiplies and attention kernels (recompute included)
  double memory_s = 0;        // memory-bound operations and the optimizer step
  double tp_comm_s = 0;       // tensor-parallel collectives (exposed)
  double pp_comm_s = 0;       // stage-to-stage sends
  double bubble_s = 0;        // pipeline fill and drain
  double dp_exposed_s = 0;    // gradient reduction not hidden behind the backward pass
  double dp_comm_s = 0;       // the whole gradient reduction
  double zero3_exposed_s = 0; // parameter gathers not hidden
  double offload_s = 0;       // host-link traffic and CPU optimizer
  double model_flops = 0;     // per step, whole job (MFU numerator)
  double hardware_flops = 0;  // per step, recompute included (HFU numerator)
  double tokens_per_step = 0;
  double tokens_per_s = 0;
  double mfu = 0, hfu = 0;
  int micro_batches = 0;      // per pipeline per step
  std::string why_not;        // non-empty: the layout cannot run (e.g. batch not divisible)
};

// One optimizer step of a training or LoRA workload (w.dp/tp/pp/zero/… as given).
StepBreakdown training_step(const Workload& w, const PerfSystem& s, const PerfAssumptions& a = {},
                            const Layout& l = {});

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
};

// Inference with tensor parallelism over `s.intra` (w.tp GPUs, w.pp stages): a prompt of
// `prompt` tokens, decoding at `batch` concurrent requests at the workload's context.
InferencePerf inference_perf(const Workload& w, const PerfSystem& s, int prompt, int batch,
                             const PerfAssumptions& a = {});

// Ring collectives: seconds for `bytes` per rank on `ranks` ranks over `link`.
double allreduce_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a);
double allgather_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a);

}  // namespace rigplan

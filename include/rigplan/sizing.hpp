// The sizing model: what a workload needs in memory (per GPU, by component), compute (FLOPs),
// time on given GPUs, and traffic between them. Every formula cites its paper and equation:
//  - model states, ZeRO stages: Rajbhandari et al. 2020, "ZeRO", §3 and Figure 1
//    ((2+2+K)·Ψ bytes with mixed-precision Adam, K = 12; partitioned by N_d per stage);
//  - activations: Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
//    Transformer Models", Table 2 (sbh(34 + 5as/h) per layer, with TP/SP/recompute variants);
//    flash attention (Dao et al. 2022) never stores the a·s² score matrices, dropping 5as/h;
//  - training FLOPs: 6·N·D (Kaplan et al. 2020, §2.1), plus a forward pass (2·N·D) with full
//    recomputation; the attention-aware count of Narayanan et al. 2021, Eq. 3;
//  - all-reduce traffic: ring all-reduce moves 2(N−1)/N of the buffer per GPU (Patarasuk & Yuan
//    2009); ZeRO-3 moves 1.5× DDP's volume (ZeRO §7);
//  - KV cache: 2·L·n_kv·d_head bytes-per-element per token (Kwon et al. 2023, "vLLM", §3).
// Rules of thumb (framework overhead, default MFU) are named in SizingAssumptions.
#pragma once

#include <optional>
#include <string>

#include "rigplan/perf_assumptions.hpp"
#include "rigplan/workload.hpp"

namespace rigplan {

inline constexpr double kGiB = 1024.0 * 1024 * 1024;  // bytes

// QLoRA NF4 with double quantisation: 4.127 bits per parameter (Dettmers et al. 2023, §3).
inline constexpr double kNf4BytesPerParam = 4.127 / 8;

struct SizingAssumptions {
  // CUDA context, cuBLAS/NCCL workspaces and allocator fragmentation per GPU (rule of thumb;
  // the CUDA context alone is 300-600 MB on recent GPUs).
  double overhead_bytes = 1.5e9;
  // Default model FLOPs utilisation: Llama 3 reports 38-43 % BF16 MFU on 16K H100s (Dubey et al.
  // 2024, Table 4); Megatron-LM reports 52 % on A100 for GPT-3 175B (Narayanan et al. 2021).
  double default_mfu = 0.40;
  // Share of the link's bandwidth a collective staged through host memory achieves when GPUs
  // cannot reach each other peer to peer (GPU → host → GPU).
  // NCCL's SHM transport (NCCL_P2P_DISABLE=1) on PCIe 3.0 x16 measured 3.9 GB/s of all-reduce bus
  // bandwidth between 2 GPUs, 0.25 of the link's 15.75 GB/s (github.com/NVIDIA/nccl issue #384,
  // NCCL 2.4.8; the maintainer: some CPUs handle the bidirectional traffic poorly).
  double host_staged_efficiency = 0.25;
  // DeepSpeed's additional_buffer_factor on the host memory it budgets for offloaded states (1.5,
  // "to be conservative": DeepSpeed's "Memory Requirements" documentation).
  double deepspeed_host_buffer_factor = 1.5;
  // The performance model's constants (time, MFU, inference speed).
  PerfAssumptions perf;
};

struct MemoryBreakdown {
  double weights = 0, gradients = 0, optimizer = 0, activations = 0, kv_cache = 0, overhead = 0;
  double total() const { return weights + gradients + optimizer + activations + kv_cache + overhead; }
  double host = 0;  // host RAM needed for offloaded states
  double nvme = 0;  // NVMe space for states offloaded there (ZeRO-Infinity)
  // Parameters of the model-parallel shard the figures above count: under pipeline parallelism the
  // most loaded stage's (its share of the layers and a vocabulary matrix), else params / (tp x pp).
  double params = 0;
};

// Bytes per GPU (see the header comment for sources).
MemoryBreakdown memory_per_gpu(const Workload& w, const SizingAssumptions& a = {});

// Bytes per element of the KV cache: fp32, bf16/fp16 and fp8 keep the cache at their own width
// (FP8 KV caches as in vLLM's kv_cache_dtype=fp8 and TensorRT-LLM); weight-only int8/int4
// quantisation keeps a 16-bit cache. Memory sizing and the decode time both read it here.
double kv_cache_bytes_per_element(const std::string& precision);
// KV-cache bytes per token on one GPU: 2 (K and V) x the layers of one pipeline stage (the first,
// ceil(L/pp)) x this rank's KV heads (at least one: past the KV-head count they are replicated,
// Megatron and vLLM) x head size x kv_cache_bytes_per_element (vLLM §3).
double kv_cache_bytes_per_token(const Workload& w);

// Activation bytes per layer per micro-batch (Korthikanti Table 2, generalised to the MLP width
// and type: the 19sbh of a 4h GELU MLP is 3sbh + 4sbf, a SwiGLU MLP 3sbh + 6sbf).
double activation_bytes_per_layer(const Workload& w);

// Trainable parameters of LoRA adapters of `rank` on every attention and MLP matrix (Hu et al. 2021).
double lora_adapter_params(const ModelSpec& m, int rank);

struct Compute {
  double flops = 0;             // 6·N_active·D (+2·N·D with full recomputation)
  double flops_narayanan = 0;   // Narayanan et al. 2021 Eq. 3 (attention and logits included)
  double flops_per_token = 0;
};
Compute training_compute(const Workload& w);

// Link the data-parallel all-reduce runs over.
struct Link {
  std::string kind;        // nvlink | pcie-p2p | pcie-host-staged | network
  double gb_s = 0;         // per direction
};

struct Communication {
  double bytes_per_step = 0;     // sent per GPU per optimizer step
  double seconds_per_step = 0;   // at the link's bandwidth, no overlap
  Link link;
};
Communication gradient_allreduce(const Workload& w, const Link& link);

struct Inference {
  double kv_bytes_per_token = 0;
  double max_sequences = 0;        // at the workload's context, on the given GPU memory
  double decode_tokens_per_s = 0;  // batch 1, bound by memory bandwidth (weights read per token)
};
Inference inference_bounds(const Workload& w, double gpu_memory_bytes, double bandwidth_gb_s,
                           const SizingAssumptions& a = {});

}  // namespace rigplan

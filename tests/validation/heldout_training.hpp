// Held-out training runs: published throughput the performance model was NOT fitted on (its
// constants come from the fit set: tests/validation/perf_validation_cases.hpp, the seed 001 pair
// and NeMo's Llama 2 7B FP8 row, fit_cases() below). Tokens per second per GPU, as each source
// prints it. Sources (each row names its own):
//  - torchtitan, docs/performance.md at commit 1ea476e9f (2024-04-24), "Llama 3/Llama 2 performance
//    numbers": 64 A100 80 GB, FSDP2 (ZeRO-3), bf16; github.com/pytorch/torchtitan;
//  - torchtitan, benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md (June 2025): 32 H200, FP8;
//  - NVIDIA NeMo "Performance Benchmarks", docs/source/performance/performance_summary.md at
//    8e3d65dcfe (24.07 container, 2024-09-09) and at 070a0bb1 (the same table revised, with its
//    fine-tuning rows), and Megatron-Bridge's performance archive, 25.11
//    container (docs.nvidia.com/nemo/megatron-bridge/latest/performance-summary-archive.html);
//  - MosaicML llm-foundry, scripts/train/benchmarking/README.md ("MPT Training Benchmarks", tables
//    of 2023-05-03, 2023-10-19 and 2024-01-06): Composer + FSDP FULL_SHARD, flash attention.
// Not used: torchtitan's rows on Meta's 96 GB 500 W H100 (no catalog part; its peak is "between
// SXM and NVL" by the source's own footnote), rows with context parallelism (not modelled), the
// MI300X and H200 FSDP FP8 figures of ROCm/TransformerEngine issue #79 (sequence length not
// retrievable, one marked preliminary).
#pragma once

#include <string_view>

#include "validation/perf_validation_cases.hpp"

namespace rigplan::validation {

// DGX-class nodes: NVLink through NVSwitch, one 200 Gb/s (A100) or 400 Gb/s (H100, H200, B200)
// port per GPU. torchtitan does not state its A100 fabric; MosaicML's A100 tables say 1600 Gb/s
// RoCE per node of 8 (25 GB/s per GPU), taken for both.
inline PerfSystem dgx(const char* gpu, double nvlink_gb_s, double net_gb_s, int per_node = 8) {
  PerfSystem s;
  s.gpu = &catalog_gpu(gpu);
  s.gpus_per_node = per_node;
  s.intra = {"nvlink", nvlink_gb_s, PerfAssumptions{}.nvlink_latency_s};
  s.inter = {"network", net_gb_s, PerfAssumptions{}.network_latency_s};
  s.host_gb_s = 32;
  return s;
}

// MosaicML's MPT models (scripts/train/yamls/pretrain/mpt-*.yaml): GPT-style, GELU MLP of 4 d,
// multi-head attention, vocabulary 50368.
inline ModelSpec mpt(int layers, int hidden, int heads) {
  ModelSpec m = custom_model(0, layers, hidden, heads, heads, 4 * hidden, 50368);
  m.max_context = 2048;
  return m;
}

// NeMo's GPT-3 models: GELU MLP of 4 d, multi-head attention, the padded GPT-2 vocabulary.
inline ModelSpec gpt_nemo(int layers, int hidden, int heads) {
  ModelSpec m = custom_model(0, layers, hidden, heads, heads, 4 * hidden, 50304);
  m.max_context = 2048;
  return m;
}

struct TrainRow {
  const char* label;
  ModelSpec model;
  const char* precision;
  int seq, gpus, tp, pp, v, zero, micro, global;
  const char* recompute;
  const char* framework;
  PerfSystem sys;
  double tokens_per_s_per_gpu;
  bool sp = false;           // sequence parallelism with tp (NeMo's Llama recipes)
  Mode mode = Mode::Train;   // Lora: NeMo's LoRA fine-tuning rows
  int packed_length = 0;     // documents packed into each sequence, tokens each (0: one a sequence)
  int cp = 1;                // context-parallel degree (the GPUs are dp x tp x cp x pp)
};

// NeMo's fine-tuning rows pack SQuAD v1.1 examples into 4096-token sequences, each attending only
// within itself (NeMo 24.07 user guide, "Sequence Packing for SFT/PEFT": packed SFT sequences are
// "treated individually", flash attention over cu_seqlens). An example (Wikipedia paragraph,
// question, answer) is about 250 tokens: TensorFlow Datasets' squad/v1.1 holds 98,169 examples in
// 94.06 MiB, about 1 kB of text each, at about 4 characters a Llama token. Not fitted: between 150
// and 400 tokens the rows move by the few points docs/performance-model.md gives.
inline constexpr int kSquadExampleTokens = 250;

inline Case training_case(const TrainRow& r) {
  Case c;
  c.label = r.label;
  c.published = r.tokens_per_s_per_gpu;
  c.unit = "tokens/s/GPU";
  c.measure = Measure::TokensPerSPerGpu;
  c.w.model = r.model;
  c.w.mode = Mode::Train;
  c.w.precision = r.precision;
  c.w.seq = r.seq;
  c.w.model.max_context = std::max(c.w.model.max_context, r.seq);
  c.w.tp = r.tp, c.w.pp = r.pp, c.w.interleave = r.v, c.w.zero = r.zero;
  c.w.cp = r.cp;
  c.w.dp = r.gpus / (r.tp * r.pp * r.cp);
  c.w.micro_batch = r.micro;
  c.w.batch = r.global;
  c.w.recompute = checked_word<Recompute>(r.recompute);
  c.w.framework = checked_word<Framework>(r.framework);
  c.w.attention = Attention::Flash;
  c.w.sp = r.sp;
  c.w.mode = r.mode;
  c.w.packed_length = r.packed_length;
  c.sys = r.sys;
  return c;
}

// NVIDIA's NeMo and Megatron-Bridge rows run Megatron-Core's layers on Transformer Engine — fused
// kernels — whatever shards them: their "FSDP" rows are Megatron-FSDP under the same layers, not
// a model's own PyTorch ops (a setting of the sources, carried once the workload had the field,
// Workload::fused_kernels; on the framework megatron rows it changes nothing).
inline void nvidia_layers(Case& c) { c.w.fused_kernels = true; }

// Rows of NVIDIA's Megatron-Bridge and NeMo 2.x performance tables: their scripts turn on
// Transformer Engine's TP communication overlap wherever TP > 1, so those rows run with
// tp_comm_overlap = 1 (the tables do not print the setting; one rule for every such row).
template <class Rows>
std::vector<Case> nvidia_recipe_cases(const Rows& rows) {
  std::vector<Case> out;
  for (const TrainRow& r : rows) {
    Case c = training_case(r);
    nvidia_layers(c);
    if (c.w.tp > 1) c.a.tp_comm_overlap = 1;
    out.push_back(c);
  }
  return out;
}

inline const std::vector<Case>& heldout_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
    const ModelSpec l2_13 = *find_model("llama-2-13b"), l2_70 = *find_model("llama-2-70b");
    const ModelSpec l2_7 = *find_model("llama-2-7b");
    const ModelSpec gpt3 = *find_model("gpt-3-175b");
    PerfSystem a100 = dgx("nvidia-a100-sxm4-80gb", 300, 25), a100_40 = dgx("nvidia-a100-sxm4-40gb", 300, 25);
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50), h200 = dgx("nvidia-h200-sxm-141gb", 450, 50);
    PerfSystem b200 = dgx("nvidia-b200-sxm-180gb", 900, 50);
    PerfSystem gb200 = dgx("nvidia-b200-gb200-186gb", 900, 50, 72);  // GB200 NVL72: 72 GPUs in one NVLink domain
    const TrainRow rows[] = {
        // torchtitan 1ea476e9f (Llama 3 8B with per-op selective checkpointing): in fit_training.hpp.
        {"torchtitan Llama 3 70B, 64 A100, FSDP, full AC", l3_70, "bf16", 8192, 64, 1, 1, 1, 3, 1, 64, "full", "fsdp", a100, 331},
        {"torchtitan Llama 2 13B, 64 A100, FSDP", l2_13, "bf16", 4096, 64, 1, 1, 1, 3, 2, 128, "none", "fsdp", a100, 2162},
        {"torchtitan Llama 2 70B, 64 A100, FSDP, full AC", l2_70, "bf16", 4096, 64, 1, 1, 1, 3, 2, 128, "full", "fsdp", a100, 353},
        // Megatron-Bridge 25.11: Llama 3 8B FP8-CS, Megatron-FSDP over 8 H100 (GBS 128, MBS 1).
        {"NeMo Llama 3 8B FP8, 8 H100, FSDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 3, 1, 128, "none", "fsdp", h100, 14451},
        // Megatron-Bridge 25.11, DGX-B200: DDP (distributed optimizer), MBS 2, GBS 128.
        {"NeMo Llama 3 8B FP8, 8 B200, DDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 1, 2, 128, "none", "megatron", b200, 30624},
        // Megatron-Bridge 25.11, DGX-GB200: FSDP 64, MBS 2, GBS 256 (the GB200's GPU part; first run on the
        // HGX B200 part while the catalog had no other).
        {"NeMo Llama 3 70B FP8, 64 GB200, FSDP", l3_70, "fp8", 8192, 64, 1, 1, 1, 3, 2, 256, "none", "fsdp", gb200, 4312},
        // llm-foundry "H100 80GB BF16" (2023-10-19) and "Large Scale" (2024-01-06) tables.
        {"MosaicML MPT-7B, 8 H100, FSDP", mpt(32, 4096, 32), "bf16", 2048, 8, 1, 1, 1, 3, 6, 48, "none", "fsdp", h100, 10643},
        {"MosaicML MPT-70B, 512 H100, FSDP, full AC", mpt(80, 8192, 64), "bf16", 2048, 512, 1, 1, 1, 3, 8, 4096, "full", "fsdp", h100, 1007},
        {"MosaicML MPT-13B, 128 H100, FSDP, full AC", mpt(40, 5120, 40), "bf16", 2048, 128, 1, 1, 1, 3, 16, 2048, "full", "fsdp", h100, 5080},
        {"MosaicML MPT-3B FP8, 8 H100, FSDP", mpt(32, 2560, 32), "fp8", 2048, 8, 1, 1, 1, 3, 10, 480, "none", "fsdp", h100, 30586},
        // "A100 80GB with 1600 Gbps node-node interconnect (RoCE)" and the A100 40GB table.
        {"MosaicML MPT-7B, 8 A100, FSDP", mpt(32, 4096, 32), "bf16", 2048, 8, 1, 1, 1, 3, 6, 96, "none", "fsdp", a100, 4641},
        {"MosaicML MPT-30B, 8 A100, FSDP, full AC", mpt(48, 7168, 56), "bf16", 2048, 8, 1, 1, 1, 3, 3, 504, "full", "fsdp", a100, 916},
        {"MosaicML MPT-70B, 64 A100, FSDP, full AC", mpt(80, 8192, 64), "bf16", 2048, 64, 1, 1, 1, 3, 8, 2048, "full", "fsdp", a100, 410},
        {"MosaicML MPT-7B, 128 A100 40GB, FSDP, full AC", mpt(32, 4096, 32), "bf16", 2048, 128, 1, 1, 1, 3, 18, 2304, "full", "fsdp", a100_40, 3623},
        // NeMo 24.07 performance summary at github.com/NVIDIA/NeMo 070a0bb1 (docs/source/performance/
        // performance_summary.md; DGX-H100, FP8, Megatron-Core with the distributed optimizer):
        // "| LLAMA2-70B | 64 | 128 | 1 | 4096 | 4 | 4 | 1 | 20 | 1707 |" (its GPT-3 175B rows are in
        // fit_training.hpp); and the fine-tuning table
        // (SQuAD packed to 4096 tokens): "| LLAMA2-7B | SFT | 8 | 32 | 1 | 4096 | 1 | 1 | 17120 |",
        // "| LLAMA2-13B | SFT | 8 | 32 | 1 | 4096 | 1 | 4 | 9741 |", "| LLAMA2-70B | SFT | 16 | 32 | 1 |
        // 4096 | 4 | 4 | 1833 |", "| LLAMA2-7B | LoRA | 8 | 32 | 1 | 4096 | 1 | 1 | 25206 |",
        // "| LLAMA2-13B | LoRA | 8 | 32 | 1 | 4096 | 1 | 1 | 14161 |", "| LLAMA2-70B | LoRA | 8 | 32 | 1
        // | 4096 | 2 | 4 | 2557 |". Its Llama 2 7B pre-training row is the FP8 fit row's (another
        // revision of the same table) and is not repeated; rows with context parallelism are not
        // modelled; its Llama 2 13B row (16 GPUs, PP4 VP10), its Llama 2 70B row and the 70B SFT row
        // moved to the fit set (fit_training.hpp).
        // "| GPT3-5B | 64 | 2048 | 4 | 2048 | 1 | 1 | 1 | 1 | 22521 |": NeMo's GPT-3 5B (NeMo-Framework-
        // Launcher conf/training/gpt3/5b.yaml: 24 layers, hidden 4096, FFN 4 x hidden, 32 heads, GPT-2
        // BPE vocabulary padded to a multiple of 128: 50304).
        {"NeMo GPT-3 5B FP8, 64 H100", gpt_nemo(24, 4096, 32), "fp8", 2048, 64, 1, 1, 1, 1, 4, 2048, "none", "megatron", h100, 22521},
        {"NeMo Llama 2 7B FP8 SFT, 8 H100", l2_7, "fp8", 4096, 8, 1, 1, 1, 1, 1, 32, "none", "megatron", h100, 17120, false, Mode::Train, kSquadExampleTokens},
        {"NeMo Llama 2 13B FP8 SFT, 8 H100, PP4", l2_13, "fp8", 4096, 8, 1, 4, 1, 1, 1, 32, "none", "megatron", h100, 9741, false, Mode::Train, kSquadExampleTokens},
        {"NeMo Llama 2 7B FP8 LoRA, 8 H100", l2_7, "fp8", 4096, 8, 1, 1, 1, 1, 1, 32, "none", "megatron", h100, 25206, false, Mode::Lora, kSquadExampleTokens},
        {"NeMo Llama 2 13B FP8 LoRA, 8 H100", l2_13, "fp8", 4096, 8, 1, 1, 1, 1, 1, 32, "none", "megatron", h100, 14161, false, Mode::Lora, kSquadExampleTokens},
        {"NeMo Llama 2 70B FP8 LoRA, 8 H100, TP2 PP4", l2_70, "fp8", 4096, 8, 2, 4, 1, 1, 1, 32, "none", "megatron", h100, 2557, true, Mode::Lora, kSquadExampleTokens},
    };
    std::vector<Case> out;
    for (const TrainRow& r : rows) {
      Case c = training_case(r);
      if (std::string_view(r.label).starts_with("NeMo")) nvidia_layers(c);
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

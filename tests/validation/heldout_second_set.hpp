// Held-out rows added when four training rows moved to the fit set (fit_training.hpp,
// fit_framework_cases): published figures from documents the project had not used, listed here
// with their settings before the model was run on them, none of them changed after. Sources:
//  - Megatron-Bridge performance archive, docs/performance-summary-archive.md at
//    github.com/NVIDIA-NeMo/Megatron-Bridge 0a25f911, section "26.02 NeMo Container" (Feb 2026);
//  - NVIDIA NeMo Framework user guide, "Performance" summaries of containers 25.02 (DGX-B200) and
//    25.04 (DGX-GB200), docs.nvidia.com/nemo-framework/user-guide/latest/performance/;
//  - TensorRT-LLM blogs in github.com/NVIDIA/TensorRT-LLM docs/source/blogs/: H200launch.md at
//    1555478c (Nov 2023, v0.5.0), Falcon180B-H200.md at 3c44cb97 (Dec 2023, v0.7a) and
//    H100vsA100.md at 15ed7809 (Oct 2023, v0.5.0): static batches, "out_tps =
//    output_seqlen*batch_size/total_latency/tp", so a row's latency is output x batch / (tps x tp);
//  - llama.cpp PR #7676 "CUDA: use tensor cores for MMQ" (mid-2024), the merged branch's column.
// Settings the tables do not print: recompute (none taken), the Megatron-Bridge and NeMo 2.x
// performance scripts' TP communication overlap (on whenever TP > 1 with SP: Megatron-Bridge
// scripts/performance COMM_OVERLAP_CONFIG_MAP names userbuffer presets for Llama 3 70B on H100
// TP4 and B200/GB200 TP2), FP8 KV cache in the TensorRT-LLM FP8 rows (the batches do not fit 141 GB
// with 16-bit KV). Not used: configurations already held out from another release (Llama 3 8B
// on 8 H100/B200, Llama 3 70B Megatron-FSDP on 64 GB200, GPT-3 175B on 512 H100), Llama 3.1 405B
// on 126 layers with PP16/PP8 x VP4 (uneven stages, assignment not stated), the DGX Spark rows.
#pragma once

#include "validation/heldout_inference.hpp"
#include "validation/heldout_training.hpp"

namespace rigplan::validation {

// NVIDIA's Nemotron-4 models (NeMo Nemotron4Config15B / 340B): squared-ReLU MLP (two matrices,
// not gated), grouped-query attention with 8 KV heads, vocabulary 256000. The activation is
// carried as the model's `mlp` once the model had the word for it (squared_relu); the rows'
// figures and settings are unchanged.
inline ModelSpec nemotron4(int layers, int hidden, int heads) {
  ModelSpec m = custom_model(0, layers, hidden, heads, 8, 4 * hidden, 256000);
  m.max_context = 4096;
  m.mlp = "squared_relu";
  return m;
}

inline const std::vector<Case>& heldout_second_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_70 = *find_model("llama-3-70b"), gpt3 = *find_model("gpt-3-175b");
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50), b200 = dgx("nvidia-b200-sxm-180gb", 900, 50);
    PerfSystem gb200 = dgx("nvidia-b200-gb200-186gb", 900, 50, 72);
    PerfSystem gb300 = dgx("nvidia-b300-gb300-279gb", 900, 100, 72);  // GB300 NVL72: ConnectX-8, 800 Gb/s a GPU
    const TrainRow rows[] = {
        // 26.02: "| DGX-H100 | 64 | FP8 | 256 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | n/a | 1621 | 728 |".
        {"Megatron-Bridge Llama 3 70B FP8, 64 H100, TP4 PP8 VP5", l3_70, "fp8", 8192, 64, 4, 8, 5, 1, 1, 256, "none", "megatron", h100, 1621, true},
        // 26.02: "| DGX-GB200 | 64 | MXFP8 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 3613 | 1623 |".
        {"Megatron-Bridge Llama 3 70B MXFP8, 64 GB200, TP2 PP4 VP5", l3_70, "fp8", 8192, 64, 2, 4, 5, 1, 1, 256, "none", "megatron", gb200, 3613, true},
        // 26.02: "| DGX-GB300 | 64 | FP8 | 256 | 2 | 8192 | 64 | 1 | 1 | 1 | n/a | n/a | 5003 | 2248 |".
        {"Megatron-Bridge Llama 3 70B FP8, 64 GB300, FSDP", l3_70, "fp8", 8192, 64, 1, 1, 1, 3, 2, 256, "none", "fsdp", gb300, 5003},
        // 25.02, DGX-B200: "GPT3-175B | 512 | 2048 | 2 | 2048 | 4 | 4 | 1 | 6 | 1 | 32 | 1600".
        {"NeMo GPT-3 175B FP8, 512 B200, TP4 PP4 VP6", gpt3, "fp8", 2048, 512, 4, 4, 6, 1, 2, 2048, "none", "megatron", b200, 1600, true},
        // 25.02: "Nemotron-15B | 64 | 256 | 2 | 4096 | 1 | 1 | 1 | 1 | 1 | 2 | 14760 | 1387".
        {"NeMo Nemotron-4 15B FP8, 64 B200", nemotron4(32, 6144, 48), "fp8", 4096, 64, 1, 1, 1, 1, 2, 256, "none", "megatron", b200, 14760},
        // 25.02's Nemotron-4 340B on 128 B200 (TP8 PP4 VP12): in fit_training.hpp (fit_dp_precision_cases).
        // 25.04, DGX-GB200: "GPT3-175B | 128 | 256 | 2 | 2048 | 0 | 4 | 4 | 1 | 12 | 1 | 16 | 1804".
        {"NeMo GPT-3 175B FP8, 128 GB200, TP4 PP4 VP12", gpt3, "fp8", 2048, 128, 4, 4, 12, 1, 2, 256, "none", "megatron", gb200, 1804, true},
        // 25.04: "Nemotron-15B | 64 | 256 | 2 | 4096 | 0 | 1 | 1 | 1 | 1 | 1 | 2 | 17809 | 1674".
        {"NeMo Nemotron-4 15B FP8, 64 GB200", nemotron4(32, 6144, 48), "fp8", 4096, 64, 1, 1, 1, 1, 2, 256, "none", "megatron", gb200, 17809},
        // 25.04: "Nemotron-340B | 128 | 32 | 1 | 4096 | 0 | 8 | 4 | 1 | 12 | 1 | 8 | 737 | 1551".
        {"NeMo Nemotron-4 340B FP8, 128 GB200, TP8 PP4 VP12", nemotron4(96, 18432, 96), "fp8", 4096, 128, 8, 4, 12, 1, 1, 32, "none", "megatron", gb200, 737, true},
    };
    return nvidia_recipe_cases(rows);
  }();
  return cases;
}

// GPT-J 6B (EleutherAI config.json): 28 layers, hidden 4096, 16 heads of 256, GELU MLP of 16384,
// vocabulary 50400; its parallel attention/MLP block has the same FLOPs.
inline ModelSpec gpt_j_6b() {
  ModelSpec m = custom_model(0, 28, 4096, 16, 16, 16384, 50400);
  m.max_context = 2048;
  return m;
}

inline const std::vector<Case>& heldout_second_inference() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_13 = *find_model("llama-2-13b"), l2_70 = *find_model("llama-2-70b");
    const ModelSpec l3_8 = *find_model("llama-3-8b");
    PerfSystem h200 = dgx("nvidia-h200-sxm-141gb", 450, 50), h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    PerfSystem a100 = dgx("nvidia-a100-sxm4-80gb", 300, 25);
    const Measure e2e = Measure::LatencySeconds, ttft = Measure::TtftSeconds, pre = Measure::PrefillTokensPerS;
    // Output tokens per second per GPU to the static batch's whole latency.
    auto latency = [](double out_tps, int batch, int output, int tp) { return output * batch / (out_tps * tp); };
    const InferRow rows[] = {
        // H200launch.md: "| llama_13b | 1024 | 1 | 128 | 128 | 11,819 |", "| llama_13b | 128 | 1 | 128 | 2048 |
        // 4,750 |", "| llama_13b | 64 | 1 | 2048 | 128 | 1,349 |" (its Llama 2 70B rows are fit rows:
        // fit_inference.hpp, fit_decode_attention_cases).
        {"TensorRT-LLM Llama 2 13B FP8, H200, batch 1024, 128+128", l2_13, "fp8", 1, 1024, 128, 128, e2e, h200, latency(11819, 1024, 128, 1), "s"},
        {"TensorRT-LLM Llama 2 13B FP8, H200, batch 128, 128+2048", l2_13, "fp8", 1, 128, 128, 2048, e2e, h200, latency(4750, 128, 2048, 1), "s"},
        {"TensorRT-LLM Llama 2 13B FP8, H200, batch 64, 2048+128", l2_13, "fp8", 1, 64, 2048, 128, e2e, h200, latency(1349, 64, 128, 1), "s"},
        // Falcon180B-H200.md, 1-GPU rows with the footnote's batches 960 and 96: "|Llama-70B | 1 | 128 | 128 |
        // 3,803 |", "| | 1 | | 4096 | 1,946 |" (its 2048-token row, batch 192, is a fit row).
        {"TensorRT-LLM Llama 2 70B FP8, H200, batch 960, 128+128", l2_70, "fp8", 1, 960, 128, 128, e2e, h200, latency(3803, 960, 128, 1), "s"},
        {"TensorRT-LLM Llama 2 70B FP8, H200, batch 96, 128+4096", l2_70, "fp8", 1, 96, 128, 4096, e2e, h200, latency(1946, 96, 4096, 1), "s"},
        // H100vsA100.md: H100 "| GPT-J 6B | 64 | 128 | 128 | 10,907 | 102 |", "| GPT-J 6B | 1 | 128 | - | 185 | 7.1 |";
        // A100 "| GPT-J 6B | 64 | 128 | 128 | 3,679 | 481 |".
        {"TensorRT-LLM GPT-J 6B FP8, H100, batch 64, 128+128", gpt_j_6b(), "fp8", 1, 64, 128, 128, e2e, h100, latency(10907, 64, 128, 1), "s"},
        {"TensorRT-LLM GPT-J 6B FP8, H100, TTFT of 128", gpt_j_6b(), "fp8", 1, 1, 128, 1, ttft, h100, 7.1e-3, "s"},
        {"TensorRT-LLM GPT-J 6B FP16, A100, batch 64, 128+128", gpt_j_6b(), "fp16", 1, 64, 128, 128, e2e, a100, latency(3679, 64, 128, 1), "s"},
        // llama.cpp PR #7676: "| RTX 4090 | llama 8B Q4_0 | 512 | pp512 | 7776.11 | 10358.75 | 1.33 |".
        {"llama.cpp Llama 3 8B Q4_0 pp512 (MMQ tensor cores), RTX 4090", l3_8, "int4", 1, 1, 512, 0, pre, pcie_host("nvidia-rtx-4090-fe", 1, true), 10358.75, "tokens/s", "q4_0", true, true},
    };
    std::vector<Case> out;
    for (const InferRow& r : rows) out.push_back(inference_case(r));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

// Held-out training rows of a seventh set: pretraining Qwen2.5 models on one RTX 4090 or one L40S
// with llm.q, a CUDA/C++ trainer of fused kernels (cuDNN attention, CUDA graphs), in BF16 and
// with FP8 (E4M3) matrix multiplies, written down with their settings and committed before the
// model was run on them; none changed after. Rows used: every one-GPU row on a card the catalog
// holds whose command keeps the whole model in GPU memory with no recomputation, offload or
// sharding option (those llm.q options — offloaded master weights and optimizer moments,
// zero-copy host access, sharded weights, quantised offload — are not represented). Not used:
// the RTX PRO 6000 rows (the card's edition, Workstation or Server, which differ by 8 % in peak
// and 12 % in bandwidth, is not stated), the RTX 5090 rows (their one command, 8 sequences a
// micro-batch and 8 of them a step, disagrees with the rows' micro-batches and the README's
// 524,288 tokens a step), the multi-GPU rows and the rows with those options. Source:
//  - github.com/IST-DASLab/llmq at b77d9691 (2026-05-25): benchmarks/4090x1.md (added
//    2025-12-15), common arguments "--seq-length=1024 --model-dtype=bf16 --opt-m-dtype=bf16
//    --opt-v-dtype=bf16 --gpus=1 --use-cuda-graphs", each row's command and log, taken at its fourth logged step ("step 3"):
//    "--model=Qwen2.5-0.5B --matmul-dtype=e4m3 --batch-size=16 --grad-accumulation=32
//    --lmhead-chunks=16" "tps 47649"; the same "--matmul-dtype=bf16" "tps 39860";
//    "--model=Qwen2.5-1.5B --matmul-dtype=e4m3 --batch-size=4 --grad-accumulation=128
//    --lmhead-chunks=4" "tps 20337"; the same "--matmul-dtype=bf16" "tps 14076";
//  - the same commit's README.md, "Speed", L40S table (first added 2025-11-19; "All numbers
//    are generated with bf16 optimizer states [...] and a total batch size of 524,288 tokens at
//    sequence length 1024"; throughput rounded to two figures): "| Qwen2.5-0.5B | 1 | fp8 | 32 |
//    47k |", "| Qwen2.5-0.5B | 1 | bf16 | 16 | 44k |", "| Qwen2.5-1.5B | 1 | fp8 | 8 | 20k |",
//    "| Qwen2.5-1.5B | 1 | bf16 | 8 | 17k |", "| Qwen2.5-3B | 1 | fp8 | 4 | 11k |", "| Qwen2.5-3B |
//    1 | bf16 | 4 | 8.9k |" (columns model, GPUs, matmul dtype, micro-batch, tokens/s).
// Settings the source does not print, taken for every row: the RTX 4090 at its reference
// specification (the boards are not named), fused kernels with flash-style attention (the
// framework `megatron` on one GPU: no communication), the optimizer step once per 512 sequences.
// Qwen2.5 (Qwen/Qwen2.5-*/config.json): SwiGLU, grouped-query attention, vocabulary 151936, tied
// embeddings; 0.5B: 24 layers, hidden 896, 14 heads, 2 KV heads, MLP 4864; 1.5B: 28, 1536, 12,
// 2, 8960; 3B: 36, 2048, 16, 2, 11008.
#pragma once

#include "validation/heldout_inference.hpp"
#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline ModelSpec qwen25(int layers, int hidden, int heads, int kv_heads, int ffn) {
  ModelSpec m = custom_model(0, layers, hidden, heads, kv_heads, ffn, 151936);
  m.mlp = "swiglu";
  m.tied_embeddings = true;
  m.max_context = 32768;
  return m;
}

inline const std::vector<Case>& heldout_seventh_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec q05 = qwen25(24, 896, 14, 2, 4864), q15 = qwen25(28, 1536, 12, 2, 8960),
                    q3 = qwen25(36, 2048, 16, 2, 11008);
    const PerfSystem rtx4090 = pcie_host("nvidia-rtx-4090-fe", 1, true), l40s = pcie_host("nvidia-l40s", 1, true);
    constexpr int kSeq = 1024, kSequencesPerStep = 524288 / kSeq;
    const TrainRow rows[] = {
        {"llm.q Qwen2.5-0.5B FP8, RTX 4090", q05, "fp8", kSeq, 1, 1, 1, 1, 0, 16, kSequencesPerStep, "none", "megatron", rtx4090, 47649},
        {"llm.q Qwen2.5-0.5B BF16, RTX 4090", q05, "bf16", kSeq, 1, 1, 1, 1, 0, 16, kSequencesPerStep, "none", "megatron", rtx4090, 39860},
        {"llm.q Qwen2.5-1.5B FP8, RTX 4090", q15, "fp8", kSeq, 1, 1, 1, 1, 0, 4, kSequencesPerStep, "none", "megatron", rtx4090, 20337},
        {"llm.q Qwen2.5-1.5B BF16, RTX 4090", q15, "bf16", kSeq, 1, 1, 1, 1, 0, 4, kSequencesPerStep, "none", "megatron", rtx4090, 14076},
        {"llm.q Qwen2.5-0.5B FP8, L40S", q05, "fp8", kSeq, 1, 1, 1, 1, 0, 32, kSequencesPerStep, "none", "megatron", l40s, 47000},
        {"llm.q Qwen2.5-0.5B BF16, L40S", q05, "bf16", kSeq, 1, 1, 1, 1, 0, 16, kSequencesPerStep, "none", "megatron", l40s, 44000},
        {"llm.q Qwen2.5-1.5B FP8, L40S", q15, "fp8", kSeq, 1, 1, 1, 1, 0, 8, kSequencesPerStep, "none", "megatron", l40s, 20000},
        {"llm.q Qwen2.5-1.5B BF16, L40S", q15, "bf16", kSeq, 1, 1, 1, 1, 0, 8, kSequencesPerStep, "none", "megatron", l40s, 17000},
        {"llm.q Qwen2.5-3B FP8, L40S", q3, "fp8", kSeq, 1, 1, 1, 1, 0, 4, kSequencesPerStep, "none", "megatron", l40s, 11000},
        {"llm.q Qwen2.5-3B BF16, L40S", q3, "bf16", kSeq, 1, 1, 1, 1, 0, 4, kSequencesPerStep, "none", "megatron", l40s, 8900},
    };
    std::vector<Case> out;
    for (const TrainRow& r : rows) out.push_back(training_case(r));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

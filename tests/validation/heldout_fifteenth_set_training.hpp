// Held-out training rows of a fifteenth set: NVIDIA's DGX Cloud benchmarking recipes for Llama 3.1
// 8B, 70B and 405B on H100s, every one of them with context parallelism (cp 2), in BF16 and FP8 —
// the set's point: the first held-out runs with context parallelism, and NVIDIA rows in BF16 on
// H100s, which the earlier NVIDIA sets (all FP8 on Hopper) lack. Written down with their settings
// and committed before the model ran on them; none changed after, with one disclosure: while
// context parallelism was being built, `rigplan size` was run on the 8B's 8-GPU layout in BF16 and
// FP8 before this rule was written, so the model's figures for those two rows were seen first.
// Rule: for each of the three models and two precisions, the table's fewest and most GPUs at the
// full model (the step times across a table's weak-scaling columns differ by 1.5-3.5 %, by 9.9 %
// for the 405B's FP8 at 2304 GPUs; the 405B's proxy columns below 576 GPUs cut the model's layers
// and are left out): 12 rows. Source:
//  - github.com/NVIDIA/dgxc-benchmarking at 143b90dd, llama3.1/README_8b.md, README_70b.md and
//    README_405b.md (NeMo 24.09 container, DGX H100; "Training step time (seconds per step)",
//    throughput = sequence length x global batch / step time):
//    "| Llama 3.1 8b 24.09 BF16 (TP=1, PP=1, CP=2, MBS=1, GA=32) |" 8 GPUs (GBS=128) 12.91, 128
//    GPUs (GBS=2048) 13.10; FP8 9.67, 9.82;
//    "| Llama 3.1 70b 24.09 BF16 (TP=4, PP=4, CP=2, VP=5, MBS=1, GA=64) |" 64 GPUs (GBS=128) 14.72,
//    2048 GPUs (GBS=4096) 14.98; FP8 11.01, 11.39;
//    "| Llama 3.1 405b 24.09 BF16 (TP=8, PP=9, CP=2, VP=7, MBS=1, GA=63) |" 576 GPUs (GBS 252)
//    17.20, 2304 GPUs (GBS 1008) 17.62; FP8 11.24, 12.35. Sequence length 8192 (the READMEs'
//    FLOP formulas); the 405B "uses the GPT2BPETokenizer as a proxy" (a 50257-token vocabulary,
//    padded by Megatron to a multiple of 128 x tp: 51200), the 8B and 70B the Llama 3 tokenizer.
// Settings the READMEs do not print, from NeMo-Framework-Launcher's llama3_1_70b.yaml and
// llama3_1_405b.yaml (the recipes the 24.09 launcher runs): sequence_parallel true,
// ub_tp_comm_overlap true (TP communication overlap wherever TP > 1, as the second and third sets
// take it), distributed_fused_adam (the distributed optimizer: zero 1), no activation
// checkpointing, flash attention; Transformer Engine's layers (fused kernels).
#pragma once

#include <fmt/format.h>

#include <string>

#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_fifteenth_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
    ModelSpec l405 = *find_model("llama-3.1-405b");
    l405.vocab = 51200;  // the GPT-2 tokenizer's 50257, padded to a multiple of 128 x tp 8
    l405.params = params_from_architecture(l405);
    const PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    struct Row {
      const char* name;
      const ModelSpec* model;
      int tp, pp, v, gpus, global;
      const char* precision;
      double step_s;
    };
    const Row rows[] = {
        {"Llama 3.1 8B", &l3_8, 1, 1, 1, 8, 128, "bf16", 12.91},      {"Llama 3.1 8B", &l3_8, 1, 1, 1, 128, 2048, "bf16", 13.10},
        {"Llama 3.1 8B", &l3_8, 1, 1, 1, 8, 128, "fp8", 9.67},        {"Llama 3.1 8B", &l3_8, 1, 1, 1, 128, 2048, "fp8", 9.82},
        {"Llama 3.1 70B", &l3_70, 4, 4, 5, 64, 128, "bf16", 14.72},   {"Llama 3.1 70B", &l3_70, 4, 4, 5, 2048, 4096, "bf16", 14.98},
        {"Llama 3.1 70B", &l3_70, 4, 4, 5, 64, 128, "fp8", 11.01},    {"Llama 3.1 70B", &l3_70, 4, 4, 5, 2048, 4096, "fp8", 11.39},
        {"Llama 3.1 405B", &l405, 8, 9, 7, 576, 252, "bf16", 17.20},  {"Llama 3.1 405B", &l405, 8, 9, 7, 2304, 1008, "bf16", 17.62},
        {"Llama 3.1 405B", &l405, 8, 9, 7, 576, 252, "fp8", 11.24},   {"Llama 3.1 405B", &l405, 8, 9, 7, 2304, 1008, "fp8", 12.35},
    };
    constexpr int kSeq = 8192, kCp = 2;
    std::vector<Case> out;
    for (const Row& r : rows) {
      std::string layout = r.tp > 1 ? fmt::format("TP{} PP{} VP{} CP{}", r.tp, r.pp, r.v, kCp) : fmt::format("CP{}", kCp);
      std::string label = fmt::format("NeMo 24.09 {} {}, {} H100, {}", r.name, r.precision == std::string("fp8") ? "FP8" : "BF16",
                                      r.gpus, layout);
      double per_gpu = static_cast<double>(kSeq) * r.global / (r.step_s * r.gpus);
      TrainRow t{label.c_str(), *r.model, r.precision, kSeq, r.gpus, r.tp, r.pp, r.v, 1, 1, r.global, "none", "megatron",
                 h100, per_gpu, r.tp > 1};
      t.cp = kCp;
      for (Case& c : nvidia_recipe_cases(std::vector<TrainRow>{t})) out.push_back(std::move(c));
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

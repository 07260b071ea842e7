// Held-out training rows of a seventeenth set: two later releases of NVIDIA's DGX Cloud recipes
// for Llama 3.1 — on H100s with NeMo 25.02 (BF16 and FP8) and on GB200s with NeMo 25.04 (the
// 405B, BF16 and FP8). The set's point: multi-GPU Hopper 16-bit rows the model had never run on
// once hopper_sxm_overlap_clock_share was in, and the first BF16 / FP8 pair on Blackwell, where
// the share is not applied. Written down with their settings and committed before the model ran
// on them; none changed after. Stated before the run: if the share is right for Hopper, the H100
// BF16 rows land as close as the FP8 ones; if Blackwell boards drop clocks the same way, the GB200
// BF16 rows come out too fast and the FP8 ones close. The models and layouts are the fifteenth
// set's with newer software (the 70B's FP8 layout and the 405B's are new), so the H100 rows are
// not independent of it; the fifteenth set motivated the share but set no value of it.
// Rule (the fifteenth set's): each table's fewest and most GPUs at the full model (the 405B's
// proxy columns below 512 GPUs cut its layers and are left out): 16 rows. Sources:
//  - github.com/NVIDIA/dgxc-benchmarking release v25.04 (741c886), llama3.1/README.md (NeMo
//    25.02.01, launch.sh FW_VERSION; DGX H100; "Training step time (seconds per step)"):
//    "| Llama 3.1 8b BF16 |" 8 GPUs 12.27, 128 GPUs 12.33; "| Llama 3.1 8b FP8 |" 9.33, 9.54;
//    "| Llama 3.1 70b BF16 |" 64 GPUs 14.66, 2048 GPUs 14.66; "| Llama 3.1 70b FP8 |" 9.86, 10.15;
//    "| Llama 3.1 405b BF16 |" 512 GPUs 19.78, 2048 GPUs 19.87; "| Llama 3.1 405b FP8 |" 12.37,
//    12.56. Layouts, the README's table: 8B TP1 PP1 CP2 MBS1, GBS 16 x GPUs; 70B BF16 TP4 PP4 CP2
//    VP5, FP8 TP4 PP8 CP1 VP5, MBS1, GBS 2 x GPUs; 405B TP8 PP8 CP2 VP8 MBS1, GBS GPUs / 2.
//  - the same repository's release v25.05 (68eaf7e), llama3.1/README.md (NeMo 25.04.01,
//    metadata.yaml; GB200): "| Llama3.1 405b BF16 |" 128 GPUs 9.347, 512 GPUs 9.508; "| Llama3.1
//    405b FP8 |" 6.131, 6.244; TP4 PP8 CP2 VP8 MBS1, GBS GPUs / 2 (launch.sh's defaults, FSDP 0,
//    for both precisions).
// Settings the READMEs do not print, from the scripts they run: pretrain_llama31.py at v25.04 and
// NeMo's scripts/performance/llm/pretrain_llama31_405b.py at 7a8f1cc7 (v25.05): the recipes'
// performance mode (sequence parallelism, the distributed optimizer, no activation
// recomputation), Transformer Engine's userbuffers TP overlap for the 70B and 405B
// (tp_comm_overlap_cfg), Meta's tokenizers (the real vocabularies), FP8 through
// bf16_with_fp8_mixed (H100) and delayed scaling (GB200, the argument parser's default "ds").
// The 405B recipes (NeMo's llama31_405b.py: account_for_embedding_in_pipeline_split and
// account_for_loss_in_pipeline_split, both True) count the embedding and the loss as a layer
// each in the pipeline split: 126 + 2 = 128 slots in PP8 x VP8 = 64 chunks of 2
// (Workload::embedding_in_pipeline_split).
#pragma once

#include <fmt/format.h>

#include <string>

#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_seventeenth_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
    const ModelSpec l405 = *find_model("llama-3.1-405b");
    const PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    const PerfSystem gb200 = dgx("nvidia-b200-gb200-186gb", 900, 50, 72);  // GB200 NVL72: one NVLink domain
    struct Row {
      const char* release;
      const char* name;
      const ModelSpec* model;
      const PerfSystem* sys;
      const char* gpu;
      int tp, pp, cp, v, gpus, global;
      const char* precision;
      double step_s;
    };
    const Row rows[] = {
        {"25.02", "Llama 3.1 8B", &l3_8, &h100, "H100", 1, 1, 2, 1, 8, 128, "bf16", 12.27},
        {"25.02", "Llama 3.1 8B", &l3_8, &h100, "H100", 1, 1, 2, 1, 128, 2048, "bf16", 12.33},
        {"25.02", "Llama 3.1 8B", &l3_8, &h100, "H100", 1, 1, 2, 1, 8, 128, "fp8", 9.33},
        {"25.02", "Llama 3.1 8B", &l3_8, &h100, "H100", 1, 1, 2, 1, 128, 2048, "fp8", 9.54},
        {"25.02", "Llama 3.1 70B", &l3_70, &h100, "H100", 4, 4, 2, 5, 64, 128, "bf16", 14.66},
        {"25.02", "Llama 3.1 70B", &l3_70, &h100, "H100", 4, 4, 2, 5, 2048, 4096, "bf16", 14.66},
        {"25.02", "Llama 3.1 70B", &l3_70, &h100, "H100", 4, 8, 1, 5, 64, 128, "fp8", 9.86},
        {"25.02", "Llama 3.1 70B", &l3_70, &h100, "H100", 4, 8, 1, 5, 2048, 4096, "fp8", 10.15},
        {"25.02", "Llama 3.1 405B", &l405, &h100, "H100", 8, 8, 2, 8, 512, 256, "bf16", 19.78},
        {"25.02", "Llama 3.1 405B", &l405, &h100, "H100", 8, 8, 2, 8, 2048, 1024, "bf16", 19.87},
        {"25.02", "Llama 3.1 405B", &l405, &h100, "H100", 8, 8, 2, 8, 512, 256, "fp8", 12.37},
        {"25.02", "Llama 3.1 405B", &l405, &h100, "H100", 8, 8, 2, 8, 2048, 1024, "fp8", 12.56},
        {"25.04", "Llama 3.1 405B", &l405, &gb200, "GB200", 4, 8, 2, 8, 128, 64, "bf16", 9.347},
        {"25.04", "Llama 3.1 405B", &l405, &gb200, "GB200", 4, 8, 2, 8, 512, 256, "bf16", 9.508},
        {"25.04", "Llama 3.1 405B", &l405, &gb200, "GB200", 4, 8, 2, 8, 128, 64, "fp8", 6.131},
        {"25.04", "Llama 3.1 405B", &l405, &gb200, "GB200", 4, 8, 2, 8, 512, 256, "fp8", 6.244},
    };
    constexpr int kSeq = 8192;
    std::vector<Case> out;
    for (const Row& r : rows) {
      std::string layout = r.tp > 1 ? fmt::format("TP{} PP{}{} CP{}", r.tp, r.pp, r.v > 1 ? fmt::format(" VP{}", r.v) : "", r.cp)
                                    : fmt::format("CP{}", r.cp);
      std::string label = fmt::format("NeMo {} {} {}, {} {}, {}", r.release, r.name, r.precision == std::string("fp8") ? "FP8" : "BF16",
                                      r.gpus, r.gpu, layout);
      double per_gpu = static_cast<double>(kSeq) * r.global / (r.step_s * r.gpus);
      TrainRow t{label.c_str(), *r.model, r.precision, kSeq, r.gpus, r.tp, r.pp, r.v, 1, 1, r.global, "none", "megatron",
                 *r.sys, per_gpu, r.tp > 1};
      t.cp = r.cp;
      for (Case& c : nvidia_recipe_cases(std::vector<TrainRow>{t})) {
        c.w.embedding_in_pipeline_split = r.model == &l405;
        out.push_back(std::move(c));
      }
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

// Held-out training rows of a sixteenth set: NVIDIA's DGX Cloud benchmarking recipes for Nemotron-4
// 15B, Nemotron-4 340B and GPT-3 175B on H100s, each in BF16 and FP8 with the same layout — the
// set's point: pairs of BF16 and FP8 runs of three more models, to test what the fifteenth set
// (Llama 3.1 in the same repository) showed, BF16 rows all too fast while the FP8 rows held.
// Written down with their settings and committed before the model ran on them; none changed after.
// Rule (the fifteenth set's): for each model and precision, the table's fewest and most GPUs: 12
// rows. Disclosed: the fit set holds NeMo's GPT-3 175B FP8 on 128 H100s from another release's
// summary (TP4 PP8 VP6, 716 tokens/s a GPU; fit_training.hpp), the same model, GPUs and precision
// as this set's first 175B FP8 row at another interleave depth. Source:
//  - github.com/NVIDIA/dgxc-benchmarking at 143b90dd (2025-06-09), DGX H100 ("Training step time
//    (seconds per step)"; throughput = sequence length x global batch / step time):
//    nemotron/README_15b.md "| Nemotron4 15b 24.11 BF16 (TP=4, PP=1, MBS=4, GA=4) |" 16 GPUs
//    (GBS=64) 2.83, 2048 GPUs (GBS=8192) 2.96; "... FP8 ..." 2.08, 2.18; sequence 4096;
//    nemotron/README_340b.md "| Nemotron4 340b 24.11 BF16 (TP=8, PP=8, MBS=1, GA=16, VP=12) |"
//    128 GPUs (GBS=32) 4.61, 2048 GPUs (GBS=512) 4.84; FP8 3.16, 3.49; sequence 4096;
//    nemo_megatron/README_175b.md "| NeMo Megatron 24.11 BF16 (TP=4,PP=8, MBS=1, VP=12, SEQ=2048) |"
//    128 GPUs (GBS=256) 8.91, 2048 GPUs (GBS=4096) 9.02; FP8 5.92, 6.24.
// Settings the READMEs do not print, from the recipes' own files at that commit: nemotron/
// configure.sh (both Nemotron sizes: model.sequence_parallel=True, model.ub_tp_comm_overlap=True,
// Transformer Engine, the NeMo 24.09 container; the 340B adds overlap_p2p_comm=True) with
// nemotron4-15b-synth.yaml (no activation checkpointing, distributed_fused_adam, 8 query groups,
// squared ReLU, 4 x hidden MLP) and nemotron4-340b-synth.yaml (activations_checkpoint_granularity
// selective, the same optimizer and attention); nemo_megatron/gpt3_175b_hydra.yaml (NeMo 24.05
// container: sequence_parallel true, ub_tp_comm_overlap true, overlap_p2p_comm true, no activation
// checkpointing, distributed_fused_adam). Data parallelism: gpus / (tp x pp).
#pragma once

#include <fmt/format.h>

#include <string>

#include "validation/heldout_second_set.hpp"
#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_sixteenth_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec n15 = nemotron4(32, 6144, 48), n340 = nemotron4(96, 18432, 96);
    const ModelSpec gpt3 = *find_model("gpt-3-175b");
    const PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    struct Row {
      const char* name;
      const ModelSpec* model;
      int seq, tp, pp, v, micro;
      const char* recompute;
      int gpus, global;
      const char* precision;
      double step_s;
    };
    const Row rows[] = {
        {"Nemotron-4 15B", &n15, 4096, 4, 1, 1, 4, "none", 16, 64, "bf16", 2.83},
        {"Nemotron-4 15B", &n15, 4096, 4, 1, 1, 4, "none", 2048, 8192, "bf16", 2.96},
        {"Nemotron-4 15B", &n15, 4096, 4, 1, 1, 4, "none", 16, 64, "fp8", 2.08},
        {"Nemotron-4 15B", &n15, 4096, 4, 1, 1, 4, "none", 2048, 8192, "fp8", 2.18},
        {"Nemotron-4 340B", &n340, 4096, 8, 8, 12, 1, "selective", 128, 32, "bf16", 4.61},
        {"Nemotron-4 340B", &n340, 4096, 8, 8, 12, 1, "selective", 2048, 512, "bf16", 4.84},
        {"Nemotron-4 340B", &n340, 4096, 8, 8, 12, 1, "selective", 128, 32, "fp8", 3.16},
        {"Nemotron-4 340B", &n340, 4096, 8, 8, 12, 1, "selective", 2048, 512, "fp8", 3.49},
        {"GPT-3 175B", &gpt3, 2048, 4, 8, 12, 1, "none", 128, 256, "bf16", 8.91},
        {"GPT-3 175B", &gpt3, 2048, 4, 8, 12, 1, "none", 2048, 4096, "bf16", 9.02},
        {"GPT-3 175B", &gpt3, 2048, 4, 8, 12, 1, "none", 128, 256, "fp8", 5.92},
        {"GPT-3 175B", &gpt3, 2048, 4, 8, 12, 1, "none", 2048, 4096, "fp8", 6.24},
    };
    std::vector<Case> out;
    for (const Row& r : rows) {
      std::string layout = r.pp > 1 ? fmt::format("TP{} PP{} VP{}", r.tp, r.pp, r.v) : fmt::format("TP{}", r.tp);
      std::string label = fmt::format("dgxc {} {}, {} H100, {}", r.name, r.precision == std::string("fp8") ? "FP8" : "BF16",
                                      r.gpus, layout);
      double per_gpu = static_cast<double>(r.seq) * r.global / (r.step_s * r.gpus);
      TrainRow t{label.c_str(), *r.model, r.precision, r.seq, r.gpus, r.tp, r.pp, r.v, 1, r.micro, r.global, r.recompute,
                 "megatron", h100, per_gpu, true};
      for (Case& c : nvidia_recipe_cases(std::vector<TrainRow>{t})) out.push_back(std::move(c));
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

// A training row of the fit set that motivated a mechanism: NeMo 24.07's Llama 2 13B FP8 row (16
// H100s, PP4 VP10; github.com/NVIDIA/NeMo 070a0bb1, docs/source/performance/performance_summary.md:
// "| LLAMA2-13B | 16 | 128 | 1 | 4096 | 1 | 4 | 1 | 10 | 8646 |") was in the held-out set (-13.7 %)
// when its breakdown showed 0.6 s of a 4.4 s step in exposed stage-to-stage sends, which Megatron-
// LM's interleaved schedule overlaps (megatron_p2p_overlap). The constant is Megatron-LM's
// default, not fitted, but the row that showed the gap is no longer out of sample.
#pragma once

#include "validation/heldout_second_set.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& fit_p2p_cases() {
  static const std::vector<Case> cases = [] {
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    const TrainRow row = {"NeMo Llama 2 13B FP8, 16 H100, PP4 VP10 (p2p overlap)", *find_model("llama-2-13b"), "fp8",
                          4096, 16, 1, 4, 10, 1, 1, 128, "none", "megatron", h100, 8646};
    return std::vector<Case>{training_case(row)};
  }();
  return cases;
}

// Training rows of the fit set that showed a framework setting the model lacked. Neither mechanism
// has a fitted constant: each is the framework's documented behaviour, set as the run's recipe sets
// it; the rows are no longer out of sample.
//  - torchtitan's per-op selective checkpointing (`recompute = "op"`): the Llama 3 8B rows were
//    held out with no recompute (+27.3 % on 64 A100s, +28.0 % on 32 H200s) while both runs used
//    "selective op" AC, which reruns every second matrix multiply of a block.
//    torchtitan docs/performance.md at 1ea476e9f: "| 8B | 1 | selective op | 2973 | 58.2% |";
//    benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md: "| 4 | 10938 | 47.96 |" (Float8
//    linears, torch.compile, the llama3_8b.toml default: selective op AC).
//  - Transformer Engine's TP communication overlap (`tp_comm_overlap` = 1): NeMo's GPT-3 175B
//    recipe (NeMo-Framework-Launcher conf/training/gpt3/175b.yaml at 056a90ed: "sequence_parallel:
//    True", "ub_tp_comm_overlap: True") ran both NeMo 24.07 GPT-3 175B rows, held out at -13.5 % and
//    -20.7 % with every TP collective exposed. NeMo 24.07 summary (8e3d65dcfe and 070a0bb1):
//    "| GPT3-175B | 128 | 256 | 1 | 2048 | 4 | 8 | 1 | 6 | 716 |",
//    "| GPT3-175B | 512 | 2048 | 2 | 2048 | 4 | 8 | 1 | 6 | 782 |".
inline const std::vector<Case>& fit_framework_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), gpt3 = *find_model("gpt-3-175b");
    PerfSystem a100 = dgx("nvidia-a100-sxm4-80gb", 300, 25);
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50), h200 = dgx("nvidia-h200-sxm-141gb", 450, 50);
    const TrainRow rows[] = {
        {"torchtitan Llama 3 8B, 64 A100, FSDP, op AC", l3_8, "bf16", 8192, 64, 1, 1, 1, 3, 1, 64, "op", "fsdp", a100, 2973},
        {"torchtitan Llama 3.1 8B FP8, 32 H200, FSDP, op AC", l3_8, "fp8", 8192, 32, 1, 1, 1, 3, 2, 64, "op", "fsdp", h200, 10938},
        {"NeMo GPT-3 175B FP8, 128 H100, TP4 PP8 VP6, TP overlap", gpt3, "fp8", 2048, 128, 4, 8, 6, 1, 1, 256, "none", "megatron", h100, 716, true},
        {"NeMo GPT-3 175B FP8, 512 H100, TP4 PP8 VP6, TP overlap", gpt3, "fp8", 2048, 512, 4, 8, 6, 1, 2, 2048, "none", "megatron", h100, 782, true},
    };
    std::vector<Case> out;
    for (const TrainRow& r : rows) {
      Case c = training_case(r);
      if (c.w.framework == Framework::Megatron) c.a.tp_comm_overlap = 1;
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

// The training row of the fit set that showed the gradient and parameter widths of NVIDIA's FP8
// recipes (megatron_fp8_grad_reduce_bytes, megatron_fp8_param_gather_bytes): NeMo 25.02's
// Nemotron-4 340B on 128 B200s (TP8 PP4 VP12, DP4 across nodes; NeMo Framework "Performance"
// summary, container 25.02, DGX-B200: "Nemotron-340B | 128 | 32 | 1 | 4096 | 8 | 4 | 1 | 12 | 1 |
// 8 | 602 | 1268") was held out at -33.3 % with 1.3 s of a 2.6 s step in an exposed fp32
// all-reduce of the gradients. The widths are the recipes' settings, not fitted; the row is no
// longer out of sample.
inline const std::vector<Case>& fit_dp_precision_cases() {
  static const std::vector<Case> cases = [] {
    PerfSystem b200 = dgx("nvidia-b200-sxm-180gb", 900, 50);
    const TrainRow row = {"NeMo Nemotron-4 340B FP8, 128 B200, TP8 PP4 VP12 (FP8 recipe widths)", nemotron4(96, 18432, 96),
                          "fp8", 4096, 128, 8, 4, 12, 1, 1, 32, "none", "megatron", b200, 602, true};
    Case c = training_case(row);
    c.a.tp_comm_overlap = 1;
    return std::vector<Case>{c};
  }();
  return cases;
}

// Training rows of the fit set that showed the backward tensor-parallel overlap with sequence
// parallelism (Megatron-Core's and Transformer Engine's asynchronous reduce-scatter of the input
// gradients behind the weight-gradient GEMMs; no constant fitted, tp_backward_overlap as before):
// NeMo 24.07's Llama 2 70B rows on H100 with TP4 + SP and no userbuffers (NeMo-Framework-Launcher
// conf/training/llama/llama2_70b.yaml: "sequence_parallel: true", "ub_tp_comm_overlap: false"),
// held out at -13.3 % and -23.1 % (-15.7 % and -26.5 % before the FP8 recipe widths) with about
// 1 s of each step in exposed TP collectives. NeMo 24.07 summary at 070a0bb1:
// "| LLAMA2-70B | 64 | 128 | 1 | 4096 | 4 | 4 | 1 | 20 | 1707 |" and the fine-tuning table's
// "| LLAMA2-70B | SFT | 16 | 32 | 1 | 4096 | 4 | 4 | 1833 |".
inline const std::vector<Case>& fit_sp_backward_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_70 = *find_model("llama-2-70b");
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    const TrainRow rows[] = {
        {"NeMo Llama 2 70B FP8, 64 H100, TP4 PP4 VP20 (SP backward overlap)", l2_70, "fp8", 4096, 64, 4, 4, 20, 1, 1, 128, "none", "megatron", h100, 1707, true},
        {"NeMo Llama 2 70B FP8 SFT, 16 H100, TP4 PP4 (SP backward overlap)", l2_70, "fp8", 4096, 16, 4, 4, 1, 1, 1, 32, "none", "megatron", h100, 1833, true, Mode::Train, kSquadExampleTokens},
    };
    std::vector<Case> out;
    for (const TrainRow& r : rows) out.push_back(training_case(r));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

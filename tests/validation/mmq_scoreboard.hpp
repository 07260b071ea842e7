// Validation rows of llama.cpp's quantised prefill (MMQ: GGUF blocks multiplied on int8 tensor
// cores, mmq_int8_efficiency, fitted on one RTX 3080 row in fit_inference.hpp): the pp512 column
// of the same scoreboard whose tg128 column is a fit set (fit_llamacpp_scoreboard.hpp) — "Performance
// of llama.cpp on Nvidia CUDA" (github.com/ggml-org/llama.cpp/discussions/15013), the table with
// flash attention, Llama 2 7B Q4_0, `llama-bench -m llama-2-7b.Q4_0.gguf -ngl 99 -fa 0,1`: pp512 =
// a 512-token prompt in one micro-batch (copied with each row's commit in
// github.com/smoothyy3/willitrun data/normalized/llama_cpp_cuda.jsonl at 04cac646). The
// seventeen NVIDIA cards of the tg128 fit rows (every card of the table that the catalog holds as
// the same part, GDDR memory, int8 tensor cores), each with the commit the table gives for it,
// written down before the model was run on them, less the RTX 2080 Ti: its row, the GeForce card
// of the three Turing cards, fits turing_mmq_int8_efficiency (fit_inference.hpp).
#pragma once

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& mmq_scoreboard_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_7 = *find_model("llama-2-7b");
    struct Entry {
      const char* label;
      const char* gpu;
      double pp512;
    };
    // "| chip | memory | pp512 | tg128 | commit |" rows of the flash-attention table, pp512 only.
    const Entry entries[] = {
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 5090 (8cf6b42)", "nvidia-rtx-5090-fe", 14970.15},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX PRO 6000 Blackwell (5143fa8)", "nvidia-rtx-pro-6000-blackwell-workstation", 16618.98},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 5080 (8a4280c)", "nvidia-rtx-5080-fe", 9487.70},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 5070 Ti (933414c)", "nvidia-rtx-5070-ti", 8419.56},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 6000 Ada (b8e09f0)", "nvidia-rtx-6000-ada", 10576.85},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 3090 Ti (9c35706)", "nvidia-rtx-3090-ti-fe", 6924.01},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, L40 (ee09828)", "nvidia-l40", 10097.64},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 4080 SUPER (81086cd)", "nvidia-rtx-4080-super-fe", 9439.01},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX A6000 (4795c91)", "nvidia-rtx-a6000", 5662.39},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX A5000 (e5155e6)", "nvidia-rtx-a5000", 4552.15},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 4070 Ti SUPER (9c35706)", "nvidia-rtx-4070-ti-super", 7612.32},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, A40 (3470a5c)", "nvidia-a40", 5256.38},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, Quadro RTX 8000 (b8e09f0)", "nvidia-quadro-rtx-8000", 3052.35},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX A4500 (5cdb27e)", "nvidia-rtx-a4500", 3453.10},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX A4000 (65349f2)", "nvidia-rtx-a4000", 2807.83},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, Tesla T4 (d32e03f)", "nvidia-t4", 1309.73},
    };
    std::vector<Case> out;
    for (const Entry& e : entries)
      out.push_back(inference_case({e.label, l2_7, "int4", 1, 1, 512, 0, Measure::PrefillTokensPerS,
                                    pcie_host(e.gpu, 1, true), e.pp512, "tokens/s", "q4_0", true, true}));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

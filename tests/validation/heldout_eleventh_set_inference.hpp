// Held-out inference rows of an eleventh set: llama.cpp's prompt processing in May 2024, the
// columns of the same llama-bench README that no set used, written down with their settings and
// committed before the model was run on them. Chosen to test the prompt path (cuBLAS GEMMs, the
// output layer for the last token only, scores through memory without flash attention) away
// from the GeForce pp512 and pp4096 rows it was fitted on: the professional cards at pp4096
// (where FP16 accumulation runs at the FP32-accumulating rate) and the GeForce cards at pp8192
// (twice the longest fitted prompt). Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at aa72e0ec, "NVIDIA
//    Professional GPUs" (column pp 4096) and "NVIDIA Gaming GPUs" (column pp 8192), tokens/s,
//    llama-bench of May 2024 (the settings of the fifth set: heldout_fifth_set_inference.hpp):
//    "| RTX 4000 Ada 20GB | 8B Q4_K_M | ... | 1798.01 |", "| 8B F16 | ... | 2200.58 |";
//    "| RTX 5000 Ada 32GB | 8B Q4_K_M | 3272.94 |", "| 8B F16 | 4008.30 |";
//    "| RTX A6000 48GB | 8B Q4_K_M | 2917.23 |", "| 8B F16 | 3365.79 |", "| 70B Q4_K_M | 404.61 |";
//    "| RTX 6000 Ada 48GB | 4495.19 | 4969.46 | 481.59 |"; "| A40 48GB | 2586.50 | 3069.98 |";
//    "| L40S 48GB | 8B Q4_K_M | 4335.18 |", "| 70B Q4_K_M | 542.29 |"; "| A100 PCIe 80GB | 4959.84 |
//    6137.54 | 653.20 |"; "| A100 SXM 80GB | 8B Q4_K_M | 5121.60 |", "| 70B Q4_K_M | 714.07 |";
//    "| H100 PCIe 80GB | 6423.31 | 8106.53 | 863.37 |" (8B Q4_K_M, 8B F16, 70B Q4_K_M);
//    "| 3080 10GB | 8B Q4_K_M | ... | 2232.21 |"; "| 3090 24GB | 8B Q4_K_M | 2527.40 |", "| 8B F16 |
//    2667.14 |"; "| 4090 24GB | 8B Q4_K_M | 4039.68 |", "| 8B F16 | 4744.18 |".
// Left out before running, as faults of the measurement rather than of any model: the L40S's and
// the A100 SXM's 8B F16 prompt rows (2253.93 and 603.76 tokens/s at pp512, below their own Q4_K_M
// rows and rising with the prompt's length, where every other card's fall) and the A40's 70B
// Q4_K_M prompt rows (209.38 at pp512 rising to 291.13 at pp8192, likewise).
#pragma once

#include <string>

#include "validation/heldout_eighth_set_inference.hpp"
#include "validation/sustained_share_rows.hpp"

namespace rigplan::validation {

// A prompt of `prompt` tokens at the May 2024 README's settings (may2024_decode_case's).
inline Case may2024_prompt_case(const std::string& label, const ModelSpec& m, bool f16, const char* gpu, int prompt,
                                double tps) {
  InferRow i{label.c_str(), m, f16 ? "fp16" : "int4", 1, 1, prompt, 0, Measure::PrefillTokensPerS,
             pcie_host(gpu, 1, true), tps, "tokens/s", f16 ? "f16" : "q4_k_m", false, false, 202405, true};
  return inference_case(i);
}

// One card's row of the README at one prompt column: its Llama 3 8B Q4_K_M, 8B F16 and 70B Q4_K_M
// prompts (tokens/s; 0 = no row), each a case labelled as the table names it.
inline void add_may2024_card_prompts(std::vector<Case>& out, const char* card, const char* gpu, int prompt,
                                     double q4_8b, double f16_8b, double q4_70b) {
  const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
  auto add = [&](const char* what, const ModelSpec& m, bool f16, double tps) {
    if (tps <= 0) return;
    std::string label = std::string("llama.cpp (2024-05) ") + what + " pp" + std::to_string(prompt) + ", " + card;
    out.push_back(may2024_prompt_case(label, m, f16, gpu, prompt, tps));
  };
  add("Llama 3 8B Q4_K_M", l3_8, false, q4_8b);
  add("Llama 3 8B F16", l3_8, true, f16_8b);
  add("Llama 3 70B Q4_K_M", l3_70, false, q4_70b);
}

// Every row the set wrote down; its RTX 6000 Ada F16 row moved to the fit set with the card's
// sustained GEMM share (sustained_share_rows.hpp), and its three H100 PCIe rows (fit_inference.hpp,
// fit_hopper_legacy_mma_cases) when llama.cpp's prompt GEMMs on Hopper were priced at the share of
// the peak its pre-Hopper mma.sync instructions reach (hopper_legacy_mma_share, a measured figure,
// not fitted): held out before at +35.5, +38.2 and +31.4 % (8B Q4_K_M, 8B F16, 70B Q4_K_M). The
// twelfth set (heldout_twelfth_set_inference.hpp), committed before that change, checks it.
inline const std::vector<Case>& eleventh_set_table_rows() {
  static const std::vector<Case> cases = [] {
    struct Row {
      const char* card;
      const char* gpu;
      int prompt;
      double q4_8b, f16_8b, q4_70b;  // tokens/s; 0 = no row
    };
    const Row rows[] = {
        {"RTX 4000 Ada", "nvidia-rtx-4000-ada", 4096, 1798.01, 2200.58, 0},
        {"RTX 5000 Ada", "nvidia-rtx-5000-ada", 4096, 3272.94, 4008.30, 0},
        {"RTX A6000", "nvidia-rtx-a6000", 4096, 2917.23, 3365.79, 404.61},
        {"RTX 6000 Ada", "nvidia-rtx-6000-ada", 4096, 4495.19, 4969.46, 481.59},
        {"A40", "nvidia-a40", 4096, 2586.50, 3069.98, 0},
        {"L40S", "nvidia-l40s", 4096, 4335.18, 0, 542.29},
        {"A100 PCIe 80GB", "nvidia-a100-pcie-80gb", 4096, 4959.84, 6137.54, 653.20},
        {"A100 SXM 80GB", "nvidia-a100-sxm4-80gb", 4096, 5121.60, 0, 714.07},
        {"H100 PCIe 80GB", "nvidia-h100-pcie-80gb", 4096, 6423.31, 8106.53, 863.37},
        {"RTX 3080", "nvidia-rtx-3080-fe", 8192, 2232.21, 0, 0},
        {"RTX 3090", "nvidia-rtx-3090-fe", 8192, 2527.40, 2667.14, 0},
        {"RTX 4090", "nvidia-rtx-4090-fe", 8192, 4039.68, 4744.18, 0},
    };
    std::vector<Case> out;
    for (const Row& r : rows) add_may2024_card_prompts(out, r.card, r.gpu, r.prompt, r.q4_8b, r.f16_8b, r.q4_70b);
    return out;
  }();
  return cases;
}

inline bool is_h100_pcie(const Case& c) { return c.sys.gpu->id == "nvidia-h100-pcie-80gb"; }

inline const std::vector<Case>& heldout_eleventh_inference() {
  static const std::vector<Case> cases =
      select_cases(eleventh_set_table_rows(), [](const Case& c) { return !is_h100_pcie(c) && !is_sustained_share_study_row(c); });
  return cases;
}

}  // namespace rigplan::validation

// Fit rows of llama.cpp's cost of splitting a model over several GPUs by layer
// (llamacpp_stage_boundary_s): the May 2024 tables' multi-GPU rows of GDDR cards that no other set
// uses, each paired with the same card's and model's single-GPU row, so that the constant is
// fitted on the slowdown the split adds (published multi / single against predicted multi /
// single), not on the single-GPU rows' own error. Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at aa72e0ec (2024-05-12),
//    "NVIDIA Gaming GPUs" and "NVIDIA Professional GPUs" (RunPod, CUDA 12.1.1, builds of May 2024),
//    `llama-bench -n 512`, "tg 512", tokens/s (8B Q4_K_M, 8B F16, 70B Q4_K_M):
//    "| 3090 24GB * 4 | 108.66 | 47.07 |", "| 4090 24GB * 4 | 120.32 | 53.10 |",
//    "| 3090 24GB * 6 | 104.17 | 46.23 |", "| 4090 24GB * 8 | 118.09 | 52.51 |";
//    "| RTX 4000 Ada 20GB * 4 | 56.64 | 20.65 |", "| RTX 5000 Ada 32GB * 4 | 84.07 | 32.10 |",
//    "| RTX A6000 48GB * 4 | 96.48 | 39.34 | 14.44 |", "| RTX 6000 Ada 48GB * 4 | 121.21 | 50.61 | 18.13 |",
//    "| A40 48GB * 4 | 85.91 | 33.60 | 11.99 |", "| L40S 48GB * 4 | 107.53 | 42.70 | 15.12 |";
//    their single-GPU rows as quoted in heldout_fifth_set_inference.hpp (3090, 4090) and
//    heldout_eighth_set_inference.hpp (the professional cards).
// Settings as the fifth and eighth sets' (no CUDA graphs, build month 202405, no flash attention);
// the split as N pipeline stages in one host without peer-to-peer copies. Not used: the 70B rows
// of the GeForce cards (no single-GPU row to pair), the 70B F16 rows (likewise), the other
// columns. The HBM cards' four-GPU rows are the ninth held-out set and the two-GPU GeForce rows
// the tenth's: the constant is checked on them.
#pragma once

#include <string>
#include <vector>

#include "validation/heldout_eighth_set_inference.hpp"

namespace rigplan::validation {

struct SplitPair {
  Case multi, single;
  // Published and predicted slowdown of the split over one GPU, as a ratio of tokens/s.
  double published_ratio() const { return multi.published / single.published; }
};

inline const std::vector<SplitPair>& fit_llamacpp_split_pairs() {
  static const std::vector<SplitPair> pairs = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
    struct Row {
      const char* card;
      const char* gpu;
      int gpus;
      double q4_8b, f16_8b, q4_70b;     // tokens/s split over `gpus` (0 = not used)
      double q4_8b_1, f16_8b_1, q4_70b_1;  // the same on one GPU
    };
    const Row rows[] = {
        {"RTX 3090", "nvidia-rtx-3090-fe", 4, 108.66, 47.07, 0, 115.42, 47.40, 0},
        {"RTX 4090", "nvidia-rtx-4090-fe", 4, 120.32, 53.10, 0, 130.58, 54.84, 0},
        {"RTX 3090", "nvidia-rtx-3090-fe", 6, 104.17, 46.23, 0, 115.42, 47.40, 0},
        {"RTX 4090", "nvidia-rtx-4090-fe", 8, 118.09, 52.51, 0, 130.58, 54.84, 0},
        {"RTX 4000 Ada", "nvidia-rtx-4000-ada", 4, 56.64, 20.65, 0, 59.15, 20.92, 0},
        {"RTX 5000 Ada", "nvidia-rtx-5000-ada", 4, 84.07, 32.10, 0, 91.39, 32.84, 0},
        {"RTX A6000", "nvidia-rtx-a6000", 4, 96.48, 39.34, 14.44, 105.39, 40.71, 14.71},
        {"RTX 6000 Ada", "nvidia-rtx-6000-ada", 4, 121.21, 50.61, 18.13, 133.44, 52.32, 18.52},
        {"A40", "nvidia-a40", 4, 85.91, 33.60, 11.99, 91.27, 34.26, 11.60},
        {"L40S", "nvidia-l40s", 4, 107.53, 42.70, 15.12, 115.55, 43.69, 15.46},
    };
    std::vector<SplitPair> out;
    auto add = [&](const Row& r, const char* what, const ModelSpec& m, bool f16, double multi, double single) {
      if (multi <= 0) return;
      std::string base = std::string("llama.cpp (2024-05) ") + what + " tg512, ";
      out.push_back(
          {may2024_decode_case(base + std::to_string(r.gpus) + "x " + r.card + ", layer split", m, f16, r.gpu, r.gpus,
                               false, 512, multi),
           may2024_decode_case(base + r.card, m, f16, r.gpu, 1, false, 512, single)});
    };
    for (const Row& r : rows) {
      add(r, "Llama 3 8B Q4_K_M", l3_8, false, r.q4_8b, r.q4_8b_1);
      add(r, "Llama 3 8B F16", l3_8, true, r.f16_8b, r.f16_8b_1);
      add(r, "Llama 3 70B Q4_K_M", l3_70, false, r.q4_70b, r.q4_70b_1);
    }
    return out;
  }();
  return pairs;
}

}  // namespace rigplan::validation

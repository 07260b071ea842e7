// Held-out inference rows of a twelfth set: llama.cpp's prompt processing in May 2024 on the
// professional and data-centre cards, at the two prompt columns of the same llama-bench README that
// no set used, written down with their settings and committed before the model was run on them;
// none changed after. Chosen by rule: every single-GPU row of the "NVIDIA Professional GPUs" table
// whose card the catalog holds, at the "pp 512" column (one 512-token micro-batch: no cached keys,
// the prompt's fixed costs paid once) and the "pp 8192" column (sixteen micro-batches, each scored
// against every cached token: the scores' traffic without flash attention at its largest). They
// replace the eleventh set's three H100 PCIe rows, moved to the fit set when the Hopper
// legacy-instruction share was studied on them (fit_inference.hpp). Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at aa72e0ec (2024-05-12),
//    "NVIDIA Professional GPUs (OS: Ubuntu 22.04.2 LTS, pytorch:2.2.0, py: 3.10, cuda: 12.1.1 on
//    RunPod) (snapshots in May 2024)", llama-bench of May 2024 (the settings of the fifth set:
//    heldout_fifth_set_inference.hpp), tokens/s, columns pp 512 and pp 8192:
//    "| RTX 4000 Ada 20GB | 8B Q4_K_M | ... | 2451.93 | ... | 1337.15 |", "| 8B F16 | 3121.67 | 1557.00 |";
//    "| RTX 5000 Ada 32GB | 8B Q4_K_M | 4761.12 | 2422.33 |", "| 8B F16 | 6160.57 | 2808.89 |";
//    "| RTX A6000 48GB | 8B Q4_K_M | 3780.55 | 2292.61 |", "| 8B F16 | 4511.02 | 2566.46 |",
//    "| 70B Q4_K_M | 482.19 | 340.73 |";
//    "| RTX 6000 Ada 48GB | 8B Q4_K_M | 5791.74 | 3542.57 |", "| 8B F16 | 6663.13 | 3915.81 |",
//    "| 70B Q4_K_M | 565.98 | 419.76 |";
//    "| A40 48GB | 8B Q4_K_M | 3324.98 | 2013.34 |", "| 8B F16 | 4203.75 | 2295.02 |";
//    "| L40S 48GB | 8B Q4_K_M | 6035.24 | 3192.70 |", "| 70B Q4_K_M | 673.63 | 446.48 |";
//    "| A100 PCIe 80GB | 8B Q4_K_M | 5981.04 | 4083.37 |", "| 8B F16 | 7741.34 | 4849.11 |",
//    "| 70B Q4_K_M | 744.12 | 573.95 |";
//    "| A100 SXM 80GB | 8B Q4_K_M | 5947.64 | 4137.08 |", "| 70B Q4_K_M | 817.58 | 625.66 |";
//    "| H100 PCIe 80GB | 8B Q4_K_M | 8125.45 | 5185.03 |", "| 8B F16 | 10815.51 | 6191.45 |",
//    "| 70B Q4_K_M | 1012.73 | 741.52 |".
// Left out, as the eleventh set left them out (faults of the measurement: below the card's own
// Q4_K_M rows and rising with the prompt's length): the L40S's and the A100 SXM's 8B F16 rows and
// the A40's 70B Q4_K_M rows. Not used: the "pp 1024" column (two micro-batches: nearly the 512
// one), the multi-GPU rows (layer split; the hosts' links not stated).
#pragma once

#include "validation/heldout_eleventh_set_inference.hpp"

namespace rigplan::validation {

// Every row the set wrote down; the RTX 6000 Ada's two F16 rows moved to the fit set with the
// card's sustained GEMM share (sustained_share_rows.hpp).
inline const std::vector<Case>& twelfth_set_table_rows() {
  static const std::vector<Case> cases = [] {
    struct Row {
      const char* card;
      const char* gpu;
      double q4_8b[2], f16_8b[2], q4_70b[2];  // tokens/s at pp512, pp8192; 0 = no row
    };
    const Row rows[] = {
        {"RTX 4000 Ada", "nvidia-rtx-4000-ada", {2451.93, 1337.15}, {3121.67, 1557.00}, {0, 0}},
        {"RTX 5000 Ada", "nvidia-rtx-5000-ada", {4761.12, 2422.33}, {6160.57, 2808.89}, {0, 0}},
        {"RTX A6000", "nvidia-rtx-a6000", {3780.55, 2292.61}, {4511.02, 2566.46}, {482.19, 340.73}},
        {"RTX 6000 Ada", "nvidia-rtx-6000-ada", {5791.74, 3542.57}, {6663.13, 3915.81}, {565.98, 419.76}},
        {"A40", "nvidia-a40", {3324.98, 2013.34}, {4203.75, 2295.02}, {0, 0}},
        {"L40S", "nvidia-l40s", {6035.24, 3192.70}, {0, 0}, {673.63, 446.48}},
        {"A100 PCIe 80GB", "nvidia-a100-pcie-80gb", {5981.04, 4083.37}, {7741.34, 4849.11}, {744.12, 573.95}},
        {"A100 SXM 80GB", "nvidia-a100-sxm4-80gb", {5947.64, 4137.08}, {0, 0}, {817.58, 625.66}},
        {"H100 PCIe 80GB", "nvidia-h100-pcie-80gb", {8125.45, 5185.03}, {10815.51, 6191.45}, {1012.73, 741.52}},
    };
    const int prompts[] = {512, 8192};
    std::vector<Case> out;
    for (int col = 0; col < 2; ++col)
      for (const Row& r : rows)
        add_may2024_card_prompts(out, r.card, r.gpu, prompts[col], r.q4_8b[col], r.f16_8b[col], r.q4_70b[col]);
    return out;
  }();
  return cases;
}

inline const std::vector<Case>& heldout_twelfth_inference() {
  static const std::vector<Case> cases =
      select_cases(twelfth_set_table_rows(), is_not_sustained_share_study_row);
  return cases;
}

}  // namespace rigplan::validation

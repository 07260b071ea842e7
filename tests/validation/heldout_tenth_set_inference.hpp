// Held-out inference rows of a tenth set: llama.cpp's decode in May 2024 at a long context and
// over two GeForce cards, from the same benchmark as the fifth, eighth and ninth sets, in columns
// and rows the project had not used. Chosen by rule, written down with their settings and
// committed before the model was run on them; none changed after:
//  - the "tg 4096" column (4,096 tokens generated from an empty cache: the cache grows to 4,096)
//    of every single-GPU row of the professional-GPU table whose card the catalog holds (the
//    eighth set and the fit set hold the same rows' tg512 column);
//  - the "tg 512" column of the gaming-GPU table's two-GPU rows (3090 24GB * 2, 4090 24GB * 2;
//    their one-GPU rows are in the fifth set and the fit set).
// Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at aa72e0ec (2024-05-12),
//    "NVIDIA Professional GPUs" and "NVIDIA Gaming GPUs" (OS: Ubuntu 22.04.2 LTS, pytorch:2.2.0,
//    py: 3.10, cuda: 12.1.1 on RunPod) (snapshots in May 2024), `llama-bench -p 512,1024,4096,8192
//    -n 512,1024,4096,8192` on Meta-Llama-3-8B and -70B in GGUF (Q4_K_M, F16), all layers on the
//    GPUs, llama.cpp built with `LLAMA_CUBLAS=1 make` (builds of May 2024); tokens/s:
//    tg 4096: "| RTX 4000 Ada 20GB | 8B Q4_K_M | 55.94 |", "| | 8B F16 | 20.50 |";
//    "| RTX 5000 Ada 32GB | 8B Q4_K_M | 85.01 |", "| | 8B F16 | 32.04 |";
//    "| RTX A6000 48GB | 8B Q4_K_M | 94.82 |", "| | 8B F16 | 39.14 |", "| | 70B Q4_K_M | 14.09 |";
//    "| RTX 6000 Ada 48GB | 8B Q4_K_M | 120.74 |", "| | 8B F16 | 50.21 |", "| | 70B Q4_K_M | 17.80 |";
//    "| A40 48GB | 8B Q4_K_M | 83.10 |", "| | 8B F16 | 33.06 |", "| | 70B Q4_K_M | 11.68 |";
//    "| L40S 48GB | 8B Q4_K_M | 105.50 |", "| | 8B F16 | 42.22 |", "| | 70B Q4_K_M | 14.92 |";
//    "| A100 PCIe 80GB | 8B Q4_K_M | 127.22 |", "| | 8B F16 | 53.02 |", "| | 70B Q4_K_M | 20.93 |";
//    "| A100 SXM 80GB | 8B Q4_K_M | 125.09 |", "| | 8B F16 | 52.03 |", "| | 70B Q4_K_M | 22.91 |";
//    "| H100 PCIe 80GB | 8B Q4_K_M | 136.06 |", "| | 8B F16 | 65.97 |", "| | 70B Q4_K_M | 23.82 |";
//    tg 512: "| 3090 24GB * 2 | 8B Q4_K_M | 111.67 |", "| | 8B F16 | 47.72 |", "| | 70B Q4_K_M | 16.57 |";
//    "| 4090 24GB * 2 | 8B Q4_K_M | 124.65 |", "| | 8B F16 | 53.64 |", "| | 70B Q4_K_M | 19.22 |".
// Settings the tables do not print, taken as for the eighth and ninth sets: no CUDA graphs, build
// month 202405, the F16 rows in GGUF F16; the two-GPU rows in llama.cpp's default layer split as
// two pipeline stages, in one host without peer-to-peer copies (GeForce cards; only a token's
// hidden state crosses). Not used: the 1024 and 8192 columns, the four- to eight-GPU GeForce
// rows, the four-GPU rows of the GDDR professional cards.
#pragma once

#include "validation/heldout_eighth_set_inference.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_tenth_inference() {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out = pro_table_cases(
        {
            {"RTX 4000 Ada", "nvidia-rtx-4000-ada", 55.94, 20.50, 0},
            {"RTX 5000 Ada", "nvidia-rtx-5000-ada", 85.01, 32.04, 0},
            {"RTX A6000", "nvidia-rtx-a6000", 94.82, 39.14, 14.09},
            {"RTX 6000 Ada", "nvidia-rtx-6000-ada", 120.74, 50.21, 17.80},
            {"A40", "nvidia-a40", 83.10, 33.06, 11.68},
            {"L40S", "nvidia-l40s", 105.50, 42.22, 14.92},
            {"A100 PCIe 80GB", "nvidia-a100-pcie-80gb", 127.22, 53.02, 20.93},
            {"A100 SXM 80GB", "nvidia-a100-sxm4-80gb", 125.09, 52.03, 22.91},
            {"H100 PCIe 80GB", "nvidia-h100-pcie-80gb", 136.06, 65.97, 23.82},
        },
        4096);
    for (Case& c : split_table_cases(
             {
                 {"2x RTX 3090", "nvidia-rtx-3090-fe", 111.67, 47.72, 16.57, 0},
                 {"2x RTX 4090", "nvidia-rtx-4090-fe", 124.65, 53.64, 19.22, 0},
             },
             2, false))
      out.push_back(c);
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

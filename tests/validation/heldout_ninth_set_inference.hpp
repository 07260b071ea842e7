// Held-out inference rows of a ninth set: llama.cpp's decode on four data-centre cards of HBM
// memory at once, in May 2024, from the same benchmark and table as the eighth set — the
// four-GPU rows of the three HBM cards whose single-GPU rows moved to the fit set when
// llamacpp_decode_bytes_per_sm_cycle was added (fit_inference.hpp), taken in their place. Every
// four-GPU row of those cards at the tg512 column (the eighth set's measure), written down with
// their settings and committed before the model was run on them; none changed after. Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at aa72e0ec (2024-05-12),
//    "NVIDIA Professional GPUs (OS: Ubuntu 22.04.2 LTS, pytorch:2.2.0, py: 3.10, cuda: 12.1.1 on
//    RunPod) (snapshots in May 2024)", `llama-bench -p 512,1024,4096,8192 -n 512,1024,4096,8192`
//    on Meta-Llama-3-8B and -70B in GGUF (Q4_K_M, F16), all layers on the GPUs, llama.cpp built
//    with `LLAMA_CUBLAS=1 make` (builds of May 2024); "tg 512", tokens/s (the first column):
//    "| A100 PCIe 80GB * 4 | 8B Q4_K_M | 119.28 |", "| | 8B F16 | 51.63 |", "| | 70B Q4_K_M | 22.91 |",
//    "| | 70B F16 | 7.40 |";
//    "| A100 SXM 80GB * 4 | 8B Q4_K_M | 99.73 |", "| | 8B F16 | 45.53 |", "| | 70B Q4_K_M | 19.87 |",
//    "| | 70B F16 | 6.95 |";
//    "| H100 PCIe 80GB * 4 | 8B Q4_K_M | 123.08 |", "| | 8B F16 | 64.00 |", "| | 70B Q4_K_M | 26.40 |",
//    "| | 70B F16 | 9.67 |".
// Settings the table does not print, taken as for the eighth set: no CUDA graphs, build month
// 202405; llama.cpp's default split of several GPUs, by layer (`--split-mode layer`: each GPU
// holds a share of the layers and a token passes through them in turn), as pipeline stages of 4
// (pp 4); the F16 rows in llama.cpp's GGUF F16 (weight format f16). Every card as in one host
// (`size --gpu ID --count 4`), as the eighth set's: with no tensor parallelism only each token's
// hidden state crosses between the GPUs, so their links barely count.
#pragma once

#include "validation/heldout_eighth_set_inference.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_ninth_inference() {
  static const std::vector<Case> cases = split_table_cases(
      {
          {"4x A100 PCIe 80GB", "nvidia-a100-pcie-80gb", 119.28, 51.63, 22.91, 7.40},
          {"4x A100 SXM 80GB", "nvidia-a100-sxm4-80gb", 99.73, 45.53, 19.87, 6.95},
          {"4x H100 PCIe 80GB", "nvidia-h100-pcie-80gb", 123.08, 64.00, 26.40, 9.67},
      },
      4, true);
  return cases;
}

}  // namespace rigplan::validation

// Fit rows of llama.cpp's decode on current builds: the llama.cpp maintainers' scoreboards of
// one benchmark on many GPUs, each result with the commit it was built from. Written down with
// their settings before the model was run on them.
//  - "Performance of llama.cpp on Nvidia CUDA" (github.com/ggml-org/llama.cpp/discussions/15013,
//    opened in August 2025 — its number sits among the pull requests of that month, e.g. #15131,
//    2025-08-06 — so every row is a build of that summer or later): Llama 2 7B Q4_0
//    ("llama 7B Q4_0, 3.56 GiB, 6.74 B"), `llama-bench -m llama-2-7b.Q4_0.gguf -ngl 99 -fa 0,1`,
//    one GPU, tg128 = 128 tokens generated one at a time from an empty context. The table "with
//    Flash Attention" (flash attention is llama.cpp's default where the GPU supports it), as it
//    stood in April 2026 (a copy of both tables with their commit column:
//    github.com/smoothyy3/willitrun data/normalized/llama_cpp_cuda.jsonl at 04cac646).
//  - its ROCm (HIP) counterpart (discussions/15021), the same benchmark and tables: RX
//    7900 XTX, commit 2f0c2db, tg128 with flash attention 170.12 tokens/s. HIP graphs were off by
//    default until PR #22254 ("HIP: flip GGML_HIP_GRAPHS to on", 2026-04-22): no graphs.
// Which cards: every card of the CUDA table that the catalog holds as the same part, with GDDR
// memory and tensor cores (Turing to Blackwell). Not used: the RTX 4090 D, 4080, 3060, 4060 Ti
// and 5070 (not in the catalog), the RTX 3080 (the table does not say 10 or 12 GB: 760 or 912
// GB/s), Pascal cards (no tensor cores) and the HBM data-centre cards, whose batch-1 decode
// reaches 40-63 % of peak bandwidth on these builds: two of them fit
// llamacpp_decode_bytes_per_sm_cycle instead (fit_scoreboard_hbm_cases below). The RTX PRO 6000
// Blackwell's edition is not stated; the workstation and Max-Q editions have the same 1,792 GB/s.
// CUDA builds replay the decode step as a CUDA graph (kGraphLayerOverheadS).
#pragma once

#include <tuple>

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& fit_scoreboard_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_7 = *find_model("llama-2-7b");
    const Measure dec = Measure::DecodeTokensPerS;
    struct Entry {
      const char* label;
      const char* gpu;
      double tg128;
      bool graphs;
    };
    // "| chip | memory | pp512 | tg128 | commit |" rows of the flash-attention table, tg128 only.
    const Entry entries[] = {
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 5090 (8cf6b42)", "nvidia-rtx-5090-fe", 300.40, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX PRO 6000 Blackwell (5143fa8)", "nvidia-rtx-pro-6000-blackwell-workstation", 281.11, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 5080 (8a4280c)", "nvidia-rtx-5080-fe", 184.68, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 5070 Ti (933414c)", "nvidia-rtx-5070-ti", 182.43, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 6000 Ada (b8e09f0)", "nvidia-rtx-6000-ada", 179.47, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 3090 Ti (9c35706)", "nvidia-rtx-3090-ti-fe", 172.26, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, L40 (ee09828)", "nvidia-l40", 153.76, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 4080 SUPER (81086cd)", "nvidia-rtx-4080-super-fe", 147.48, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX A6000 (4795c91)", "nvidia-rtx-a6000", 144.87, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX A5000 (e5155e6)", "nvidia-rtx-a5000", 135.83, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 4070 Ti SUPER (9c35706)", "nvidia-rtx-4070-ti-super", 132.85, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, A40 (3470a5c)", "nvidia-a40", 126.24, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX 2080 Ti (9c35706)", "nvidia-rtx-2080-ti-fe", 109.17, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, Quadro RTX 8000 (b8e09f0)", "nvidia-quadro-rtx-8000", 103.63, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX A4500 (5cdb27e)", "nvidia-rtx-a4500", 103.00, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, RTX A4000 (65349f2)", "nvidia-rtx-a4000", 85.17, true},
        {"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, Tesla T4 (d32e03f)", "nvidia-t4", 44.03, true},
        {"llama.cpp ROCm scoreboard: Llama 2 7B Q4_0 tg128, RX 7900 XTX (2f0c2db)", "amd-radeon-rx-7900-xtx", 170.12, false},
    };
    std::vector<Case> out;
    for (const Entry& e : entries)
      out.push_back(inference_case(
          {e.label, l2_7, "int4", 1, 1, 1, 128, dec, pcie_host(e.gpu, 1, true), e.tg128, "tokens/s", "q4_0", e.graphs, true}));
    return out;
  }();
  return cases;
}

// The scoreboard's HBM data-centre cards, the fit rows of llamacpp_decode_bytes_per_sm_cycle: the
// same benchmark, table and copy as above, "| A100 80 GB | ... | 200.90 | 5143fa8 |" and
// "| A30 | ... | 131.93 | 583cb83 |" (tg128, with flash attention). "A100 80 GB" does not say PCIe
// or SXM4; both have 108 SMs at a 1,410 MHz boost, so where the ceiling binds (it does on either:
// 1,441 and 1,519 GB/s at the fitted share against some 940 GB/s of ceiling) they decode alike;
// the PCIe card is taken. Not used: the V100 (PCIe or SXM2: 1,380 or 1,530 MHz) and the "H100 80
// GB" (PCIe or SXM5: 114 or 132 SMs), whose form factors the table does not say.
inline const std::vector<Case>& fit_scoreboard_hbm_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_7 = *find_model("llama-2-7b");
    const Measure dec = Measure::DecodeTokensPerS;
    std::vector<Case> out;
    for (auto [label, gpu, tg128] :
         {std::tuple{"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, A100 80 GB (5143fa8)", "nvidia-a100-pcie-80gb", 200.90},
          std::tuple{"llama.cpp scoreboard: Llama 2 7B Q4_0 tg128, A30 (583cb83)", "nvidia-a30", 131.93}})
      out.push_back(inference_case(
          {label, l2_7, "int4", 1, 1, 1, 128, dec, pcie_host(gpu, 1, true), tg128, "tokens/s", "q4_0", true, true}));
    return out;
  }();
  return cases;
}

// The same two HBM cards' prompt rows: the scoreboard's pp512 column, flash-attention table
// ("A100 80 GB" 5285.96 tokens/s at commit 5143fa8, "A30" 3068.72 at 583cb83; the A100 taken as
// the PCIe card, as above: at pp512 the two differ in clocks under load only). The rows MMQ's
// per-SM-cycle rate was studied on (mmq_rate_for): at 0.238 of their INT8 peaks, twice a GeForce
// SM's a cycle, the model ran them +93 and +82 % fast. mmq_int8_efficiency stays the RTX 3080's
// fit (fit_inference.hpp), not refitted. Not used: the "H100 80 GB" row (11263.29), whose SXM or
// PCIe edition the table does not say (132 or 114 SMs, 1.98 or 1.755 GHz).
inline const std::vector<Case>& fit_scoreboard_hbm_prefill_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_7 = *find_model("llama-2-7b");
    std::vector<Case> out;
    for (auto [label, gpu, pp512] :
         {std::tuple{"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, A100 80 GB (5143fa8)", "nvidia-a100-pcie-80gb", 5285.96},
          std::tuple{"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, A30 (583cb83)", "nvidia-a30", 3068.72}})
      out.push_back(inference_case({label, l2_7, "int4", 1, 1, 512, 0, Measure::PrefillTokensPerS,
                                    pcie_host(gpu, 1, true), pp512, "tokens/s", "q4_0", true, true}));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

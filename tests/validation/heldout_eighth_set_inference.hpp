// Held-out inference rows of an eighth set: llama.cpp's decode on nine professional and
// data-centre cards in May 2024, from the same benchmark as the fifth set and two fit rows, whose
// professional-GPU table the project had not used. Every single-GPU row of a card the catalog
// holds, at the tg512 column (the measure of the source's two fit rows), written down with their
// settings and committed before the model was run on them; none changed after. Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at aa72e0ec (2024-05-12),
//    "NVIDIA Professional GPUs (OS: Ubuntu 22.04.2 LTS, pytorch:2.2.0, py: 3.10, cuda: 12.1.1 on
//    RunPod) (snapshots in May 2024)", `llama-bench -p 512,1024,4096,8192 -n 512,1024,4096,8192`
//    on Meta-Llama-3-8B and -70B in GGUF (Q4_K_M, F16), all layers on the GPU, llama.cpp built
//    with `LLAMA_CUBLAS=1 make` (builds of May 2024); "tg 512" generates 512 tokens from an empty
//    cache, tokens/s (the first column):
//    "| RTX 4000 Ada 20GB | 8B Q4_K_M | 59.15 |", "| | 8B F16 | 20.92 |";
//    "| RTX 5000 Ada 32GB | 8B Q4_K_M | 91.39 |", "| | 8B F16 | 32.84 |";
//    "| RTX A6000 48GB | 8B Q4_K_M | 105.39 |", "| | 8B F16 | 40.71 |", "| | 70B Q4_K_M | 14.71 |";
//    "| RTX 6000 Ada 48GB | 8B Q4_K_M | 133.44 |", "| | 8B F16 | 52.32 |", "| | 70B Q4_K_M | 18.52 |";
//    "| A40 48GB | 8B Q4_K_M | 91.27 |", "| | 8B F16 | 34.26 |", "| | 70B Q4_K_M | 11.60 |";
//    "| L40S 48GB | 8B Q4_K_M | 115.55 |", "| | 8B F16 | 43.69 |", "| | 70B Q4_K_M | 15.46 |";
//    "| A100 PCIe 80GB | 8B Q4_K_M | 140.62 |", "| | 8B F16 | 54.84 |", "| | 70B Q4_K_M | 22.31 |";
//    "| A100 SXM 80GB | 8B Q4_K_M | 135.04 |", "| | 8B F16 | 53.49 |", "| | 70B Q4_K_M | 24.61 |";
//    "| H100 PCIe 80GB | 8B Q4_K_M | 145.55 |", "| | 8B F16 | 68.03 |", "| | 70B Q4_K_M | 25.03 |".
// Settings the table does not print, taken as for the fifth set and the fit rows: no CUDA graphs,
// build month 202405; the F16 rows in llama.cpp's GGUF F16 (weight format f16, which the project
// gained after the set was run: the same bytes, now known to be llama.cpp's). The rows of the three
// HBM cards (A100 PCIe, A100 SXM, H100 PCIe) moved to the fit set when
// llamacpp_decode_bytes_per_sm_cycle was added (fit_inference.hpp, fit_llamacpp_hbm_2024_cases);
// the ninth set holds their four-GPU rows in their place. Not used: the other multi-GPU rows
// (layer split; the hosts' links not stated), the other columns (the tg512 one chosen before the
// model ran; the tenth set took the tg4096 column later).
#pragma once

#include <initializer_list>
#include <string>

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

// One card's rows of one of the table's tg columns, tokens/s: Llama 3 8B Q4_K_M and F16, 70B Q4_K_M
// (0 = no such row: the 70B does not fit 20-32 GB).
struct ProTableRow {
  const char* card;  // as the table names it
  const char* gpu;
  double q4_8b, f16_8b, q4_70b;
};

// One decode row of the May 2024 tables at the settings above: `output` tokens generated from an
// empty cache, Q4_K_M or F16, on `gpus` cards of one host — more than one in llama.cpp's default
// layer split, as that many pipeline stages (the ninth and tenth sets, fit_llamacpp_split.hpp).
inline Case may2024_decode_case(const std::string& label, const ModelSpec& m, bool f16, const char* gpu, int gpus,
                                bool p2p, int output, double tps) {
  InferRow i{label.c_str(), m, f16 ? "fp16" : "int4", 1, 1, 1, output, Measure::DecodeTokensPerS,
             pcie_host(gpu, gpus, p2p), tps, "tokens/s", f16 ? "f16" : "q4_k_m", false, false, 202405, true};
  Case c = inference_case(i);
  c.w.pp = gpus;
  return c;
}

// Those rows as cases, at the settings above, generating `output` tokens from an empty cache (the
// table's "tg N" columns; also the fit set's HBM rows, fit_inference.hpp, and the tenth set's
// tg4096 rows, heldout_tenth_set_inference.hpp).
inline std::vector<Case> pro_table_cases(std::initializer_list<ProTableRow> rows, int output = 512) {
  const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
  std::vector<Case> out;
  auto add = [&](const ProTableRow& r, const char* what, const ModelSpec& m, bool f16, double tps) {
    std::string label = std::string("llama.cpp (2024-05) ") + what + " tg" + std::to_string(output) + ", " + r.card;
    out.push_back(may2024_decode_case(label, m, f16, r.gpu, 1, true, output, tps));
  };
  for (const ProTableRow& r : rows) {
    add(r, "Llama 3 8B Q4_K_M", l3_8, false, r.q4_8b);
    add(r, "Llama 3 8B F16", l3_8, true, r.f16_8b);
    if (r.q4_70b > 0) add(r, "Llama 3 70B Q4_K_M", l3_70, false, r.q4_70b);
  }
  return out;
}

// Every row the set wrote down; its Q4_K_M rows moved to the fit set (fit_inference.hpp,
// fit_llamacpp_may2024_cases) when kquant_decode_efficiency_2024 was fitted on them, held out
// before at -29.3, -29.0, -20.2, -31.4, -23.3, -32.5, -15.6, -20.9, -19.2 and -26.9 % (8B on the
// RTX 4000 Ada, RTX 5000 Ada, A6000; 70B on the A6000; 8B, 70B on the RTX 6000 Ada, A40, L40S).
// The F16 rows stay held out.
// One multi-GPU row of the tables (llama.cpp's layer split) at tg512, tokens/s: Llama 3 8B
// Q4_K_M and F16, 70B Q4_K_M and F16 (0 = no such row).
struct SplitTableRow {
  const char* card;  // as the label names it, e.g. "4x A100 PCIe 80GB"
  const char* gpu;
  double q4_8b, f16_8b, q4_70b, f16_70b;
};

// Those rows as cases on `gpus` cards of one host (the ninth and tenth sets).
inline std::vector<Case> split_table_cases(std::initializer_list<SplitTableRow> rows, int gpus, bool p2p) {
  const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
  std::vector<Case> out;
  auto add = [&](const SplitTableRow& r, const char* what, const ModelSpec& m, bool f16, double tps) {
    if (tps <= 0) return;
    std::string label = std::string("llama.cpp (2024-05) ") + what + " tg512, " + r.card + ", layer split";
    out.push_back(may2024_decode_case(label, m, f16, r.gpu, gpus, p2p, 512, tps));
  };
  for (const SplitTableRow& r : rows) {
    add(r, "Llama 3 8B Q4_K_M", l3_8, false, r.q4_8b);
    add(r, "Llama 3 8B F16", l3_8, true, r.f16_8b);
    add(r, "Llama 3 70B Q4_K_M", l3_70, false, r.q4_70b);
    add(r, "Llama 3 70B F16", l3_70, true, r.f16_70b);
  }
  return out;
}

inline const std::vector<Case>& eighth_set_table_rows() {
  static const std::vector<Case> cases = pro_table_cases({
      {"RTX 4000 Ada", "nvidia-rtx-4000-ada", 59.15, 20.92, 0},
      {"RTX 5000 Ada", "nvidia-rtx-5000-ada", 91.39, 32.84, 0},
      {"RTX A6000", "nvidia-rtx-a6000", 105.39, 40.71, 14.71},
      {"RTX 6000 Ada", "nvidia-rtx-6000-ada", 133.44, 52.32, 18.52},
      {"A40", "nvidia-a40", 91.27, 34.26, 11.60},
      {"L40S", "nvidia-l40s", 115.55, 43.69, 15.46},
  });
  return cases;
}

inline const std::vector<Case>& heldout_eighth_inference() {
  static const std::vector<Case> cases =
      select_cases(eighth_set_table_rows(), [](const Case& c) { return c.w.weight_format == "f16"; });
  return cases;
}

}  // namespace rigplan::validation

// Held-out inference rows of a fifth set: llama.cpp on three GeForce cards, from the table two fit
// rows already come from (the F16 tg512 rows of the RTX 3090 and RTX 4090, perf_validation_test.cpp
// decode_cases). Every single-GPU row of its Llama 3 table whose card the catalog holds, at the
// llama-bench defaults' 512 tokens and at 4096 (the table's long prompt and generation), written
// down with their settings and committed before the model was run on them; none changed after.
// Source:
//  - github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference, README.md at 00dd2bde, "LLaMA 3",
//    "NVIDIA GPUs (OS: Ubuntu 22.04.2 LTS, pytorch:2.2.0, py: 3.10, cuda: 12.1.1 on RunPod)
//    (snapshots in May 2024)", `llama-bench -p 512,1024,4096,8192 -n 512,1024,4096,8192` on
//    Meta-Llama-3-8B converted to GGUF (Q4_K_M 4.58 GiB, F16 14.96 GiB), all layers on the GPU,
//    llama.cpp built with `LLAMA_CUBLAS=1 make` (builds 2824-2834 of May 2024); "tg N" generates N
//    tokens from an empty cache, "pp N" processes an N-token prompt; tokens/s:
//    "| 3080 10GB | 8B Q4_K_M | 109.57 | 106.40 | 98.67 | 89.90 | 3728.86 | 3557.02 | 2852.06 | 2232.21 |",
//    "| 3090 24GB | 8B Q4_K_M | 115.42 | 111.74 | 97.31 | 87.49 | 4030.40 | 3865.39 | 3169.91 | 2527.40 |",
//    "| | 8B F16 | 47.40 | 46.51 | 44.79 | 42.62 | 4444.65 | 4239.64 | 3410.47 | 2667.14 |",
//    "| 4090 24GB | 8B Q4_K_M | 130.58 | 127.74 | 119.44 | 110.66 | 7138.99 | 6898.71 | 5265.68 | 4039.68 |",
//    "| | 8B F16 | 54.84 | 54.34 | 52.63 | 50.88 | 9382.00 | 9056.26 | 6531.36 | 4744.18 |"
//    (columns tg 512, tg 1024, tg 4096, tg 8192, pp 512, pp 1024, pp 4096, pp 8192).
// Settings the table does not print, taken as for the source's two fit rows: no CUDA graphs, a
// 16-bit GEMM for the quantised prompt (the int8 tensor-core MMQ path came with PR #7676, June
// 2024), llama-bench's default micro-batch of 512, no flash attention (its default then), build
// month 202405. Not used: the F16 tg512 rows (fit rows), the 3070, 3080 Ti, 4070 Ti and 4080 (the
// catalog holds no such part), the multi-GPU rows (layer split over PCIe, the host's links not
// stated), the 1024 and 8192 columns (the 512 and 4096 ones chosen before the model ran).
#pragma once

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

// Every row the set wrote down; its decode rows moved to the fit set (fit_inference.hpp,
// fit_llamacpp_may2024_cases) when kquant_decode_efficiency_2024 was added and the rows' missing
// flash attention was priced (gqa_kv_shared_reads): held out before at -23.9, -18.2, -13.2, -0.2,
// +3.0, -18.2, -13.3 and -6.1 % (RTX 3080 Q4_K_M tg512 and tg4096, RTX 3090 Q4_K_M tg512 and
// tg4096, F16 tg4096, RTX 4090 the same three). Its prompt rows moved to the fit set too
// (fit_inference.hpp, fit_llamacpp_prompt_2024_cases) when llama.cpp's cuBLAS prompt path
// (FP16 accumulation: llamacpp_cublas_efficiency), the output layer for the last token only and
// the scores of a prompt without flash attention (prefill_score_bytes) were priced and the first
// fitted on them: held out before at -43.0, -28.1 (RTX 3080 Q4_K_M pp512, pp4096), -23.4, -6.6
// (RTX 3090 Q4_K_M), -15.6, +4.6 (RTX 3090 F16), -22.3, +4.5 (RTX 4090 Q4_K_M), -15.1 and +20.5 %
// (RTX 4090 F16). The eleventh set (heldout_eleventh_set_inference.hpp), committed before those
// changes, checks them. None of the set's rows is held out now.
inline const std::vector<Case>& fifth_set_table_rows() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b");
    const Measure dec = Measure::DecodeTokensPerS, pre = Measure::PrefillTokensPerS;
    struct Row {
      const char* label;
      const char* gpu;
      bool f16;
      bool prompt;  // pp N (else tg N)
      int tokens;
      double tps;
    };
    const Row rows[] = {
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M tg512, RTX 3080", "nvidia-rtx-3080-fe", false, false, 512, 109.57},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M tg4096, RTX 3080", "nvidia-rtx-3080-fe", false, false, 4096, 98.67},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M pp512, RTX 3080", "nvidia-rtx-3080-fe", false, true, 512, 3728.86},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M pp4096, RTX 3080", "nvidia-rtx-3080-fe", false, true, 4096, 2852.06},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M tg512, RTX 3090", "nvidia-rtx-3090-fe", false, false, 512, 115.42},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M tg4096, RTX 3090", "nvidia-rtx-3090-fe", false, false, 4096, 97.31},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M pp512, RTX 3090", "nvidia-rtx-3090-fe", false, true, 512, 4030.40},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M pp4096, RTX 3090", "nvidia-rtx-3090-fe", false, true, 4096, 3169.91},
        {"llama.cpp (2024-05) Llama 3 8B F16 tg4096, RTX 3090", "nvidia-rtx-3090-fe", true, false, 4096, 44.79},
        {"llama.cpp (2024-05) Llama 3 8B F16 pp512, RTX 3090", "nvidia-rtx-3090-fe", true, true, 512, 4444.65},
        {"llama.cpp (2024-05) Llama 3 8B F16 pp4096, RTX 3090", "nvidia-rtx-3090-fe", true, true, 4096, 3410.47},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M tg512, RTX 4090", "nvidia-rtx-4090-fe", false, false, 512, 130.58},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M tg4096, RTX 4090", "nvidia-rtx-4090-fe", false, false, 4096, 119.44},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M pp512, RTX 4090", "nvidia-rtx-4090-fe", false, true, 512, 7138.99},
        {"llama.cpp (2024-05) Llama 3 8B Q4_K_M pp4096, RTX 4090", "nvidia-rtx-4090-fe", false, true, 4096, 5265.68},
        {"llama.cpp (2024-05) Llama 3 8B F16 tg4096, RTX 4090", "nvidia-rtx-4090-fe", true, false, 4096, 52.63},
        {"llama.cpp (2024-05) Llama 3 8B F16 pp512, RTX 4090", "nvidia-rtx-4090-fe", true, true, 512, 9382.00},
        {"llama.cpp (2024-05) Llama 3 8B F16 pp4096, RTX 4090", "nvidia-rtx-4090-fe", true, true, 4096, 6531.36},
    };
    std::vector<Case> out;
    for (const Row& r : rows) {
      // tg N: one token of prompt, then N generated; pp N: the prompt alone.
      InferRow i{r.label, l3_8, r.f16 ? "fp16" : "int4", 1, 1, r.prompt ? r.tokens : 1, r.prompt ? 0 : r.tokens,
                 r.prompt ? pre : dec, pcie_host(r.gpu, 1, true), r.tps, "tokens/s", r.f16 ? "f16" : "q4_k_m",
                 false, false, 202405, true};
      out.push_back(inference_case(i));
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

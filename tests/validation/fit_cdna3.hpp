// The fit rows and measurements behind the AMD CDNA3 (Instinct MI300X, MI325X) constants of the
// performance model (include/rigplan/perf_assumptions.hpp), from documents the held-out MI300X
// rows (heldout_inference.hpp: Oracle's 2024 blog, AMD's ROCm AI developer hub of 2025-10-06) do
// not come from.
//
// GEMM efficiency. A whole-run efficiency is what a framework's layers reach, below the best GEMM
// a vendor's library reaches on one large matrix; with no whole MI300X run to fit it on that is
// compute-bound, the CDNA3 figures carry NVIDIA's fitted whole-run efficiencies over in the ratio
// of the two vendors' best-GEMM shares of peak, each pair measured the same way:
//  - FP8: Azure's AI-benchmarking-guide (github.com/Azure/AI-benchmarking-guide, Azure_Results/
//    ND_MI300X_v5_results.md and ND_H200_v5_results.md), hipBLASLt and cuBLASLt FP8 GEMMs with
//    random initialisation and 10,000 warm-up iterations, m = n = k = 8192: "| 8192 | 8192 | 8192
//    | 1159.23 |" on an MI300X, "| 8192 | 8192 | 8192 | 1300.6 |" on an H200 — 44.3 % of 2614.9
//    and 65.7 % of 1979 TFLOP/s. fp8_matmul_efficiency (0.44, NeMo on H100) x 0.675 = 0.30.
//    The same ratio from AMD's own best FP8 GEMM on an MI300X, 1273 TFLOP/s (ROCm blog
//    "Measuring Max-Achievable FLOPs – Part 2", 2025-02-28, Table 1, hipBLASLt at m 4096, n 3648,
//    k 32896), against the H200 probe's best FP8 GEMM (tests/data/measured/h200-sxm-vm-2026-11-26.json)
//    gives 0.684: a check, not used.
//  - 16-bit: the same blog's MI300X BF16 figure, "708 TFLOPs (1207 MHz)" (54.2 % of 1307.4),
//    against the H200 probe's best bf16 GEMM (78.9 % of 989): nvidia_matmul_efficiency (0.70) x
//    0.687 = 0.48.
//
// Memory bandwidth. cdna3_memory_efficiency is fitted (fit_constants_test.cpp, by bisection) on the
// first row below, a batch-1 decode that streams the weights: ROCm/vllm docs/dev-docker/README.md
// at 040de12d ("vllm FP8 Latency and Throughput benchmarks with vLLM on the AMD Instinct MI300X
// accelerator"; ROCm 6.4.1, vLLM v0.10.0, hipBLASLt 0.15; benchmark_latency.py of vLLM v0.8.5;
// Supermicro AS-8125GS-TNMR2, 8x MI300X 750 W), "Latency Measurements" table, Llama 3.1 405B
// (amd/Llama-3.1-405B-Instruct-FP8-KV), FP8, TP 8:
//   "| Llama 3.1 405B (amd/Llama-3.1-405B-Instruct-FP8-KV) | FP8 | 8 | 1 | 128 | 2048 | 48.453 |",
//   "| | | | 32 | 128 | 2048 | 68.901 |", "| | | | 128 | 128 | 2048 | 117.027 |",
//   "| | | | 1 | 2048 | 2048 | 48.362 |".
// The other three are checked against it, not fitted. Its Llama 3.1 70B rows are left out: their
// settings (TP 8, 128 in, 2048 out, batch 1 and 4) are those of the held-out AMD rows. The same
// hardware ceiling, measured: Azure's ND MI300X v5 streams HBM at 4.11 TB/s (copy; 4.09-4.26 for
// copy, mul, add and triad), 78 % of 5.3, where its ND H200 v5 copies at 4.01 of 4.8 (84 %).
#pragma once

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

// The measured GEMM throughputs the CDNA3 GEMM efficiencies are carried over with (TFLOP/s).
struct GemmShares {
  double amd_tflops, amd_peak, nvidia_tflops, nvidia_peak;
  double ratio() const { return (amd_tflops / amd_peak) / (nvidia_tflops / nvidia_peak); }
};
inline constexpr GemmShares kFp8GemmShares{1159.23, 2614.9, 1300.6, 1979};  // Azure, FP8 8192^3
inline constexpr GemmShares kBf16GemmShares{708, 1307.4, 780, 989};  // AMD MAF BF16; H200 probe's best bf16

inline const std::vector<Case>& fit_cdna3_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l405 = *find_model("llama-3.1-405b");
    const PerfSystem mi = mi300x_node();
    const Measure e2e = Measure::LatencySeconds;
    const InferRow rows[] = {
        {"vLLM 0.10 Llama 3.1 405B FP8, 8x MI300X TP8, batch 1, 128+2048 (CDNA3 bandwidth fit)", l405, "fp8", 8, 1, 128,
         2048, e2e, mi, 48.453, "s"},
        {"vLLM 0.10 Llama 3.1 405B FP8, 8x MI300X TP8, batch 1, 2048+2048", l405, "fp8", 8, 1, 2048, 2048, e2e, mi, 48.362,
         "s"},
        {"vLLM 0.10 Llama 3.1 405B FP8, 8x MI300X TP8, batch 32, 128+2048", l405, "fp8", 8, 32, 128, 2048, e2e, mi, 68.901,
         "s"},
        {"vLLM 0.10 Llama 3.1 405B FP8, 8x MI300X TP8, batch 128, 128+2048", l405, "fp8", 8, 128, 128, 2048, e2e, mi,
         117.027, "s"},
    };
    std::vector<Case> out;
    for (const InferRow& r : rows) out.push_back(inference_case(r));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

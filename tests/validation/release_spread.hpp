// One machine, one configuration, ten tables of one engine's releases: what the software alone moves.
// AMD's vLLM image for the Instinct MI300X published, with every release, the same latency table
// measured on the same 8-GPU machine (Supermicro AS-8125GS-TNMR2, 8x MI300X 750 W): Llama 3.1 70B
// and 405B in FP8 (amd/Llama-3.1-*-Instruct-FP8-KV), TP 8, vLLM's benchmark_latency.py, 128
// prompt tokens, 2048 generated, batch 1. The hardware model prices the hardware; a release's
// kernels, scheduling and all-reduce move the measured latency by more than the model's mean
// error, so the model's one prediction is held to the range the releases span, not to one of
// them. Source: github.com/ROCm/vllm docs/dev-docker/README.md, "Latency Measurements", the
// table's batch-1 rows at each commit that changed them ("| Llama 3.1 70B (...) | FP8 | 8 | 1 |
// 128 | 2048 | <latency> |" and the 405B row; the January table in milliseconds, the later ones
// in seconds), with the vLLM version each commit's README names:
//   80ef33a1 (2025-01-27) vLLM 0.6.6:    19088.59 / 51739.70 ms
//   b309ea79 (2025-03-10) vLLM 0.7.3:    17.654 / 46.632 s
//   5ee30577 (2025-03-24) vLLM 0.7.3:    17.662 / 46.779
//   07ee15e8 (2025-04-13) vLLM 0.7.3:    17.411 / 46.601
//   91464610 (2025-05-15) vLLM 0.8.5:    15.591 / 45.446
//   b4b7ba93 (2025-05-23) vLLM 0.8.5:    15.851 / 45.929
//   ed306a27 (2025-06-09) vLLM 0.9.0.1:  15.566 / 45.828
//   e6b78662 (2025-07-02) vLLM 0.9.1, "V1 on by default": 17.175 / 52.201
//   270179a7 (2025-07-15) vLLM 0.9.1:    17.236 / 48.453 (040de12d, 2025-08-13, vLLM v0.10.0: the same)
//   7802e2b7 (2025-08-14) vLLM v0.10.0:  17.188 / 48.824
// (One commit of 2025-04-27, 40211809, showed 15.427 / 45.294 under vLLM 0.8.3 and was reverted
// two days later: not a release table, left out.) The January figures are those of the sixth
// held-out set's MI300X rows (heldout_sixth_set_inference.hpp, from AMD's blog of 2025-01-29),
// the 2025-07-15 405B figure is the CDNA3 bandwidth fit row (fit_cdna3.hpp), and vLLM 0.10.2's
// 15.882 s of October 2025 for the 70B is a held-out row (heldout_inference.hpp): this file adds
// the releases between them.
#pragma once

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

struct ReleaseLatency {
  const char* release;  // the vLLM version and the date of the README commit
  double l70_s, l405_s;  // batch-1 latency, 128 + 2048 tokens, seconds
};

inline constexpr ReleaseLatency kMi300xVllmReleases[] = {
    {"vLLM 0.6.6, 2025-01-27", 19.08859, 51.73970},  {"vLLM 0.7.3, 2025-03-10", 17.654, 46.632},
    {"vLLM 0.7.3, 2025-03-24", 17.662, 46.779},      {"vLLM 0.7.3, 2025-04-13", 17.411, 46.601},
    {"vLLM 0.8.5, 2025-05-15", 15.591, 45.446},      {"vLLM 0.8.5, 2025-05-23", 15.851, 45.929},
    {"vLLM 0.9.0.1, 2025-06-09", 15.566, 45.828},    {"vLLM 0.9.1 (V1), 2025-07-02", 17.175, 52.201},
    {"vLLM 0.9.1, 2025-07-15", 17.236, 48.453},      {"vLLM 0.10.0, 2025-08-14", 17.188, 48.824},
};

// The model's case for one of the two rows (the table's settings; the published value is unused).
// Llama 3.1 70B runs on the llama-3-70b preset, its architecture.
inline Case release_spread_case(bool big) {
  const InferRow r{big ? "Llama 3.1 405B FP8, 8x MI300X TP8, batch 1, 128+2048"
                       : "Llama 3.1 70B FP8, 8x MI300X TP8, batch 1, 128+2048",
                   big ? *find_model("llama-3.1-405b") : *find_model("llama-3-70b"),
                   "fp8",
                   8,
                   1,
                   128,
                   2048,
                   Measure::LatencySeconds,
                   mi300x_node(),
                   big ? 48.453 : 17.236,
                   "s"};
  return inference_case(r);
}

}  // namespace rigplan::validation

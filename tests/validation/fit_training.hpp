// A training row of the fit set that motivated a mechanism: NeMo 24.07's Llama 2 13B FP8 row (16
// H100s, PP4 VP10; github.com/NVIDIA/NeMo 070a0bb1, docs/source/performance/performance_summary.md:
// "| LLAMA2-13B | 16 | 128 | 1 | 4096 | 1 | 4 | 1 | 10 | 8646 |") was in the held-out set (-13.7 %)
// when its breakdown showed 0.6 s of a 4.4 s step in exposed stage-to-stage sends, which Megatron-
// LM's interleaved schedule overlaps (megatron_p2p_overlap). The constant is Megatron-LM's
// default, not fitted, but the row that showed the gap is no longer out of sample.
#pragma once

#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& fit_p2p_cases() {
  static const std::vector<Case> cases = [] {
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    const TrainRow row = {"NeMo Llama 2 13B FP8, 16 H100, PP4 VP10 (p2p overlap)", *find_model("llama-2-13b"), "fp8",
                          4096, 16, 1, 4, 10, 1, 1, 128, "none", "megatron", h100, 8646};
    return std::vector<Case>{training_case(row)};
  }();
  return cases;
}

}  // namespace rigplan::validation

// Power-limit advice shared by the PWR rules: the largest per-GPU power limit that makes a load
// fit a budget, and what that limit is likely to cost in speed.
//
// Speed model: with DVFS, dynamic power P = C·V²·f and V scales roughly with f, so P ∝ f³ and
// clock (hence compute-bound throughput) ∝ P^(1/3) — an upper bound on the loss; memory-bound
// work loses less. (CMOS dynamic power P = α·C·V²·f; see Weste & Harris, "CMOS VLSI Design", on power.)
#pragma once

#include <cmath>
#include <string>

#include "rigplan/build.hpp"

namespace rigplan::rules {

inline constexpr double kLimitStepW = 5;  // nvidia-smi -pl takes whole watts; round to 5 W steps

// Largest per-card limit (for every GPU of the build) that keeps `load_w` within `budget_w`,
// given that the GPUs contribute `gpu_w` at their current limits; 0 when none would do.
inline double fitting_power_limit(const Build& b, double load_w, double gpu_w, double budget_w, double gpu_factor = 1) {
  int n = b.gpu_count();
  if (n == 0) return 0;
  double rest = load_w - gpu_w;  // everything but the GPUs
  double per = (budget_w - rest) / (n * gpu_factor);
  per = std::floor(per / kLimitStepW) * kLimitStepW;
  return per > 0 ? per : 0;
}

// Estimated slowdown of compute-bound work at `limit_w` instead of `full_w`, in percent.
inline double slowdown_percent(double limit_w, double full_w) {
  if (limit_w >= full_w || full_w <= 0) return 0;
  return (1 - std::cbrt(limit_w / full_w)) * 100;
}

}  // namespace rigplan::rules

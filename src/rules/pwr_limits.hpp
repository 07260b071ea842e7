// Power-limit advice shared by the PWR rules: the largest per-GPU power limit that makes a load
// fit a budget, whether the cards accept it (nvidia-smi rejects a limit below the card's "Min
// Power Limit": 400 W on an RTX 5090, so advising 85 W is advice no one can follow), and what
// that limit is likely to cost in speed.
//
// Speed model: with DVFS, dynamic power P = C·V²·f and V scales roughly with f, so P ∝ f³ and
// clock (hence compute-bound throughput) ∝ P^(1/3) — an upper bound on the loss; memory-bound
// work loses less. (CMOS dynamic power P = α·C·V²·f; see Weste & Harris, "CMOS VLSI Design", on power.)
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "rigplan/build.hpp"

namespace rigplan::rules {

inline constexpr double kLimitStepW = 5;  // nvidia-smi -pl takes whole watts; round to 5 W steps

// The PSU set in a message: "" for one module or modules without redundancy, else the N+M
// arrangement and what it means, e.g. " (2+2: 2 of the 4 modules must carry the load)".
inline std::string psu_arrangement(const Build& b) {
  if (b.psu_redundant <= 0) return "";
  return fmt::format(" ({}+{}: {} of the {} modules must carry the load)", b.psu_carrying(), b.psu_redundant,
                     b.psu_carrying(), b.psu_count);
}

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

// The lowest limit every GPU of the build accepts: the highest "Min Power Limit" among its cards,
// the card that sets it, and the first card whose minimum the catalog does not know ("" if none).
struct LimitFloor {
  double w = 0;
  std::string part, unknown;
};

inline LimitFloor limit_floor(const Build& b) {
  LimitFloor f;
  for (const auto& g : b.gpus) {
    const auto& min = g.part->power_limits.min_w;
    if (!min) {
      if (f.unknown.empty()) f.unknown = g.part->id;
    } else if (*min > f.w) {
      f.w = *min;
      f.part = g.part->id;
    }
  }
  return f;
}

// The clause a PWR hint appends for a per-GPU limit from fitting_power_limit: ", or limit each
// GPU to X W" when every card accepts it (with the slowdown when `slowdown`), a statement that no
// limit the cards accept is enough when X is below a card's minimum, and a note that the
// minimum is not known when the catalog lacks it. "" when no limit above 0 W would do.
inline std::string limit_advice(const Build& b, double limit, bool slowdown) {
  if (limit <= 0 || b.gpus.empty()) return "";
  LimitFloor f = limit_floor(b);
  if (f.w > 0 && limit < f.w)
    return fmt::format("; a power limit cannot close the gap: it would take {:.0f} W per GPU and {} accepts no less "
                       "than {:.0f} W (nvidia-smi 'Min Power Limit')",
                       limit, f.part, f.w);
  std::string s = fmt::format(", or limit each GPU to {:.0f} W", limit);
  if (slowdown)
    s += fmt::format(" (about {:.0f} % slower when compute-bound)", slowdown_percent(limit, Build::card_power_w(b.gpus.front())));
  if (!f.unknown.empty())
    s += fmt::format(" if the card accepts it: {}'s minimum power limit is not in the catalog (nvidia-smi -q -d POWER "
                     "shows it)",
                     f.unknown);
  return s;
}

}  // namespace rigplan::rules

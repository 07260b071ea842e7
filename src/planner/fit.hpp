// How a workload is fitted to n cards of one GPU model for the planner: every memory saver
// `rigplan size` models is tried — tensor/pipeline/data-parallel layouts whose degrees divide the
// model's heads, KV heads and layers (Megatron-LM, vLLM), ZeRO stages 0-3 (Rajbhandari et al.
// 2020), activation recomputation none/selective/full (Korthikanti et al. 2022), offload of the
// optimizer or the parameters to host RAM (Ren et al. 2021) and, for LoRA, a 4-bit NF4 frozen
// base (QLoRA, Dettmers et al. 2023) — and the fastest setting that fits the card's memory is
// chosen, as the performance model (include/rigplan/perf.hpp) predicts it on these cards. A saver
// the request fixes is used as given. docs/planner.md lists the order and the rules.
#pragma once

#include <optional>
#include <string>

#include "rigplan/build.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

struct Fit {
  bool fits = false;
  Workload w;              // as it would run on these GPUs (layout, ZeRO, recompute, offload, base, tokens)
  double per_gpu_bytes = 0;
  double host_bytes = 0;   // host RAM the offloaded states need (all cards together)
  double estimate = 0;     // predicted seconds to train (training, LoRA) or decode tokens/s (inference)
  int settings = 0;        // settings whose memory was computed
  std::string why;         // when it does not fit
};

// The workload on `n` cards of `g`; nullopt when the request has no workload.
std::optional<Fit> fit_workload(const PlanRequest& r, const Gpu& g, int n);

// Whether a build's system memory holds the offloaded states: nullopt, or why not.
std::optional<std::string> host_memory_short(const Fit* fit, const Build& b);

// A setting is "as fast" as the fastest within this share, and then the one with the fewest and
// mildest savers wins (no recomputation or offload before some, a 16-bit base before a 4-bit
// one, ZeRO and model parallelism as low as they go): a preference, not physics, so that a
// difference inside the performance model's error does not buy a saver a user must configure.
inline constexpr double kSaverTieShare = 0.01;

}  // namespace rigplan::planner

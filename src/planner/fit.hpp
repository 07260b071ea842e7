// How a workload is fitted to n cards of one GPU model for the planner: data parallel across the
// cards for training, tensor parallel for inference, the smallest ZeRO stage that fits unless the
// request fixes one. Kept apart from the search and the score so the memory choices are one place.
#pragma once

#include <optional>
#include <string>

#include "rigplan/plan.hpp"

namespace rigplan::planner {

struct Fit {
  bool fits = false;
  Workload w;              // as it would run on these GPUs (dp/tp, zero, tokens set)
  double per_gpu_bytes = 0;
  double host_bytes = 0;   // host RAM the offloaded states need
  std::string why;         // when it does not fit
};

// The workload on `n` cards of `g`; nullopt when the request has no workload.
std::optional<Fit> fit_workload(const PlanRequest& r, const Gpu& g, int n);

}  // namespace rigplan::planner

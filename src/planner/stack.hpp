// Whether the software a deep-learning buyer will install runs on a GPU, as the planner ranks it.
// PyTorch reaches NVIDIA cards through CUDA, AMD cards through ROCm and Intel cards through its
// XPU backend; each maker publishes which architectures its stack supports. For each GPU the
// planner takes one verdict from the table in stack.cpp (vendor and architecture, sourced there):
//   - native: the stack supports the card and its workloads; no penalty;
//   - workaround: it runs, but with a pinned older release or features missing; the build gets
//     a warning (so the score's warning factor applies) and the stack's efficiency factor, a
//     named, sourced constant in PlanTuning that a request may override;
//   - unsupported: the stack does not run the workload on this card (or on this many of them);
//     the configuration is rejected (code STACK) with the reason.
#pragma once

#include <string>

#include "rigplan/plan.hpp"

namespace rigplan::planner {

enum class StackSupport { Native, Workaround, Unsupported };
const char* stack_support_name(StackSupport s);  // "native" | "workaround" | "unsupported"

struct StackVerdict {
  std::string stack;        // "CUDA", "ROCm", "XPU", or "" when the vendor has none the planner knows
  StackSupport support = StackSupport::Native;
  double factor = 1;        // share of the performance model's speed the stack reaches
  std::string why;          // one sentence for warnings and rejections (empty when native)
  std::string source;       // where the verdict comes from
};

// The verdict for `n` cards of `g` running `mode` (training or inference; `training` false for
// inference) under the request's tuning.
StackVerdict stack_verdict(const Gpu& g, int n, bool training, const PlanTuning& t);

}  // namespace rigplan::planner

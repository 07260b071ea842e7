// What one plan search may cost: each configuration (GPU model x count x CPU-board pair) costs up
// to a few rule-engine runs, so an overlay of thousands of GPU models or boards would take
// minutes. The bound is checked before any work (docs/limits.md).
#pragma once

#include <cstddef>

namespace rigplan::planner {

// Throws InputError, with the product and how to narrow it, past kMaxPlanConfigurations.
void check_plan_size(std::size_t gpu_models, int gpu_counts, std::size_t platforms);

}  // namespace rigplan::planner

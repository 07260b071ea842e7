// What one plan search may cost: each configuration (GPU model x count x CPU-board pair whose
// board has that many x16 slots) costs up to a few rule-engine runs, so an overlay of thousands
// of GPU models or boards would take minutes. A count the board cannot hold is refused at once
// (PCIE001, before any rule runs), so it is not counted. The bound is checked before any work
// (docs/limits.md).
#pragma once

#include <cstddef>

namespace rigplan::planner {

// Throws InputError, with the product and how to narrow it, past kMaxPlanConfigurations.
// `pair_counts`: the sum over CPU-board pairs of the GPU counts asked for that the board holds.
void check_plan_size(std::size_t gpu_models, long long pair_counts, std::size_t platforms);

}  // namespace rigplan::planner

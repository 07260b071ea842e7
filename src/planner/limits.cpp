// The bound on one plan search (see limits.hpp).
#include "planner/limits.hpp"

#include <fmt/format.h>

#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

void check_plan_size(std::size_t gpu_models, long long pair_counts, std::size_t platforms) {
  long long configs = static_cast<long long>(gpu_models) * pair_counts;
  if (configs <= kMaxPlanConfigurations) return;
  throw InputError(InputIssue{
      "", "", 0, 0,
      fmt::format("plan: {} GPU models x {} CPU-board pairs, each at the GPU counts its board holds ({} pair-counts) = {} "
                  "configurations, more than one search takes ({}): narrow it with --gpu, --family, --min-vram, --gpus "
                  "or --include",
                  gpu_models, platforms, pair_counts, configs, kMaxPlanConfigurations)});
}

}  // namespace rigplan::planner

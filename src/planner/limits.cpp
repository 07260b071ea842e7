// The bound on one plan search (see limits.hpp).
#include "planner/limits.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

void check_plan_size(std::size_t gpu_models, int gpu_counts, std::size_t platforms) {
  long long configs = static_cast<long long>(gpu_models) * gpu_counts *
                      static_cast<long long>(std::max<std::size_t>(1, platforms));
  if (configs <= kMaxPlanConfigurations) return;
  throw InputError(InputIssue{
      "", "", 0, 0,
      fmt::format("plan: {} GPU models x {} GPU counts x {} CPU-board pairs = {} configurations, more than one search "
                  "takes ({}): narrow it with --gpu, --family, --min-vram, --gpus or --include",
                  gpu_models, gpu_counts, platforms, configs, kMaxPlanConfigurations)});
}

}  // namespace rigplan::planner

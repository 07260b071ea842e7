// libFuzzer target: a plan request, through parsing and — narrowed to at most two GPU counts,
// three results and, when the request names no GPU, four GPU models, so one input stays fast
// (a whole-catalog search with a workload took 14-20 s under ASan) — a search and both reports.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/plan_output.hpp"
#include "util/json_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto j = rigplan::parse_json(text, "fuzz.json");
    const auto& cat = rigplan::Catalog::builtin();
    rigplan::PlanRequest r = rigplan::parse_plan_request(j, cat, "fuzz.json");
    r.gpus_max = std::min(r.gpus_max, r.gpus_min + 1);
    r.top = std::min(r.top, 3);
    if (r.gpu_ids.empty())  // a consumer, a workstation, a data-centre card and another vendor's
      r.gpu_ids = {"nvidia-rtx-3090-fe", "nvidia-rtx-a6000", "nvidia-h100-pcie-80gb", "intel-arc-b580-limited-edition"};
    r.threads = 1;
    auto res = rigplan::plan(r, cat);
    (void)rigplan::plan_text(res, r, true);
    (void)rigplan::plan_json(res, r).dump();
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

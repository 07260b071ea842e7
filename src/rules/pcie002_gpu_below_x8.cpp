// PCIE002: a GPU whose link runs below x8.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pcie002)

constexpr int kMinGpuLanes = 8;  // D2L: GPUs run well at x8; below that host transfers suffer

const RuleDoc& Pcie002::doc() const {
  static const RuleDoc d{"PCIE002", "gpu-below-x8", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "a slot wired x8 or x16, or a board or CPU with more lanes",
                         "Each GPU's negotiated PCIe link width (after lane sharing) against x8.",
                         "Data loading, host-device copies and, without NVLink, every gradient exchange cross "
                         "this link; at x4 or x2 a fast GPU waits on it. Many boards drop a third slot to x4 or x2 "
                         "from the chipset.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "corsair-7000d-airflow"})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         "Dive into Deep Learning, 'Selecting servers and GPUs': GPUs want x16, and boards downgrade "
                         "to x8 or x4 when several slots are used; x8 is the floor rigplan accepts without a warning."};
  return d;
}

void Pcie002::check(const Build&, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  for (const auto& c : ctx.placement.cards)
    if (c.is_gpu && !c.slot.empty() && c.lanes > 0 && c.lanes < kMinGpuLanes)
      out.push_back(make(fmt::format("{} in {} links at PCIe {} x{} ({:.1f} GB/s per direction) < x{}", c.part, c.slot,
                                     c.gen, c.lanes, c.bandwidth_gb_s, kMinGpuLanes),
                         {c.part}, "use a slot wired x8 or x16, or a board/CPU with more lanes"));
}

}  // namespace rigplan::rules

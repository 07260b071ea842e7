// PCIE003: a GPU on chipset lanes.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pcie003)

const RuleDoc& Pcie003::doc() const {
  static const RuleDoc d{"PCIE003", "gpu-on-chipset", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "CPU-wired slots for the GPUs",
                         "Whether a GPU's slot hangs off the chipset instead of the CPU.",
                         "Chipset slots share one uplink to the CPU (x4 on AM5 and LGA1700) with every drive, "
                         "NIC and USB port behind the chipset, and add a hop (PXB/PHB in `nvidia-smi topo -m`).",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "corsair-7000d-airflow"})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_2"]}]})",
                         "The board manual's slot table (CPU or chipset lanes); AMD and Intel chipset uplinks are "
                         "PCIe 4.0 x4 (AM5) and DMI 4.0 x8 (Z790)."};
  return d;
}

void Pcie003::check(const Build&, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  for (const auto& c : ctx.placement.cards)
    if (c.is_gpu && c.source == "chipset")
      out.push_back(make(fmt::format("{} in {} runs on chipset lanes, shared with everything behind the chipset",
                                     c.part, c.slot),
                         {c.part}, "put GPUs in CPU-wired slots"));
}

}  // namespace rigplan::rules

// SW002: the driver against the CUDA toolkit and the GPUs. Since CUDA 11 a toolkit runs on any
// driver of its major family at or above the family minimum (minor-version compatibility, CUDA
// Compatibility guide): only a driver below that minimum is an error here; one between it and the
// toolkit's own driver is SW006's warning. Before CUDA 11 a toolkit needed its own driver.
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw002)

const RuleDoc& Sw002::doc() const {
  static const RuleDoc d{"SW002", "driver-too-old", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Driver}, {Need::Cuda}),
                         "a driver at or above the minimum of the CUDA toolkit and of each GPU",
                         "software.driver against the minimum driver of the CUDA toolkit's major family (minor-version "
                         "compatibility: 11.x >= 450.80.02, 12.x >= 525.60.13, 13.x >= 580; before CUDA 11 the "
                         "toolkit's own driver), and against the driver of the first toolkit that supports each GPU.",
                         "Install order is driver, then a CUDA the driver supports (nvidia-smi shows the newest), "
                         "then cuDNN and a PyTorch build for that CUDA. Containers use the host's driver and cannot "
                         "change it, so the host driver bounds everything above it.",
                         R"({"software": {"driver": "470.57.02", "cuda": "12.4"}})",
                         R"({"software": {"driver": "535.54.03", "cuda": "12.4"}})",
                         "CUDA Toolkit Release Notes, Table 3 (toolkit and minimum driver versions); CUDA "
                         "Compatibility guide, 'Minor Version Compatibility', Table 1."};
  return d;
}

void Sw002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  Version drv = parse_version(b.software.driver);
  if (!b.software.cuda.empty()) {
    Version cuda = parse_version(b.software.cuda);
    Version own = min_driver_for_cuda(cuda);
    Version family = min_driver_for_cuda_family(cuda.empty() ? 0 : cuda[0]);
    if (!family.empty() && version_less(drv, family))
      out.push_back(make(fmt::format("driver {} is older than {}, the minimum for any CUDA {}.x toolkit (minor-version "
                                     "compatibility); CUDA {} ships with {}",
                                     b.software.driver, driver_to_string(family), cuda[0], b.software.cuda,
                                     own.empty() ? "an unknown driver" : driver_to_string(own)),
                         {}, fmt::format("install driver {} or newer", driver_to_string(own.empty() ? family : own))));
    else if (family.empty() && !own.empty() && version_less(drv, own))
      out.push_back(make(fmt::format("driver {} is older than {} which CUDA {} needs", b.software.driver,
                                     driver_to_string(own), b.software.cuda),
                         {}, fmt::format("install driver {} or newer", driver_to_string(own))));
  }
  for (const auto& g : b.gpus) {
    Version need = min_driver_for_cuda(min_cuda_for(g.part->compute_capability));
    if (!need.empty() && version_less(drv, need))
      out.push_back(make(fmt::format("driver {} predates {} (compute capability {}, first supported by CUDA {} with "
                                     "driver {})",
                                     b.software.driver, g.part->id, g.part->compute_capability,
                                     to_string(min_cuda_for(g.part->compute_capability)), driver_to_string(need)),
                         {g.part->id}, fmt::format("install driver {} or newer", driver_to_string(need))));
  }
}

}  // namespace rigplan::rules

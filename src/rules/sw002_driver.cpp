// SW002: the driver against the CUDA toolkit and the GPUs.
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw002)

const RuleDoc& Sw002::doc() const {
  static const RuleDoc d{"SW002", "driver-too-old", Severity::Error,
                         "software.driver against the minimum driver of the CUDA toolkit given, and against the "
                         "driver of the first toolkit that supports each GPU.",
                         "Install order is driver, then a CUDA the driver supports (nvidia-smi shows the newest), "
                         "then cuDNN and a PyTorch build for that CUDA. Containers use the host's driver and cannot "
                         "change it, so the host driver bounds everything above it.",
                         R"({"software": {"driver": "535.54.03", "cuda": "12.4"}})",
                         R"({"software": {"driver": "550.54.14", "cuda": "12.4"}})",
                         "CUDA Toolkit Release Notes, Table 3 (toolkit and minimum driver versions); source 003."};
  return d;
}

void Sw002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.software.driver.empty()) return;
  Version drv = parse_version(b.software.driver);
  if (!b.software.cuda.empty()) {
    Version need = min_driver_for_cuda(parse_version(b.software.cuda));
    if (!need.empty() && version_less(drv, need))
      out.push_back(make(fmt::format("driver {} is older than {} which CUDA {} needs", b.software.driver,
                                     to_string(need), b.software.cuda),
                         {}, fmt::format("install driver {} or newer", to_string(need))));
  }
  for (const auto& g : b.gpus) {
    Version need = min_driver_for_cuda(min_cuda_for(g.part->compute_capability));
    if (!need.empty() && version_less(drv, need))
      out.push_back(make(fmt::format("driver {} predates {} (compute capability {}, first supported by CUDA {} with "
                                     "driver {})",
                                     b.software.driver, g.part->id, g.part->compute_capability,
                                     to_string(min_cuda_for(g.part->compute_capability)), to_string(need)),
                         {g.part->id}, fmt::format("install driver {} or newer", to_string(need))));
  }
}

}  // namespace rigplan::rules

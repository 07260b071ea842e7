// FIT005: an SXM or OAM module in a build of separate parts.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit005)

const RuleDoc& Fit005::doc() const {
  static const RuleDoc d{"FIT005", "module-gpu", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "the PCIe version of the GPU, or a whole server built around the module (`rigplan "
                         "catalog list --kind node`)",
                         "Whether a GPU is an SXM or OAM module rather than a PCIe card.",
                         "SXM and OAM modules mount on a vendor baseboard (HGX, OAM UBB) with its own power and "
                         "NVSwitch/Infinity Fabric; they cannot go into a PCIe slot. Buy them as a whole node.",
                         R"({"gpus": [{"part": "nvidia-h100-sxm5-80gb"}]})",
                         R"({"gpus": [{"part": "nvidia-h100-pcie-80gb"}]})",
                         "NVIDIA HGX and OCP OAM specifications: modules are baseboard-mounted."};
  return d;
}

void Fit005::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& g : b.gpus)
    if (g.part->form_factor != "pcie")
      out.push_back(make(fmt::format("{} is an {} module; it mounts only on a vendor baseboard, not in a PCIe slot",
                                     g.part->id, g.part->form_factor),
                         {g.part->id}, "plan a whole node (rigplan catalog list --kind node) or pick the PCIe variant"));
}

}  // namespace rigplan::rules

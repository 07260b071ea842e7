// The INS finding codes of `rigplan inspect`: permanent, never reused (docs/inspect.md explains
// each with its source). INS findings are about a machine, not a build file, so they are not rules
// in the registry (`rigplan rules` lists build rules); they share check's severities and output.
#include "rigplan/inspect.hpp"

namespace rigplan {

const std::vector<InspectCode>& inspect_codes() {
  static const std::vector<InspectCode> codes = {
      {"INS001", "gpu-count", Severity::Error, "the machine has a different number of GPUs than the plan"},
      {"INS002", "gpu-model", Severity::Error, "a GPU is another model than planned, or one the catalog does not know"},
      {"INS003", "pcie-width", Severity::Warning,
       "a GPU's PCIe link is narrower than the card can do, than its slot offers, or than planned"},
      {"INS004", "pcie-speed", Severity::Warning,
       "a GPU's PCIe link runs at a lower generation than the card can do (info when the GPU is idle: "
       "NVIDIA GPUs lower the link speed when not in use)"},
      {"INS005", "nvlink-down", Severity::Error, "NVLink planned but absent or down, or fewer links up than the card has"},
      {"INS006", "power-limit", Severity::Warning,
       "a GPU's power limit differs from the planned one, or is below the card's default"},
      {"INS007", "software", Severity::Error, "the driver or the CUDA it supports is outside the plan's software stack"},
      {"INS008", "numa-split", Severity::Warning, "the GPUs hang off more than one NUMA node (CPU socket)"},
      {"INS009", "nic-link", Severity::Warning, "a network card's PCIe link is narrower or slower than it can do"},
      {"INS010", "cpu", Severity::Warning, "the CPU model or the socket count differs from the plan"},
      {"INS011", "memory", Severity::Warning, "the system memory is less than planned"},
      {"INS012", "gpu-path", Severity::Info,
       "topo -m shows SYS between GPUs of one NUMA node: a virtual machine, or peer traffic routed through the CPU"},
  };
  return codes;
}

}  // namespace rigplan

// MEM005: system memory below the GPUs' total memory.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Mem005)

const RuleDoc& Mem005::doc() const {
  static const RuleDoc d{"MEM005", "ram-below-vram", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Memory}),
                         "at least as much system memory as the GPUs have, or GPUs with less memory",
                         "Total system memory against the total memory of the GPUs.",
                         "Data loaders, pinned staging buffers, checkpoints and CPU offload all live in host memory; "
                         "with less RAM than VRAM a job that fits the GPUs can still run the host out of memory.",
                         R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 1}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 2}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         "Dive into Deep Learning, 'Selecting servers and GPUs': system memory should exceed total GPU "
                         "memory (1 GPU >= 32 GB, 2 -> 64 GB, 4 -> 128 GB, 8 -> 256 GB)."};
  return d;
}

void Mem005::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  double ram = b.system_memory_gib(), vram = b.gpu_memory_gib();
  if (vram <= 0 || ram >= vram) return;
  out.push_back(make(fmt::format("{} GiB of system memory < {} GiB of GPU memory", num(ram), num(vram)), {},
                     fmt::format("fit at least {} GiB of RAM", num(vram))));
}

}  // namespace rigplan::rules

// SW004: a CUDA major release that no longer builds for the GPU's architecture. CUDA 12.0 removed
// Kepler; CUDA 13.0 removed offline compilation and library support for Maxwell, Pascal and Volta
// (compute capability below 7.5). No PTX route exists backwards, so a V100 on CUDA 13 is an error.
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw004)

const RuleDoc& Sw004::doc() const {
  static const RuleDoc d{"SW004", "cuda-dropped-arch", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Cuda}),
                         "a CUDA release that still builds for each GPU's compute capability (CUDA 12.x for "
                         "cards before Turing)",
                         "software.cuda's major release against the lowest compute capability it still builds "
                         "for: CUDA 12.x builds for 5.0 and up, CUDA 13.x for 7.5 (Turing) and up.",
                         "A toolkit that dropped the architecture can neither compile for it nor ship libraries "
                         "(cuBLAS, cuDNN) with kernels for it; the last toolkit of the previous major is the "
                         "newest that runs.",
                         R"({"gpus": [{"part": "nvidia-v100-pcie-32gb"}], "software": {"cuda": "13.0"}})",
                         R"({"gpus": [{"part": "nvidia-v100-pcie-32gb"}], "software": {"cuda": "12.9"}})",
                         "CUDA 13.0 release notes, 'Deprecated Architectures' (Maxwell, Pascal and Volta removed); "
                         "CUDA 12.0 release notes (Kepler removed)."};
  return d;
}

void Sw004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  Version cuda = parse_version(b.software.cuda);
  if (cuda.empty()) return;
  std::string lowest = lowest_cc_built_by(cuda[0]);
  if (lowest.empty()) return;
  for (const auto& g : b.gpus) {
    const std::string& cc = g.part->compute_capability;
    if (cc.empty() || !version_less(parse_version(cc), parse_version(lowest))) continue;
    out.push_back(make(fmt::format("CUDA {} does not build for {} (compute capability {}): CUDA {}.x dropped every "
                                   "architecture below compute capability {}",
                                   b.software.cuda, g.part->id, cc, cuda[0], lowest),
                       {g.part->id}, fmt::format("use a CUDA {}.x toolkit", cuda[0] - 1)));
  }
}

}  // namespace rigplan::rules

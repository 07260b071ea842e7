// SW001: the CUDA toolkit against the GPUs' architecture.
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw001)

const RuleDoc& Sw001::doc() const {
  static const RuleDoc d{"SW001", "cuda-too-old", Severity::Error,
                         "software.cuda against the first CUDA toolkit that supports each GPU's compute capability.",
                         "A toolkit older than the architecture cannot build kernels for it: Ada and Hopper need "
                         "CUDA 11.8, Blackwell (sm_100, sm_120) CUDA 12.8.",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.4"}})",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.8"}})",
                         "CUDA C++ Programming Guide, compute capabilities; CUDA 11.8 and 12.8 release notes."};
  return d;
}

void Sw001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.software.cuda.empty()) return;
  Version cuda = parse_version(b.software.cuda);
  for (const auto& g : b.gpus) {
    Version need = min_cuda_for(g.part->compute_capability);
    if (!need.empty() && version_less(cuda, need))
      out.push_back(make(fmt::format("CUDA {} cannot target {} (compute capability {}): needs CUDA {} or newer",
                                     b.software.cuda, g.part->id, g.part->compute_capability, to_string(need)),
                         {g.part->id}, fmt::format("install CUDA {} or newer", to_string(need))));
  }
}

}  // namespace rigplan::rules

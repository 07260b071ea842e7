// SW001: the CUDA toolkit against the GPUs' architecture, under NVIDIA's compatibility rules.
// A toolkit that builds for the GPU's own compute capability, or for an older one of the same
// major (a cubin for X.y runs on X.z, z >= y), is fine. An older toolkit still reaches the GPU
// through PTX, which the driver JIT-compiles forward, so it is a warning that names that limit,
// not an error (CUDA C++ Programming Guide, "Binary Compatibility" and "PTX Compatibility").
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw001)

const RuleDoc& Sw001::doc() const {
  static const RuleDoc d{"SW001", "cuda-too-old", Severity::Warning, PlannerAction::RuleOutPlatform,
                         "software.cuda against the first CUDA toolkit that builds code each GPU runs natively: for "
                         "its compute capability, or for an older one of the same major (binary compatibility: "
                         "sm_80 code runs on sm_86).",
                         "A toolkit older than the architecture cannot build native code for it: only kernels "
                         "shipped as PTX run, JIT-compiled by the driver at first launch; binaries and libraries "
                         "built without PTX fail ('no kernel image is available for execution on the device'). "
                         "Ada and Hopper need CUDA 11.8 for native code, Blackwell (sm_100, sm_120) CUDA 12.8.",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.4"}})",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.8"}})",
                         "CUDA C++ Programming Guide, compute capabilities, 'Binary Compatibility' and 'PTX "
                         "Compatibility'; CUDA 11.8 and 12.8 release notes."};
  return d;
}

void Sw001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.software.cuda.empty()) return;
  Version cuda = parse_version(b.software.cuda);
  for (const auto& g : b.gpus) {
    const std::string& cc = g.part->compute_capability;
    Version need = min_cuda_cubin_for(cc);
    if (need.empty() || !version_less(cuda, need)) continue;
    out.push_back(make(fmt::format("CUDA {} cannot build native code for {} (compute capability {}, first built by "
                                   "CUDA {}): only kernels shipped as PTX run on it, JIT-compiled by the driver; "
                                   "code built without PTX fails",
                                   b.software.cuda, g.part->id, cc, to_string(need)),
                       {g.part->id}, fmt::format("install CUDA {} or newer", to_string(need))));
  }
}

}  // namespace rigplan::rules

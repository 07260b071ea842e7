// SW003: the PyTorch release against the GPUs' architecture. Wheels carry cubins, so a release
// whose kernels were built for an older compute capability of the same major still runs (binary
// compatibility: the CUDA 11.0 wheels of PyTorch 1.7 ran on sm_86 RTX 3090s through their sm_80
// cubins); across majors it does not. Where the build names the wheel ("2.5.1+cu124") and its arch
// list is known, SW007 judges that wheel instead: the release alone no longer decides.
#include "rules/pytorch_wheels.hpp"
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw003)

const RuleDoc& Sw003::doc() const {
  static const RuleDoc d{"SW003", "pytorch-too-old", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Pytorch}),
                         "a PyTorch release whose wheels carry kernels for each GPU",
                         "software.pytorch against the first PyTorch release whose prebuilt wheels include kernels "
                         "each GPU runs: for its compute capability or an older one of the same major. Where the "
                         "build names a wheel whose architecture list is known (\"2.5.1+cu124\"), SW007 judges it "
                         "instead.",
                         "Without kernels for the architecture PyTorch fails at the first CUDA call ('no kernel image "
                         "is available for execution on the device').",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"pytorch": "2.5.1"}})",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"pytorch": "2.7.0"}})",
                         "PyTorch 2.7 release notes (Blackwell support, CUDA 12.8 wheels); PyTorch 2.0 (CUDA 11.8 wheels); CUDA C++ "
                         "Programming Guide, 'Binary Compatibility'."};
  return d;
}

void Sw003::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  Version pt = parse_version(b.software.pytorch);
  if (cuda_wheel(pt, b.software.pytorch_variant)) return;  // SW007 reads the wheel's own list
  for (const auto& g : b.gpus) {
    Version need = min_pytorch_cubin_for(g.part->compute_capability);
    if (!need.empty() && version_less(pt, need))
      out.push_back(make(fmt::format("PyTorch {} has no prebuilt kernels for {} (compute capability {}): needs {} or newer",
                                     b.software.pytorch, g.part->id, g.part->compute_capability, to_string(need)),
                         {g.part->id}, fmt::format("install PyTorch {} or newer", to_string(need))));
  }
}

}  // namespace rigplan::rules

// SW010: software that no longer supports a pre-Turing GPU (Maxwell, Pascal, Volta).
// Three dated facts, each from the maker's own notes:
// - CUDA 13.0 removed offline compilation and library support for Maxwell, Pascal and Volta
//   (compute capability below 7.5); CUDA 12.x still builds for them (CUDA 13.0 release notes,
//   "Deprecated Architectures").
// - NVIDIA's R580 Linux driver branch is the last to support Maxwell, Pascal and Volta GPUs
//   (NVIDIA, "Unix Graphics Feature Deprecation Schedule"; CUDA 13.0 release notes).
// - PyTorch's CUDA 12.8 and newer wheels carry no Maxwell or Pascal kernels (sm_50, sm_60, sm_61)
//   from release 2.8; the CUDA 12.6 wheels still do (PyTorch dev-discuss, "Maxwell and Pascal
//   architecture support removed in CUDA 12.8 and 12.9 builds", 2025-07-14; pytorch/pytorch#157517).
#include "rules/pytorch_wheels.hpp"
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw010)

namespace {
const Version kFirstCcAfterLegacy = {7, 5};     // Turing: the oldest architecture CUDA 13 builds for
const Version kFirstCudaWithoutLegacy = {13, 0};
constexpr int kLastDriverBranchForLegacy = 580;
const Version kFirstCcWithPytorchCu128Kernels = {7, 0};  // cu128 wheels start at Volta (2.8, 2.9) or Turing
const Version kFirstCudaWheelWithoutPascal = {12, 8};
const Version kFirstPytorchWithoutPascalInCu128 = {2, 8};
}  // namespace

const RuleDoc& Sw010::doc() const {
  static const RuleDoc d{"SW010", "legacy-gpu-stack", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Software}),
                         "CUDA 12.x (12.9 is the last for these GPUs), a driver of the R580 branch or "
                         "older, and PyTorch's cu126 wheels",
                         "For Maxwell, Pascal and Volta GPUs (compute capability below 7.5): a CUDA toolkit of 13.0 "
                         "or later, a driver above the R580 branch, or (Maxwell/Pascal) PyTorch 2.8+ with CUDA 12.8+ "
                         "wheels.",
                         "P100, P40, GTX 1080 Ti, TITAN Xp and V100 are still bought for inference, but CUDA 13.0 "
                         "dropped them, R580 is their last driver branch, and PyTorch's CUDA 12.8+ wheels carry no "
                         "sm_60/sm_61 kernels (\"no kernel image is available\"). Use CUDA 12.x, a 580 driver and "
                         "PyTorch's cu126 wheels.",
                         R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"cuda": "13.0"}})",
                         R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"cuda": "12.6", "driver": "580.65.06"}})",
                         "CUDA Toolkit 13.0 release notes, 'Deprecated Architectures' "
                         "(https://docs.nvidia.com/cuda/archive/13.0.0/cuda-toolkit-release-notes/index.html); NVIDIA "
                         "Unix Graphics Feature Deprecation Schedule (R580 last branch for Maxwell/Pascal/Volta); "
                         "PyTorch dev-discuss 3128 (2025-07-14) and pytorch/pytorch#157517 (2.8 support matrix: cu126 "
                         "5.0;6.0;7.0;..., cu128 7.0 and up)."};
  return d;
}

void Sw010::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  const Software& s = b.software;
  if (s.cuda.empty() && s.driver.empty() && s.pytorch.empty()) return;
  for (const auto& g : b.gpus) {
    if (g.part->vendor != "nvidia" || g.part->compute_capability.empty()) continue;
    Version cc = parse_version(g.part->compute_capability);
    if (!version_less(cc, kFirstCcAfterLegacy)) continue;
    const std::string& id = g.part->id;
    if (!s.cuda.empty() && !version_less(parse_version(s.cuda), kFirstCudaWithoutLegacy))
      out.push_back(make(fmt::format("{} is compute capability {}; CUDA {} cannot build for it (CUDA 13.0 dropped "
                                     "Maxwell, Pascal and Volta)", id, g.part->compute_capability, s.cuda),
                         {id}, "use CUDA 12.x (12.9 is the last)"));
    if (!s.driver.empty()) {
      Version d = parse_version(s.driver);
      if (!d.empty() && d[0] > kLastDriverBranchForLegacy)
        out.push_back(make(fmt::format("{} is compute capability {}; driver {} is past the R{} branch, the last that "
                                       "supports Maxwell, Pascal and Volta", id, g.part->compute_capability, s.driver,
                                       kLastDriverBranchForLegacy),
                           {id}, fmt::format("use a {} driver", kLastDriverBranchForLegacy)));
    }
    // The wheel's CUDA: its build where named ("2.9.0+cu128"), else the toolkit. Where the wheel's
    // arch list is known, SW007 judges it.
    Version wheel_cu = wheel_cuda(s.pytorch_variant);
    bool list_known = !wheel_cu.empty() && cuda_wheel(parse_version(s.pytorch), s.pytorch_variant).has_value();
    std::string wheel = !wheel_cu.empty() ? to_string(wheel_cu) : s.cuda;
    if (!list_known && !s.pytorch.empty() && !wheel.empty() && version_less(cc, kFirstCcWithPytorchCu128Kernels) &&
        !version_less(parse_version(s.pytorch), kFirstPytorchWithoutPascalInCu128) &&
        !version_less(parse_version(wheel), kFirstCudaWheelWithoutPascal))
      out.push_back(make(fmt::format("{} is compute capability {}; PyTorch {}'s CUDA {} wheels carry no kernels for it",
                                     id, g.part->compute_capability, s.pytorch, wheel),
                         {id}, "install the cu126 wheels (pip install torch --index-url https://download.pytorch.org/whl/cu126)"));
  }
}

}  // namespace rigplan::rules

// SW005: CUDA or cuDNN named for an AMD GPU. CUDA and cuDNN run only on NVIDIA GPUs; AMD's
// compute stack is ROCm (HIP, MIOpen), and PyTorch ships ROCm builds for it. An error when every
// GPU is AMD; a warning in a mixed build, where the toolkit still serves the NVIDIA cards.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw005)

const RuleDoc& Sw005::doc() const {
  static const RuleDoc d{"SW005", "cuda-on-amd", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Software}),
                         "ROCm and a PyTorch ROCm build for the AMD cards, not CUDA",
                         "software.cuda and software.cudnn against the GPUs' vendor: CUDA on AMD cards (a warning "
                         "when NVIDIA cards in the same build use it).",
                         "CUDA and cuDNN run only on NVIDIA GPUs; AMD Radeon and Instinct cards run ROCm (HIP, "
                         "MIOpen) and PyTorch's ROCm builds.",
                         R"({"gpus": [{"part": "amd-radeon-pro-w7900"}], "software": {"cuda": "12.4"}})",
                         R"({"gpus": [{"part": "amd-radeon-pro-w7900"}], "software": {"pytorch": "2.5.1"}})",
                         "NVIDIA CUDA Installation Guide for Linux (a CUDA-capable NVIDIA GPU is required); AMD ROCm "
                         "documentation, https://rocm.docs.amd.com/.",
                         Severity::Warning};
  return d;
}

void Sw005::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  std::string what = !b.software.cuda.empty() ? "CUDA " + b.software.cuda
                                                     : (!b.software.cudnn.empty() ? "cuDNN " + b.software.cudnn : "");
  if (what.empty()) return;
  bool any_nvidia = false;
  for (const auto& g : b.gpus) any_nvidia = any_nvidia || g.part->vendor == "nvidia";
  for (const auto& g : b.gpus) {
    if (g.part->vendor != "amd") continue;
    Diagnostic d = make(fmt::format("{} is an AMD GPU: {} does not run on it (AMD's stack is ROCm)", g.part->id, what),
                        {g.part->id}, "use ROCm and a PyTorch ROCm build for the AMD cards");
    if (any_nvidia) {
      d.severity = Severity::Warning;
      d.message += "; the NVIDIA cards in the build can use it";
    }
    out.push_back(d);
  }
}

}  // namespace rigplan::rules

// SW030: the software stack named for an Intel GPU. Intel Arc and Data Center GPUs run neither
// CUDA/cuDNN nor ROCm: PyTorch reaches them through its XPU backend on Intel's oneAPI/SYCL
// runtime, upstream since PyTorch 2.5 (intel_gpu_stack.hpp has the facts and their pages).
// CUDA named for an Intel card is an error (a warning where NVIDIA cards in the same build use
// it); a PyTorch older than 2.5 has no XPU backend (error); on an Xe2 (Arc B-Series) card, a
// PyTorch whose Intel GPU page does not yet name the B-Series as validated is a warning.
#include "rules/intel_gpu_stack.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw030)

const RuleDoc& Sw030::doc() const {
  static const RuleDoc d{"SW030", "intel-gpu-stack", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({}, {Need::Software}),
                         "PyTorch's XPU build (2.5 or later; 2.7 or later for Arc B-Series) and Intel's GPU "
                         "driver, not CUDA, for Intel GPUs",
                         "software.cuda, software.cudnn and software.pytorch against the GPUs' vendor and "
                         "architecture for Intel GPUs: CUDA does not run on them (a warning when NVIDIA cards in the "
                         "same build use it); PyTorch reaches them through its XPU backend from 2.5 on, and names "
                         "the Xe2 Arc B-Series as validated hardware from 2.7 on (a warning before).",
                         "An Intel GPU is invisible to a CUDA build of PyTorch (torch.cuda.is_available() is False) "
                         "and to every CUDA library; training then silently runs on the CPU. The XPU wheels come "
                         "from their own index (https://download.pytorch.org/whl/xpu), with Intel's GPU driver.",
                         R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"cuda": "12.4"}})",
                         R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"pytorch": "2.7.0"}})",
                         "PyTorch 'Getting Started on Intel GPU' (docs.pytorch.org/docs/2.5, 2.6 and 2.7 "
                         "/notes/get_start_xpu.html): hardware prerequisites and XPU wheel index.",
                         Severity::Warning};
  return d;
}

void Sw030::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  bool any_nvidia = false;
  for (const auto& g : b.gpus) any_nvidia = any_nvidia || g.part->vendor == "nvidia";
  std::string cuda = !b.software.cuda.empty() ? "CUDA " + b.software.cuda
                                              : (!b.software.cudnn.empty() ? "cuDNN " + b.software.cudnn : "");
  Version pt = parse_version(b.software.pytorch);
  for (const auto& g : b.gpus) {
    if (g.part->vendor != "intel") continue;
    const std::string& id = g.part->id;
    if (!cuda.empty()) {
      Diagnostic d = make(fmt::format("{} is an Intel GPU: {} does not run on it (Intel GPUs run PyTorch's XPU "
                                      "backend on oneAPI, not CUDA)",
                                      id, cuda),
                          {id}, fmt::format("install PyTorch's XPU build ({}) and Intel's GPU driver for it",
                                            kPytorchXpuIndex));
      if (any_nvidia) {
        d.severity = Severity::Warning;
        d.message += "; the NVIDIA cards in the build can use it";
      }
      out.push_back(d);
    }
    if (b.software.pytorch.empty()) continue;
    if (version_less(pt, first_pytorch_with_xpu())) {
      out.push_back(make(fmt::format("PyTorch {} has no XPU backend for {} (upstream PyTorch supports Intel GPUs "
                                     "from {} on)",
                                     b.software.pytorch, id, to_string(first_pytorch_with_xpu())),
                         {id}, fmt::format("install PyTorch {} or newer from {}",
                                           to_string(g.part->architecture == "xe2" ? first_pytorch_validating_xe2()
                                                                                   : first_pytorch_with_xpu()),
                                           kPytorchXpuIndex)));
    } else if (g.part->architecture == "xe2" && version_less(pt, first_pytorch_validating_xe2())) {
      Diagnostic d = make(fmt::format("PyTorch {}'s Intel GPU page does not list Arc B-Series (Xe2) among its "
                                      "validated hardware for {}; {} is the first release that does",
                                      b.software.pytorch, id, to_string(first_pytorch_validating_xe2())),
                          {id}, fmt::format("install PyTorch {} or newer from {}",
                                            to_string(first_pytorch_validating_xe2()), kPytorchXpuIndex));
      d.severity = Severity::Warning;
      out.push_back(d);
    }
  }
}

}  // namespace rigplan::rules

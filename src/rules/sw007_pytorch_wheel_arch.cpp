// SW007: the PyTorch wheel as installed against the GPUs. A wheel is built with one CUDA (or ROCm)
// release for a fixed list of GPU targets (pytorch_wheels.hpp has the lists and their sources);
// a GPU outside the list has no kernels: "sm_86 is not compatible with the current PyTorch
// installation" and "no kernel image is available for execution on the device" at the first CUDA
// call (torch 1.7.1+cu101 on an RTX 3090; the cu124 wheels on an RTX 5090). SW003 judges the
// release alone; this rule judges the build the wheel is:
// - NVIDIA: a cubin for the GPU's compute capability or an older one of the same major runs
//   (binary compatibility); PTX the wheel ships for an older architecture runs JIT-compiled by the
//   driver (a warning: the first launch compiles every kernel, and the CUDA libraries the wheel
//   bundles must carry code for the GPU too); nothing else does (an error). Where no source gives
//   the wheel's list, the toolkit it was built with bounds it: CUDA 12.4 builds no sm_120 code.
// - AMD: ROCm code objects are built per gfx target, with no JIT route to another target: the
//   GPU's target must be in the wheel's PYTORCH_ROCM_ARCH. Without a named build, the release's
//   ROCm wheels (RELEASE.md) must carry it: PyTorch 2.0's rocm5.4 wheels had no gfx1100 (RX 7900 XTX).
// - A wheel for another vendor, or the CPU-only wheel, has no kernels for the GPU at all.
#include <fmt/ranges.h>

#include <algorithm>

#include "rules/pytorch_wheels.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw007)

const RuleDoc& Sw007::doc() const {
  static const RuleDoc d{
      "SW007",
      "pytorch-wheel-arch",
      Severity::Error,
      PlannerAction::RuleOutPlatform,
      needs({Need::Pytorch}),
      "a PyTorch wheel whose architecture list includes each GPU (another release or CUDA/ROCm build)",
      "software.pytorch with the wheel's build as torch.__version__ prints it (\"1.7.1+cu101\", "
      "\"2.7.0+cu128\", "
      "\"2.5.1+rocm6.2\") against each GPU: the wheel must carry a cubin the GPU runs (its compute "
      "capability or an "
      "older one of the same major), or for AMD GPUs code for the GPU's gfx target. PTX for an older "
      "architecture "
      "is a warning; a CUDA build PyTorch's release matrix does not list for the release is a warning. "
      "Without a "
      "named build, an AMD GPU is checked against the release's ROCm wheels.",
      "A wheel is built with one CUDA or ROCm release for a fixed list of architectures "
      "(torch.cuda.get_arch_list()). A GPU outside the list fails at the first CUDA call: \"sm_86 is not "
      "compatible "
      "with the current PyTorch installation\" (torch 1.7.1+cu101 on an RTX 3090, whose wheel stops at "
      "sm_75), "
      "\"no kernel image is available for execution on the device\" (the cu124 wheels on an RTX 5090, "
      "pytorch/pytorch#167244). The release alone (SW003) does not decide it: 1.7.1+cu110 runs an RTX 3090 "
      "through its sm_80 cubins, 1.7.1+cu101 does not.",
      R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}], "software": {"pytorch": "1.7.1+cu101"}})",
      R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}], "software": {"pytorch": "1.7.1+cu110"}})",
      "TORCH_CUDA_ARCH_LIST of PyTorch's release builds: pytorch/builder manywheel/build.sh and "
      "build_cuda.sh "
      "(2020-2024; 1.7: cu101 3.7;5.0;6.0;7.0;7.5, cu110 adds 8.0), pytorch/pytorch "
      ".ci/manywheel/build_cuda.sh "
      "(2.8: cu126 5.0-9.0, cu128 7.0-12.0, cu129 12.0+PTX), torch.cuda.get_arch_list() of the 2.10 and 2.11 "
      "wheels (pytorch/pytorch#182250); PYTORCH_ROCM_ARCH in pytorch/builder manywheel/build_docker.sh "
      "(gfx1100 "
      "from the ROCm 5.5 builds, gfx942 from 6.0) and pytorch/pytorch#163860 (gfx950, ROCm 7.0); the release "
      "compatibility matrix in pytorch/pytorch RELEASE.md; CUDA C++ Programming Guide, 'Binary "
      "Compatibility' "
      "and 'PTX Compatibility'.",
      Severity::Warning};
  return d;
}

namespace {

std::string sw007_sm(const std::string& cc) {
  Version v = parse_version(cc);
  return v.size() >= 2 ? fmt::format("sm_{}{}", v[0], v[1]) : cc;
}

bool sw007_lists(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The wheel name as pip prints it: "1.7.1+cu101".
std::string sw007_wheel(const Software& s) {
  return s.pytorch_variant.empty() ? s.pytorch : s.pytorch + "+" + s.pytorch_variant;
}

}  // namespace

void Sw007::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  const Software& s = b.software;
  Version release = parse_version(s.pytorch);
  const std::string& variant = s.pytorch_variant;
  const std::string torch = "PyTorch " + sw007_wheel(s);
  Version cuda = wheel_cuda(variant), rocm = wheel_rocm(variant);
  std::vector<std::string> published = published_variants(release);

  if (!cuda.empty() && !published.empty() && !sw007_lists(published, variant)) {
    Diagnostic d =
        make(fmt::format("PyTorch {} was released with the {} wheels (release compatibility matrix), not "
                         "{}: this build is a nightly or a build from source, whose architecture list "
                         "the check does not know",
                         s.pytorch, fmt::join(published, ", "), variant),
             {}, "install one of the release's wheels, or check torch.cuda.get_arch_list() on the machine");
    d.severity = Severity::Warning;
    out.push_back(d);
  }

  for (const auto& e : b.gpus) {
    const Gpu& g = *e.part;
    const std::string& id = g.id;
    std::string other_vendor;  // the wheel is for another vendor's GPUs
    if (variant == "cpu") {
      out.push_back(
          make(fmt::format("{} is the CPU-only wheel: it has no kernels for {} (torch.cuda.is_available() "
                           "is False)",
                           torch, id),
               {id}, "install a CUDA, ROCm or XPU wheel for the GPU"));
      continue;
    }
    if (g.vendor == "nvidia" && (!rocm.empty() || variant == "xpu")) other_vendor = "NVIDIA";
    if (g.vendor == "amd" && (!cuda.empty() || variant == "xpu")) other_vendor = "AMD";
    if (g.vendor == "intel" && (!cuda.empty() || !rocm.empty())) other_vendor = "Intel";
    if (!other_vendor.empty()) {
      out.push_back(
          make(fmt::format("{} is a {} build: it has no kernels for {}, an {} GPU", torch,
                           !cuda.empty() ? "CUDA" : (!rocm.empty() ? "ROCm" : "XPU"), id, other_vendor),
               {id},
               g.vendor == "nvidia" ? "install a CUDA wheel (https://download.pytorch.org/whl/cuXYZ)"
               : g.vendor == "amd"  ? "install a ROCm wheel (https://download.pytorch.org/whl/rocmX.Y)"
                                    : "install the XPU wheel (https://download.pytorch.org/whl/xpu)"));
      continue;
    }

    if (g.vendor == "nvidia" && !cuda.empty() && !g.compute_capability.empty()) {
      const std::string& cc = g.compute_capability;
      if (auto w = cuda_wheel(release, variant)) {
        WheelFit fit = wheel_fit(*w, cc);
        if (fit == WheelFit::Cubin) continue;
        if (fit == WheelFit::PtxOnly) {
          Diagnostic d =
              make(fmt::format("{} has no cubin for {} ({}); it runs only through the wheel's {} PTX, "
                               "JIT-compiled by the driver at first launch (its wheel: {})",
                               torch, id, sw007_sm(cc), sw007_sm(w->ptx).replace(0, 3, "compute_"), sm_list(*w)),
                   {id}, "install a wheel whose get_arch_list() names the GPU's architecture");
          d.severity = Severity::Warning;
          out.push_back(d);
          continue;
        }
        out.push_back(
            make(fmt::format("{} has no kernels for {} ({}): its wheel carries {} (TORCH_CUDA_ARCH_LIST of "
                             "the release build: {})",
                             torch, id, sw007_sm(cc), sm_list(*w), w->source),
                 {id}, "install a wheel of a release and CUDA build that lists the GPU's architecture"));
        continue;
      }
      // No list held for this wheel: the toolkit it was built with bounds what it can carry.
      Version need = min_cuda_cubin_for(cc);
      std::string lowest = lowest_cc_built_by(cuda[0]);
      if (!need.empty() && version_less(cuda, need))
        out.push_back(
            make(fmt::format("{} was built with CUDA {}, which builds no code {} runs ({}; CUDA {} is the "
                             "first): the wheel has no kernels for it",
                             torch, to_string(cuda), id, sw007_sm(cc), to_string(need)),
                 {id}, fmt::format("install a wheel built with CUDA {} or newer", to_string(need))));
      else if (!lowest.empty() && version_less(parse_version(cc), parse_version(lowest)))
        out.push_back(
            make(fmt::format("{} was built with CUDA {}, which dropped {} ({}; CUDA {}.x builds for {} and "
                             "up): the wheel has no kernels for it",
                             torch, to_string(cuda), id, sw007_sm(cc), cuda[0], sw007_sm(lowest)),
                 {id}, "install a wheel built with an older CUDA (cu126 carries sm_50 to sm_90)"));
      continue;
    }

    if (g.vendor == "amd" && !g.gfx_target.empty()) {
      if (!rocm.empty()) {
        std::vector<std::string> targets = rocm_wheel_targets(rocm);
        if (!sw007_lists(targets, g.gfx_target))
          out.push_back(make(fmt::format("{} has no code for {} ({}): PyTorch's ROCm {} wheels carry {}",
                                         torch, id, g.gfx_target, to_string(rocm), fmt::join(targets, ", ")),
                             {id}, "install a PyTorch ROCm wheel whose build lists the GPU's gfx target"));
        continue;
      }
      if (!variant.empty()) continue;
      // No build named: does any ROCm wheel of the release carry the target?
      std::vector<std::string> rocm_builds;
      bool any = false;
      for (const auto& v : published) {
        Version r = wheel_rocm(v);
        if (r.empty()) continue;
        rocm_builds.push_back(v);
        any = any || sw007_lists(rocm_wheel_targets(r), g.gfx_target);
      }
      if (!rocm_builds.empty() && !any)
        out.push_back(make(fmt::format("PyTorch {}'s ROCm wheels ({}) have no code for {} ({})", s.pytorch,
                                       fmt::join(rocm_builds, ", "), id, g.gfx_target),
                           {id},
                           "install a PyTorch release whose ROCm wheels list the GPU's gfx target (2.1 for "
                           "gfx1100, 2.3 for gfx942, 2.10 for gfx950)"));
    }
  }
}

}  // namespace rigplan::rules

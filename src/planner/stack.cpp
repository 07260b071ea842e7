// The planner's software-stack table (see stack.hpp). Each row is a vendor and architecture with
// the maker's or the framework's own statement:
// - NVIDIA, compute capability 7.5 and later: the current CUDA toolkit and PyTorch's CUDA wheels
//   support them (CUDA 13.0 release notes, "Deprecated Architectures").
// - NVIDIA Maxwell, Pascal and Volta (below 7.5): CUDA 13.0 dropped them, R580 is their last
//   driver branch, and PyTorch's CUDA 12.8+ wheels carry no Maxwell/Pascal kernels from 2.8
//   (CUDA 13.0 release notes; PyTorch dev-discuss 2025-07-14): they run on a pinned older stack
//   (CUDA 12.x, cu126 wheels) — a workaround, at full speed.
// - AMD CDNA3/CDNA4 Instinct: ROCm 6.0 (MI300X), 6.3.1 (MI325X), 7.0 (MI350X/MI355X) and PyTorch's
//   ROCm wheels (2.3 for gfx942, 2.10 for gfx950) support them (AMD ROCm compatibility matrix,
//   https://rocm.docs.amd.com/en/latest/compatibility/compatibility-matrix.html).
// - AMD RDNA3 (Radeon RX 7900 XTX, PRO W7900, gfx1100): on AMD's Linux support list since
//   2023-10-17 (ROCm 5.7.1, Ubuntu only) with PyTorch ROCm wheels since 2.1 — supported, but
//   measured below what the same bandwidth and compute give under CUDA: MLC-LLM on ROCm reached 80 %
//   of an RTX 4090's Llama-2 decode speed (blog.mlc.ai, 2023-08-09) with 95 % of its memory
//   bandwidth (960 vs 1008 GB/s): PlanTuning::rocm_rdna_factor. A workaround verdict.
// - Other AMD consumer architectures (RDNA2 and older): not on AMD's Linux ROCm list (only the
//   PRO W6800 and V620 of RDNA2 are): unsupported.
// - Intel Xe (Arc A-Series) and Xe2 (Arc B-Series): PyTorch's XPU backend runs training and
//   inference on one card from 2.5 (A-Series) and 2.7 (B-Series validated), still labelled
//   "Prototype" on PyTorch's "Getting Started on Intel GPU" page: a workaround
//   (PlanTuning::xpu_factor; no published PyTorch throughput measurement against the card's
//   peak was found, so it defaults to 1 and a request may set it). Training on several Arc cards
//   needs a collective backend: Intel's 2026-H1 status names the XCCL backend and FSDP2 for Data
//   Center GPU Max only (dev-discuss.pytorch.org, "Intel GPU/CPU enabling status and feature plan
//   2026 H1 update"): multi-GPU training on Arc is unsupported.
#include "planner/stack.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace rigplan::planner {

namespace {

const char* kCuda13Notes = "https://docs.nvidia.com/cuda/archive/13.0.0/cuda-toolkit-release-notes/index.html";
const char* kRocmMatrix = "https://rocm.docs.amd.com/en/latest/compatibility/compatibility-matrix.html";
const char* kRocmRdna = "https://blog.mlc.ai/2023/08/09/Making-AMD-GPUs-competitive-for-LLM-inference";
const char* kXpuPage = "https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html";
const char* kXpuStatus =
    "https://dev-discuss.pytorch.org/t/intel-gpu-cpu-enabling-status-and-feature-plan-2026-h1-update/3320";

bool legacy_nvidia(const Gpu& g) {
  // Compute capability "major.minor" below 7.5.
  int major = 0, minor = 0;
  if (std::sscanf(g.compute_capability.c_str(), "%d.%d", &major, &minor) < 1) return false;
  return major < 7 || (major == 7 && minor < 5);
}

}  // namespace

const char* stack_support_name(StackSupport s) {
  switch (s) {
    case StackSupport::Native: return "native";
    case StackSupport::Workaround: return "workaround";
    case StackSupport::Unsupported: return "unsupported";
  }
  return "?";
}

StackVerdict stack_verdict(const Gpu& g, int n, bool training, const PlanTuning& t) {
  StackVerdict v;
  const std::string& arch = g.architecture;
  if (g.vendor == "nvidia") {
    v.stack = "CUDA";
    v.source = kCuda13Notes;
    if (legacy_nvidia(g)) {
      v.support = StackSupport::Workaround;
      v.why = fmt::format("{} (compute capability {}) needs a pinned older stack: CUDA 12.x, a R580 driver and PyTorch's "
                          "cu126 wheels (CUDA 13 and the cu128+ wheels dropped it)",
                          g.id, g.compute_capability);
    }
    return v;
  }
  if (g.vendor == "amd") {
    v.stack = "ROCm";
    v.source = kRocmMatrix;
    if (arch == "cdna3" || arch == "cdna4" || arch == "cdna2") return v;
    if (arch == "rdna3" || arch == "rdna4") {
      v.support = StackSupport::Workaround;
      v.factor = t.rocm_rdna_factor;
      v.source = kRocmRdna;
      v.why = fmt::format("{} runs PyTorch's ROCm build (AMD's Linux support list, Ubuntu only), measured at about {:.0f} % of "
                          "what its bandwidth would give under CUDA",
                          g.id, t.rocm_rdna_factor * 100);
      return v;
    }
    v.support = StackSupport::Unsupported;
    v.why = fmt::format("{} ({}) is not on AMD's Linux ROCm support list: PyTorch's ROCm build does not support it", g.id, arch);
    return v;
  }
  if (g.vendor == "intel") {
    v.stack = "XPU";
    v.source = kXpuPage;
    if (training && n > 1) {
      v.support = StackSupport::Unsupported;
      v.source = kXpuStatus;
      v.why = fmt::format("training on {} x {} needs a collective backend: PyTorch's XCCL and FSDP2 are enabled for Intel's "
                          "Data Center GPU Max only, not Arc cards",
                          n, g.id);
      return v;
    }
    v.support = StackSupport::Workaround;
    v.factor = t.xpu_factor;
    v.why = fmt::format("{} runs PyTorch's XPU backend (its own wheel index and Intel's driver), which PyTorch still labels a "
                        "prototype; the AWQ/GPTQ quantized kernels of the CUDA stack are not available (Puget Systems, 2026)",
                        g.id);
    return v;
  }
  v.support = StackSupport::Unsupported;
  v.why = fmt::format("{}: no deep-learning software stack the planner knows runs on vendor '{}'", g.id, g.vendor);
  return v;
}

}  // namespace rigplan::planner

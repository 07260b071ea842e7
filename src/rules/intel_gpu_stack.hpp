// The software-stack facts SW030 checks Intel GPUs against, from PyTorch's own pages. Intel GPUs
// run neither CUDA nor ROCm: PyTorch reaches them through its XPU backend (torch.xpu, on Intel's
// oneAPI/SYCL runtime), installed from the XPU wheel index, never the CUDA wheels.
// - Upstream PyTorch first carries the XPU backend in 2.5 ("Intel GPUs support ... is ready from
//   PyTorch 2.5 for Intel Client GPUs and Intel Data Center GPU Max Series on both Linux and
//   Windows": "Getting Started on Intel GPU", https://docs.pytorch.org/docs/2.5/notes/get_start_xpu.html
//   and the same sentence on the 2.7 and later pages). Before 2.5 Intel GPUs needed the separate
//   Intel Extension for PyTorch, which this rule does not model.
// - Arc B-Series (Battlemage, the Xe2 architecture) is first named in the page's "Validated
//   Hardware" table in the 2.7 documentation
//   (https://docs.pytorch.org/docs/2.7/notes/get_start_xpu.html); the 2.5 and 2.6 pages list only
//   "Intel Client GPUs" without naming a generation
//   (https://docs.pytorch.org/docs/2.6/notes/get_start_xpu.html).
// - Wheels: pip install torch --index-url https://download.pytorch.org/whl/xpu (same pages).
#pragma once

#include "rules/software_tables.hpp"

namespace rigplan::rules {

// The first PyTorch release with the XPU backend for Intel GPUs.
inline const Version& first_pytorch_with_xpu() {
  static const Version v = {2, 5};
  return v;
}

// The first PyTorch release whose Intel GPU page names the Xe2 (Arc B-Series) GPUs as validated.
inline const Version& first_pytorch_validating_xe2() {
  static const Version v = {2, 7};
  return v;
}

inline constexpr const char* kPytorchXpuIndex = "https://download.pytorch.org/whl/xpu";

}  // namespace rigplan::rules

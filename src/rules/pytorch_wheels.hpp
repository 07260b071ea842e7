// The PyTorch wheels as published: which builds ("variants": cu128, rocm6.4) each release shipped,
// and which GPU architectures each build carries kernels for. A wheel is built with one CUDA (or
// ROCm) release for a fixed list of targets, and a GPU outside that list gets "no kernel image is
// available for execution on the device" at the first CUDA call ("sm_86 is not compatible with the
// current PyTorch installation": torch 1.7.1+cu101 on an RTX 3090). Sources, per table in the .cpp:
// - CUDA variants per release: PyTorch's release compatibility matrix (RELEASE.md, pytorch/pytorch,
//   "Release Compatibility Matrix", 1.13 to 2.12).
// - CUDA arch lists (TORCH_CUDA_ARCH_LIST of the release builds): pytorch/builder
//   manywheel/build.sh and build_cuda.sh as they stood at each release (commits named per row),
//   pytorch/pytorch .ci/manywheel/build_cuda.sh for 2.8 and later, and torch.cuda.get_arch_list()
//   of 2.10 and 2.11 wheels as printed in pytorch/pytorch#182250. An entry "X.Y" builds a cubin
//   (sm_XY); "X.Y+PTX" also ships PTX (compute_XY), which the driver JIT-compiles for newer GPUs.
// - ROCm arch lists (PYTORCH_ROCM_ARCH): pytorch/builder manywheel/build_docker.sh, a function of
//   the ROCm release (gfx90a and gfx1030 from ROCm 4.3, gfx1100 from 5.5, gfx942 from 6.0), and
//   pytorch/pytorch#163860 (gfx950 in the ROCm 7.0 builds).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/software_tables.hpp"

namespace rigplan::rules {

// What one wheel carries for NVIDIA GPUs.
struct CudaWheel {
  std::vector<std::string> cubins;  // compute capabilities with a cubin ("8.0")
  std::string ptx;                  // the compute capability it ships PTX for, "" = none
  std::string source;               // where the list comes from
};

// The wheel's toolkit from its variant: "cu128" -> 12.8, "cu92" -> 9.2, "cu101" -> 10.1; empty
// when the variant is no CUDA build.
Version wheel_cuda(const std::string& variant);
// The wheel's ROCm release from its variant: "rocm6.2" -> 6.2; empty when it is no ROCm build.
Version wheel_rocm(const std::string& variant);

// The arch list of PyTorch `release`'s `variant` wheel, where a source gives it.
std::optional<CudaWheel> cuda_wheel(const Version& release, const std::string& variant);
// The CUDA and ROCm variants RELEASE.md lists for `release` ("cu118", "cu126", "cu128",
// "rocm6.3"); empty when the matrix has no row for it (before 1.13).
std::vector<std::string> published_variants(const Version& release);

// Whether a wheel with cubins `w` runs on compute capability `cc`: by a cubin (binary
// compatibility), or only by JIT of its PTX; neither = no kernels.
enum class WheelFit { Cubin, PtxOnly, None };
WheelFit wheel_fit(const CudaWheel& w, const std::string& cc);

// The gfx targets PyTorch's ROCm wheels built with ROCm `rocm` carry (PYTORCH_ROCM_ARCH).
std::vector<std::string> rocm_wheel_targets(const Version& rocm);

// "sm_37, sm_50, ..." for messages.
std::string sm_list(const CudaWheel& w);

}  // namespace rigplan::rules

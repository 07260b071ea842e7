// The software-stack facts the SW rules check against, from NVIDIA's and PyTorch's own pages:
// - the first CUDA toolkit that can build for each compute capability (CUDA C++ Programming
//   Guide, "Compute Capabilities"; CUDA 12.8 release notes for sm_100/sm_120; CUDA Features
//   Archive, 12.9, for sm_103 (B300) and sm_121 (GB10));
// - the minimum Linux driver each CUDA toolkit needs (CUDA Toolkit Release Notes, Table 3
//   "CUDA Toolkit and Corresponding Driver Versions",
//   https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html);
// - the first PyTorch release with prebuilt support for each architecture (PyTorch release
//   notes: 2.7 added Blackwell with CUDA 12.8 wheels; 2.0 shipped CUDA 11.8 wheels for Ada/Hopper;
//   Pascal sm_60/sm_61 from CUDA 8.0, with the 1.0 floor the table uses for Volta).
// The last versions that still support pre-Turing GPUs are SW010's (sw010_legacy_gpu_stack.cpp).
// And NVIDIA's compatibility rules, which the SW rules apply instead of exact table matches:
// - binary compatibility: a cubin built for compute capability X.y runs on X.z for z >= y, never
//   across majors (CUDA C++ Programming Guide, "Binary Compatibility"): sm_80 code runs on sm_86;
// - PTX JIT forward: PTX built for any older architecture is JIT-compiled by the driver for a newer
//   one (same guide, "PTX Compatibility"), so an older toolkit still reaches a newer GPU through PTX;
// - minor-version compatibility: a toolkit runs, with a limited feature set, on any driver of its
//   major family at or above the family minimum (CUDA Compatibility guide, "Minor Version
//   Compatibility", Table 1: 11.x >= 450.80.02, 12.x >= 525 (525.60.13 in the release notes'
//   Table 2), 13.x >= 580,
//   https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html);
// - architectures a major release dropped: CUDA 12.0 removed Kepler (below 5.0), CUDA 13.0
//   removed Maxwell, Pascal and Volta (below 7.5) (CUDA 12.0 and 13.0 release notes,
//   "Deprecated or Dropped Features"; the 12.9 notes announced the 13.0 removal).
#pragma once

#include <string>
#include <vector>

namespace rigplan::rules {

using Version = std::vector<int>;

Version parse_version(const std::string& s);  // "550.54.14" -> {550, 54, 14}
bool version_less(const Version& a, const Version& b);  // missing fields count as 0: 6.0 == 6.0.0
std::string to_string(const Version& v);
// An NVIDIA driver version as NVIDIA prints it: every field after the branch has two digits
// ("450.36.06", "570.26"; CUDA Toolkit Release Notes, Table 3), where to_string would drop the zero.
std::string driver_to_string(const Version& v);

// First CUDA toolkit supporting compute capability `cc` ("8.6"); empty when unknown.
Version min_cuda_for(const std::string& cc);
// Minimum Linux driver for CUDA toolkit `cuda` (matched on major.minor); empty when unknown.
Version min_driver_for_cuda(const Version& cuda);
// First PyTorch release with prebuilt kernels for `cc`; empty when unknown.
Version min_pytorch_for(const std::string& cc);

// Whether code built for compute capability `built` runs as a cubin on `gpu` (same major, minor
// not above the GPU's). False when either is not "major.minor".
bool binary_compatible(const std::string& built, const std::string& gpu);
// The first CUDA toolkit that builds a cubin `cc` runs: its own row or an older one of the same
// major (binary compatibility); empty when unknown.
Version min_cuda_cubin_for(const std::string& cc);
// The first PyTorch release whose wheels carry a cubin `cc` runs (binary compatibility).
Version min_pytorch_cubin_for(const std::string& cc);
// The compute capability whose cubins the first toolkit of min_cuda_cubin_for(cc) builds for `cc`
// ("10.0" for "10.3"; `cc` itself when that toolkit targets it); "" when unknown.
std::string lowest_compatible_cc(const std::string& cc);
// A compute capability as nvcc's sm_ names spell it: "10.0" -> "100", "8.6" -> "86".
std::string arch_digits(const std::string& cc);
// The lowest compute capability CUDA major release `major` still builds for ("7.5" for 13); ""
// when the release dropped nothing the tables know of.
std::string lowest_cc_built_by(int cuda_major);
// The minimum driver for minor-version compatibility within CUDA major release `major`; empty
// when unknown.
Version min_driver_for_cuda_family(int major);

}  // namespace rigplan::rules

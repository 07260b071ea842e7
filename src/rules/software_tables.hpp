// The software-stack facts the SW rules check against, from NVIDIA's and PyTorch's own pages:
// - the first CUDA toolkit that can build for each compute capability (CUDA C++ Programming
//   Guide, "Compute Capabilities"; CUDA 12.8 release notes for sm_100/sm_120);
// - the minimum Linux driver each CUDA toolkit needs (CUDA Toolkit Release Notes, Table 3
//   "CUDA Toolkit and Corresponding Driver Versions",
//   https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html);
// - the first PyTorch release with prebuilt support for each architecture (PyTorch release
//   notes: 2.7 added Blackwell with CUDA 12.8 wheels; 2.0 shipped CUDA 11.8 wheels for Ada/Hopper;
//   Pascal sm_60/sm_61 from CUDA 8.0, with the 1.0 floor the table uses for Volta).
// The last versions that still support pre-Turing GPUs are SW010's (sw010_legacy_gpu_stack.cpp).
#pragma once

#include <string>
#include <vector>

namespace rigplan::rules {

using Version = std::vector<int>;

Version parse_version(const std::string& s);  // "550.54.14" -> {550, 54, 14}
bool version_less(const Version& a, const Version& b);
std::string to_string(const Version& v);

// First CUDA toolkit supporting compute capability `cc` ("8.6"); empty when unknown.
Version min_cuda_for(const std::string& cc);
// Minimum Linux driver for CUDA toolkit `cuda` (matched on major.minor); empty when unknown.
Version min_driver_for_cuda(const Version& cuda);
// First PyTorch release with prebuilt kernels for `cc`; empty when unknown.
Version min_pytorch_for(const std::string& cc);

}  // namespace rigplan::rules

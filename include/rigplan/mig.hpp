// Sharing one GPU between copies of a job: NVIDIA's Multi-Instance GPU (MIG) profiles, and what a
// copy gets in each. A MIG instance owns `compute_slices` of the GPU's compute slices (7 on A100,
// H100, H200, B200; 4 on A30 and RTX PRO 6000 Blackwell; 2 on RTX PRO 5000 Blackwell) and
// `memory_slices` of its memory slices (8, 4, 2), each memory slice with its share of the memory
// controllers and L2 — so a copy runs at compute_slices/7 of the SMs and memory_slices/8 of the
// memory bandwidth. The profiles and their fractions are the tables of NVIDIA's "Multi-Instance
// GPU User Guide", "Supported MIG Profiles" (docs.nvidia.com/datacenter/tesla/mig-user-guide);
// the "+me" media-extension variants have the same compute and memory and are left out.
#pragma once

#include <string>
#include <vector>

#include "rigplan/parts.hpp"

namespace rigplan {

struct MigProfile {
  std::string name;        // e.g. 3g.20gb
  int compute_slices = 0, compute_total = 0;
  int memory_slices = 0, memory_total = 0;
  int instances = 0;       // how many of this profile one GPU holds at once
  double memory_gib = 0;   // the GPU's memory x memory_slices / memory_total
  double compute_share() const { return compute_total > 0 ? double(compute_slices) / compute_total : 0; }
  double memory_share() const { return memory_total > 0 ? double(memory_slices) / memory_total : 0; }
};

// The GPU's MIG profiles, smallest memory first (then fewest compute slices); empty when the
// GPU has no MIG or its table is not one of the guide's that rigplan carries.
std::vector<MigProfile> mig_profiles(const Gpu& g);

// The GPU as one MIG instance of `p` sees it: memory, bandwidth and throughput scaled.
Gpu mig_slice(const Gpu& g, const MigProfile& p);

}  // namespace rigplan

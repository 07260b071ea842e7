// MIG profiles by the GPU's instance count (see include/rigplan/mig.hpp). The guide's tables:
//  - A100 (SXM4 and PCIe, 40 and 80 GB), H100 (80 and 94 GB), H200 (141 GB), B200 (180 GB): 7
//    compute slices, 8 memory slices. 1g.{M/8} (1/7, 1/8, 7 instances), 1g.{M/4} (1/7, 2/8, 4),
//    2g.{M/4} (2/7, 2/8, 3), 3g.{M/2} (3/7, 4/8, 2), 4g.{M/2} (4/7, 4/8, 1), 7g.{M} (7/7, 8/8, 1):
//    A100-SXM4-40GB 1g.5gb, 1g.10gb, 2g.10gb, 3g.20gb, 4g.20gb, 7g.40gb; H100 80 GB 1g.10gb ...
//    7g.80gb; H200 1g.18gb, 1g.35gb, 2g.35gb, 3g.71gb, 4g.71gb, 7g.141gb.
//  - A30 (24 GB) and RTX PRO 6000 Blackwell (96 GB): 4 and 4. 1g (1/4, 1/4, 4), 2g (2/4, 2/4, 2),
//    4g (4/4, 4/4, 1): A30 1g.6gb, 2g.12gb, 4g.24gb.
//  - RTX PRO 5000 Blackwell (48 GB): 2 and 2. 1g (1/2, 1/2, 2), 2g (2/2, 2/2, 1).
// The profile's name carries its memory in GB rounded (A100 40 GB: 40/8 = 5 -> 1g.5gb; H200 141
// GB: 141/8 = 17.6 -> 1g.18gb). GPUs whose usable memory the guide names differently (B300: 1g.34gb
// of 288 GB) are not carried: their table comes back empty.
#include "rigplan/mig.hpp"

#include <fmt/format.h>

#include <cmath>

namespace rigplan {

namespace {

struct Row { int compute, memory, instances; };
constexpr Row k7[] = {{1, 1, 7}, {1, 2, 4}, {2, 2, 3}, {3, 4, 2}, {4, 4, 1}, {7, 8, 1}};
constexpr Row k4[] = {{1, 1, 4}, {2, 2, 2}, {4, 4, 1}};
constexpr Row k2[] = {{1, 1, 2}, {2, 2, 1}};

// Memory sizes (GB as NVIDIA names them) whose 7-slice table the guide lists.
constexpr double kSevenSliceMemories[] = {40, 80, 94, 96, 141, 180};

}  // namespace

std::vector<MigProfile> mig_profiles(const Gpu& g) {
  std::vector<MigProfile> out;
  auto add = [&](const auto& rows, int compute_total, int memory_total) {
    for (const Row& r : rows) {
      MigProfile p;
      p.compute_slices = r.compute, p.compute_total = compute_total;
      p.memory_slices = r.memory, p.memory_total = memory_total;
      p.instances = r.instances;
      p.memory_gib = g.memory_gib * r.memory / memory_total;
      p.name = fmt::format("{}g.{}gb", r.compute, static_cast<long>(std::floor(g.memory_gib * r.memory / memory_total + 0.5)));
      out.push_back(p);
    }
  };
  if (g.mig_instances == 7) {
    bool known = false;
    for (double m : kSevenSliceMemories) known |= g.memory_gib == m;
    if (known) add(k7, 7, 8);
  } else if (g.mig_instances == 4) {
    add(k4, 4, 4);
  } else if (g.mig_instances == 2) {
    add(k2, 2, 2);
  }
  return out;
}

Gpu mig_slice(const Gpu& g, const MigProfile& p) {
  Gpu s = g;
  double c = p.compute_share(), m = p.memory_share();
  s.memory_gib = p.memory_gib;
  s.memory_bandwidth_gb_s = g.memory_bandwidth_gb_s * m;
  for (std::optional<double>* t : {&s.tflops.fp64, &s.tflops.fp32, &s.tflops.tf32, &s.tflops.fp16, &s.tflops.bf16, &s.tflops.fp8, &s.tflops.fp4,
                                   &s.tflops.int8})
    if (*t) **t *= c;
  return s;
}

}  // namespace rigplan

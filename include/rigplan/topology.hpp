// The predicted `nvidia-smi topo -m` matrix for a build's GPUs and NICs: how traffic between each
// pair of devices travels. Link types (DOMAIN.md, from the nvidia-smi documentation):
//   X    the device itself
//   NV#  a bond of # NVLinks
//   PIX  at most one PCIe bridge (both behind the same switch or chipset)
//   PXB  several PCIe bridges, no host bridge
//   PHB  through a PCIe host bridge (the CPU)
//   NODE across host bridges within one NUMA node
//   SYS  across the inter-socket link (QPI/UPI/Infinity Fabric)
// Prediction rules, from the placement: NVLink-bridged pairs are NV<links>; devices on different
// CPU sockets are SYS; two devices both behind the chipset (or the same PLX switch) are PIX; a
// chipset device and a CPU device are PHB; two CPU-attached devices are NODE on platforms whose
// root ports sit on separate host bridges (Threadripper, EPYC, Xeon: 48+ CPU lanes) and PHB on
// desktop CPUs, whose x16 link is bifurcated from one root complex.
#pragma once

#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/placement.hpp"

namespace rigplan {

struct Topology {
  std::vector<std::string> devices;             // "GPU0", "GPU1", ..., "NIC0", ...
  std::vector<std::string> parts;               // part id per device
  std::vector<std::vector<std::string>> links;  // links[i][j]
};

inline constexpr int kServerRootPortLanes = 48;  // CPUs with at least this many lanes: NODE, not PHB

Topology predict_topology(const Build& b, const Placement& p);

}  // namespace rigplan

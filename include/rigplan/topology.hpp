// The predicted `nvidia-smi topo -m` matrix for a build's GPUs and NICs: how traffic between each
// pair of devices travels, and each device's CPU and NUMA affinity. Link types (nvidia-smi(1),
// `topo -m` legend):
//   X    the device itself
//   NV#  a bond of # NVLinks
//   PIX  at most one PCIe bridge (both behind the same switch or chipset)
//   PXB  several PCIe bridges, no host bridge
//   PHB  through a PCIe host bridge (the CPU)
//   NODE across host bridges within one NUMA node
//   SYS  across the inter-socket link (QPI/UPI/Infinity Fabric)
// Prediction rules, from the placement: a pair of GPUs is NV<links> only where the rules accept
// its bridge (nvlink_pairs below: the card has NVLink by bridge, the bridge is sold for it, one
// GPU model, the slots are the bridge's spacing apart) — a bridge on cards without NVLink joins
// nothing; devices on different CPU sockets are SYS; two devices both behind the chipset (or the
// same PLX switch) are PIX; a chipset device and a CPU device are PHB; two CPU-attached devices
// are NODE on platforms whose root ports sit on separate host bridges (Threadripper, EPYC, Xeon:
// 48+ CPU lanes) and PHB on desktop CPUs, whose x16 link is bifurcated from one root complex.
//
// Affinity columns, as nvidia-smi prints them from NVML (nvmlDeviceGetCpuAffinity and
// nvmlDeviceGetMemoryAffinity, https://docs.nvidia.com/deploy/nvml-api/group__nvmlAffinity.html):
// "CPU Affinity" is the logical CPUs of the socket whose root port the device hangs off (chipset
// devices: socket 0), written as Linux numbers them — each socket's first hardware threads in
// socket order, then the SMT siblings in the same order ("0-9,20-29" on 2 × 10 cores); "NUMA
// Affinity" is that socket's node. One NUMA node per socket is assumed (kNumaNodesPerSocket: AMD
// NPS1 and Intel SNC off, the BIOS defaults); other settings split a socket into more nodes.
#pragma once

#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/p2p.hpp"
#include "rigplan/placement.hpp"

namespace rigplan {

inline constexpr int kNumaNodesPerSocket = 1;

// Two GPUs (placement.cards indices, in slot order) that a bridge of the build would join: the
// bridged pairs are the placed GPUs in slot order, two by two, one bridge each.
struct NvlinkPair {
  int a = 0, b = 0;            // indices into Placement::cards
  std::string slot_a, slot_b;
  int gap = 0;                 // openings between the two slots
  std::string bridge;          // the bridge part this pair gets (several models: the one that spans it)
  bool joined = false;         // the rules accept this link (else `why` says what stops it)
  int links = 0;               // NVLinks in the bond when joined
  std::string why;
};
std::vector<NvlinkPair> nvlink_pairs(const Build& b, const Placement& p);

struct Topology {
  std::vector<std::string> devices;             // "GPU0", "GPU1", ..., "NIC0", ...
  std::vector<std::string> parts;               // part id per device
  std::vector<std::vector<std::string>> links;  // links[i][j]
  std::vector<std::string> cpu_affinity;        // per device: "0-31", "N/A" when unknown
  std::vector<std::string> numa_affinity;       // per device: "0", "N/A" when unknown
  std::vector<NvlinkPair> nvlink;               // the bridged pairs, joined or not
  P2pMatrix p2p;                                // `nvidia-smi topo -p2p r` over the GPUs (rigplan/p2p.hpp)
};

inline constexpr int kServerRootPortLanes = 48;  // CPUs with at least this many lanes: NODE, not PHB

Topology predict_topology(const Build& b, const Placement& p);
// Linux logical CPU numbers of one socket, as nvidia-smi prints them: "0-9,20-29".
std::string socket_cpu_list(int cores, int threads, int sockets, int socket);

}  // namespace rigplan

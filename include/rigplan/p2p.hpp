// Peer-to-peer between GPUs: whether two cards of a build can read and write each other's memory
// directly (CUDA peer access, what NCCL's P2P transport needs), as `nvidia-smi topo -p2p r`
// reports it on NVIDIA's stock driver. Without it NCCL stages every copy through host memory (its
// SHM transport): collectives run at a fraction of the PCIe link, and all-reduce hangs and locked-up
// tensor-parallel serving are widely reported until NCCL_P2P_DISABLE=1 is set.
//
// What decides it is product policy, not the link: NVIDIA's driver refuses PCIe peer access on
// GeForce RTX 40 and RTX 50 cards, and on some platforms (the host bridge is not in the driver's
// peer-access table) for other GeForce cards too; professional and data-centre cards have it.
// The sourced rows are in src/builds/p2p_table.cpp (one source per row); a card no row names is
// Unknown and is trusted (no finding, P2P assumed), as before this model. An NVLink bridge the rules
// accept (topology.hpp) gives the pair P2P over NVLink whatever PCIe allows. A build may state what
// its machine does (`software.p2p`: a patched driver, or NCCL_P2P_DISABLE=1), which wins.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/placement.hpp"

namespace rigplan {

struct NvlinkPair;

// nvidia-smi's P2P status codes (`topo -p2p r` legend).
enum class P2pStatus { Ok, ChipsetNotSupported, GpuNotSupported, NotSupported, Unknown };
const char* p2p_code(P2pStatus s);  // "OK", "CNS", "GNS", "NS", "U"

// One row of the table: cards of `vendor` whose catalog name carries `product_line` (e.g.
// "GeForce") and whose architecture is `architecture`, on CPUs of one of `sockets` ("" = any
// platform), get `status` over PCIe on NVIDIA's stock driver.
struct P2pRow {
  std::string_view vendor, product_line, architecture;
  std::vector<std::string_view> sockets;
  P2pStatus status;
  std::string_view reason;  // what the source says, in one clause
  std::string_view source;
};
const std::vector<P2pRow>& p2p_table();

// One card on one platform (the CPU socket; "" = unknown) over PCIe: the first row that matches,
// or Ok for NVIDIA cards outside the GeForce line, Unknown otherwise. `row` is null when no row
// decided it.
struct P2pVerdict {
  P2pStatus status = P2pStatus::Unknown;
  const P2pRow* row = nullptr;
};
P2pVerdict pcie_p2p(const Gpu& g, const std::string& socket);

// The predicted `nvidia-smi topo -p2p r` matrix over a build's GPUs (placement order, as GPU0..).
struct P2pMatrix {
  std::vector<std::vector<P2pStatus>> status;  // [i][j]; the diagonal is Ok and printed "X"
  std::vector<std::string> notes;              // why each card or pair lost it, with the source
  bool stated = false;                         // the build's software.p2p decided (no prediction)
};
P2pMatrix predict_p2p(const Build& b, const Placement& p, const std::vector<NvlinkPair>& nvlink);

// True when every pair of the build's GPUs can reach each other peer to peer (Unknown counts as
// able, as nvidia-smi's "U" says nothing is known against it); false when one pair cannot, so
// that NCCL's ring stages copies through host memory.
bool gpus_peer_to_peer(const Build& b, const Placement& p);
// The same for `count` cards of one model on an unknown platform (`size --gpu`, the planner before
// a board is chosen): only the GPU's own rows (those for any platform) apply.
bool gpus_peer_to_peer(const Gpu& g, int count);

}  // namespace rigplan

// The peer-to-peer table (see include/rigplan/p2p.hpp): which cards NVIDIA's stock driver refuses
// PCIe peer access, per product line, architecture and platform, one source per row. The first row
// that matches a card decides; NVIDIA cards outside the GeForce line have P2P (NVIDIA's statement
// in the RTX 50 row: P2P is for the professional and data-centre lines). A card no row names is
// Unknown. A build whose machine differs (a driver patched for P2P, such as the open kernel
// modules forks that enable it on RTX 40 and 50 cards) says so with software.p2p.
#include "rigplan/p2p.hpp"

namespace rigplan {

const std::vector<P2pRow>& p2p_table() {
  static const std::vector<P2pRow> rows = {
      {"nvidia", "GeForce", "ada", {}, P2pStatus::NotSupported,
       "NVIDIA: peer to peer is not supported on the RTX 4090 (early drivers reported it and copied "
       "wrong data; later ones report it unsupported)",
       "NVIDIA developer forum, 'Standard nVidia CUDA tests fail with dual RTX 4090 Linux box' "
       "(forums.developer.nvidia.com/t/233202, NVIDIA's reply, Feb 2023); NCCL all_reduce_perf hangs on "
       "4x RTX 4090 until NCCL_P2P_DISABLE=1 (github.com/NVIDIA/nccl-tests/issues/117)"},
      {"nvidia", "GeForce", "blackwell", {}, P2pStatus::GpuNotSupported,
       "NVIDIA: RTX 50 series cards are GeForce GPUs and do not support GPU-to-GPU P2P; P2P is for the "
       "professional (RTX PRO) and data-centre lines",
       "NVIDIA developer forum, 'P2P issue using two RTX 5090 GPUs' (forums.developer.nvidia.com/t/326776, "
       "driver 570.124.06, Mar 2025); `topo -p2p` GNS on 2x RTX 5090 (github.com/noonghunna/club-3090/"
       "issues/1124 and /1130); vLLM disables its custom all-reduce on 2x RTX 5090 "
       "(github.com/vllm-project/vllm/issues/14628)"},
      {"nvidia", "GeForce", "ampere", {"SP3"}, P2pStatus::ChipsetNotSupported,
       "RTX 30 cards on EPYC 7002/7003 (SP3) boards report 'chipset not supported' for PCIe peer access",
       "`nvidia-smi topo -p2p rw` CNS on 2x RTX 3090 on an ASRock Rack ROMED8-2T (SP3) with the proprietary "
       "driver (github.com/noonghunna/club-3090/issues/734); 8x RTX 3090 server without P2P "
       "(github.com/NVIDIA/nccl/issues/1127)"},
      {"nvidia", "GeForce", "ampere", {}, P2pStatus::Ok,
       "RTX 30 cards keep peer access over PCIe on desktop and workstation platforms, and over an NVLink bridge",
       "Hugging Face Accelerate stopped disabling P2P on the RTX 3090 once confirmed that only the RTX 40 "
       "series lacks it (github.com/huggingface/accelerate/issues/2328); NVIDIA/nccl#1127 (P2P back on 2x "
       "RTX 3090 with driver 535)"},
  };
  return rows;
}

}  // namespace rigplan

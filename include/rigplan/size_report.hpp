// Sizing a workload on hardware: the GPUs (a catalog GPU and a count, or a build's placed cards
// and their real links), whether it fits, time to train, traffic per step, inference bounds,
// and the search answers a user asks next — the fewest GPUs at each ZeRO stage, the smallest
// catalog GPU that fits, the largest micro-batch or context that fits.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/sizing.hpp"

namespace rigplan {

struct Hardware {
  const Gpu* gpu = nullptr;
  int count = 1;
  Link link;             // what the gradient all-reduce runs over
  Link nvlink;           // what NVLink would give (kind "" when the GPU has none)
  std::string source;    // "--gpu" or the build file
};

// One node of `count` GPUs: NVLink when the GPU has it and one domain joins them all; else PCIe
// at the card's own link (peer to peer, or host-staged when p2p is false).
Hardware hardware_from_gpu(const Gpu& g, int count, bool p2p, const SizingAssumptions& a = {});
// A build's GPUs as placed: NVLink only across a bridge, else the slowest placed PCIe link.
Hardware hardware_from_build(const Build& b, const Placement& p, bool p2p, const SizingAssumptions& a = {});

// Dense peak TFLOPS of `g` at a training/inference precision (fp32 uses the fp32 figure).
double peak_tflops(const Gpu& g, const std::string& precision);

// Time to train `w.tokens` on `w.gpus()` GPUs of model `g` whose gradient all-reduce runs over
// `link`: compute at the dense peak × MFU, plus the all-reduce time not hidden behind the last
// micro-batch's backward pass (DDP overlaps the two; Li et al. 2020, "PyTorch Distributed",
// §3.2.3). Training and LoRA only; zeros for inference or without tokens.
struct TrainTime {
  Communication comm;
  double exposed_seconds_per_step = 0;
  double steps = 0, compute_seconds = 0, seconds = 0;
};
TrainTime train_time(const Workload& w, const Gpu& g, const Link& link, const SizingAssumptions& a = {});

struct SizeReport {
  Workload workload;
  MemoryBreakdown memory;
  Compute compute;
  std::optional<Hardware> hardware;
  bool fits = false;
  double gpu_bytes = 0;
  double mfu = 0;
  double seconds = 0;  // time to train `tokens` (0 without tokens or hardware), exposed traffic included
  double compute_seconds = 0;  // the compute part of `seconds`
  double steps = 0;            // optimizer steps: tokens / (global batch x sequence)
  Communication comm, comm_nvlink;
  // All-reduce time not hidden behind the last micro-batch's backward pass (DDP overlaps the two;
  // Li et al. 2020, "PyTorch Distributed", §3.2.3): max(0, comm − backward of one micro-batch).
  double exposed_seconds_per_step = 0, exposed_nvlink_seconds_per_step = 0;
  std::optional<Inference> inference;
  std::vector<int> fewest_gpus_by_zero;  // index = ZeRO stage; 0 = none fits up to the search cap
  std::string smallest_gpu;              // catalog id, "" when none fits
  int max_micro_batch = 0;               // training / LoRA
  int max_context = 0;                   // inference
  int copies_per_gpu = 0;                // how many copies of this job share one GPU
  double mig_instance_gib = 0;           // memory of the smallest MIG instance (0 = no MIG)
  int mig_copies = 0;                    // MIG instances this job fits in, one copy each
};

// Memory of the smallest MIG instance: memory is split in 8 slices on 7-instance GPUs (A100/H100
// 1g.10gb on 80 GB), in `instances` slices otherwise (A30 1g.6gb, RTX PRO 6000 1g.24gb) — NVIDIA
// Multi-Instance GPU user guide, supported profiles.
double mig_instance_gib(const Gpu& g);

inline constexpr int kMaxDataParallelSearch = 4096;

// Catalog GPUs by memory, then id: the order the smallest-GPU search walks.
std::vector<const Gpu*> gpus_by_memory(const Catalog& catalog);

// The follow-up searches are most of a sizing's cost; a caller that will not show one (a sweep
// whose metrics do not name it) turns it off, and the report leaves its answer empty.
struct SizeSearches {
  bool fewest_gpus = true, smallest_gpu = true, largest_fit = true;
  const std::vector<const Gpu*>* gpus_by_memory = nullptr;  // precomputed order; nullptr = sort here
};

SizeReport size_workload(const Workload& w, const std::optional<Hardware>& hw, const Catalog& catalog,
                         const SizingAssumptions& a = {}, const SizeSearches& searches = {});

}  // namespace rigplan

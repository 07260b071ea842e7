// Sizing a workload on hardware: the GPUs (a catalog GPU and a count, or a build's placed cards
// and their real links), whether it fits, time to train, traffic per step, inference bounds,
// and the search answers a user asks next — the fewest GPUs at each ZeRO stage, the smallest
// catalog GPU that fits, the largest micro-batch or context that fits.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/machine_option.hpp"
#include "rigplan/mig.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/sizing.hpp"

namespace rigplan {


struct Hardware {
  const Gpu* gpu = nullptr;
  int count = 1;
  Link link;             // what the gradient all-reduce runs over
  Link nvlink;           // what NVLink would give (kind "" when the GPU has none)
  std::string source;    // "--gpu" or the build file
  int gpus_per_node = 0; // GPUs sharing `link`; more than that talk over the network (0 = count)
  double inter_gb_s = 0; // network per GPU between nodes (0 = PerfAssumptions::network_gb_s_per_gpu)
  // A unified-memory machine (`--system`): `gpu` is its GPU as the model sees a discrete one
  // (include/rigplan/unified.hpp), owned here so that copies of the hardware keep it alive.
  const UnifiedSystem* system = nullptr;
  std::shared_ptr<const Gpu> owned_gpu;
};

// `count` GPUs: NVLink when the GPU has it and one domain joins them all; else PCIe at the card's
// own link (peer to peer, or host-staged when p2p is false or the driver refuses these cards peer
// access: GeForce RTX 40/50, rigplan/p2p.hpp). More GPUs than one NVLink domain (or than
// kPcieGpusPerNode PCIe cards) are nodes joined by the network.
Hardware hardware_from_gpu(const Gpu& g, int count, bool p2p, const SizingAssumptions& a = {});
// A build's GPUs as placed: NVLink only across a bridge, else the slowest placed PCIe link;
// host-staged when p2p is false or a pair of the build's GPUs has no peer access (gpus_peer_to_peer:
// the GPU family and platform, or the build's software.p2p).
Hardware hardware_from_build(const Build& b, const Placement& p, bool p2p, const SizingAssumptions& a = {});

inline constexpr int kPcieGpusPerNode = 8;  // PCIe cards one server holds (a typical 8-GPU chassis)

// The performance model's view of the hardware: the link inside a node, the network between
// nodes (assumed per PerfAssumptions when the hardware does not say), the card's host link.
PerfSystem perf_system(const Hardware& hw, const SizingAssumptions& a = {});

// Time to train `w.tokens` on `w.gpus()` GPUs of `s`. Without an MFU from the user, each step
// takes the performance model's predicted time (include/rigplan/perf.hpp) and the MFU is the
// model's. With one, compute is the model FLOPs (6·N·D, 4·N·D for LoRA; recomputation is not
// model work) at the dense peak × MFU, plus the data-parallel all-reduce not hidden behind the
// last micro-batch's backward pass (Li et al. 2020, "PyTorch Distributed", §3.2.3).
// Training and LoRA only; zeros for inference or without tokens.
struct TrainTime {
  Communication comm;
  double exposed_seconds_per_step = 0;
  double steps = 0, compute_seconds = 0, seconds = 0;
  double mfu = 0;          // the one used: the user's, or the predicted one
  bool predicted = false;  // the step model gave the time
  StepBreakdown step;      // the step model's breakdown (also when an MFU was given)
};
TrainTime train_time(const Workload& w, const PerfSystem& s, const SizingAssumptions& a = {});

struct SizeReport {
  Workload workload;
  MemoryBreakdown memory;
  Compute compute;
  std::optional<Hardware> hardware;
  bool fits = false;
  double gpu_bytes = 0;
  double mfu = 0;
  bool mfu_predicted = false;  // mfu comes from the performance model, not the user
  std::string step_why_not;    // why the performance model could not predict (default MFU used)
  std::optional<StepBreakdown> step;     // predicted training step (hardware given, training)
  // The GPU's large-GEMM efficiency in the workload's precision and the factor its measured GEMM
  // rate put on it (1 = none: no measurement on record, or not a 16-bit NVIDIA GEMM).
  double gemm_efficiency = 0, gemm_measured_scale = 1;
  // The bandwidths of the step's memory-bound ops where it runs the model's own PyTorch ops and the
  // SMs cap them below the memory's (absent otherwise).
  std::optional<OpBandwidths> eager_ops_capped;
  std::optional<InferencePerf> serving;  // predicted inference speed (hardware given, inference)
  std::optional<SearchResult> search;    // the parallelism search, when asked
  PerfSystem system;                     // the hardware as the performance model saw it
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
  double mig_instance_gib = 0;           // memory of the MIG profile named (0 = no MIG)
  int mig_copies = 0;                    // MIG instances of the smallest profile that fits, one copy each
  // Every MIG profile of the GPU's table (include/rigplan/mig.hpp), whether one copy fits and its
  // predicted rate there: training tokens/s, or inference output tokens/s at the batch.
  struct MigOption {
    MigProfile profile;
    bool fits = false;
    double tokens_per_s = 0;
  };
  std::vector<MigOption> mig;
  int mig_smallest = -1;                 // index into mig of the smallest profile that fits
  double tokens_per_s = 0;               // one copy alone on the whole GPU
  double shared_tokens_per_s = 0;        // each of copies_per_gpu copies sharing it (MPS, time-slicing)
  // Inference without hardware: the unified-memory machines and the cheapest discrete-GPU options
  // that hold one copy, side by side (include/rigplan/unified.hpp); `machines_listed` when asked.
  std::vector<MachineOption> machines;
  bool machines_listed = false;
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
  bool fewest_gpus = true, smallest_gpu = true, largest_fit = true, machines = true;
  const std::vector<const Gpu*>* gpus_by_memory = nullptr;  // precomputed order; nullptr = sort here
};

SizeReport size_workload(const Workload& w, const std::optional<Hardware>& hw, const Catalog& catalog,
                         const SizingAssumptions& a = {}, const SizeSearches& searches = {});

}  // namespace rigplan

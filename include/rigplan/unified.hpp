// Unified-memory machines in the sizing model. A DGX Spark or a Ryzen AI Max mini PC has one
// memory that CPU and GPU share; for a model that lives in it, the GPU behaves as a discrete GPU
// whose "VRAM" is the machine's memory less what the operating system keeps
// (PerfAssumptions::unified_os_reserve_gib) and whose memory bandwidth is the shared memory's. So
// the machine enters the existing performance model as such a GPU — decode is bound by that
// bandwidth (Pope et al. 2022, "Efficiently Scaling Transformer Inference", §2-3), prefill by the
// GPU's peak — and no separate model is needed. One machine is one GPU: no NVLink, no PCIe link.
//
// `machine_options` answers "which box runs this model, for how much": every unified-memory
// machine of the catalog, and for each priced catalog GPU the fewest cards (1, 2, 4 or 8, tensor
// parallel) that hold one copy, each with its predicted decode speed and price; a discrete
// option's price is the cards' alone (a lower bound of the build), as its row says.
#pragma once

#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

// The machine's GPU as the model sees a discrete one (memory_gib: the machine's less the reserve).
Gpu unified_gpu(const UnifiedSystem& u, const PerfAssumptions& a = {});
// `size --system ID`: one GPU, owned by the returned hardware.
Hardware hardware_from_system(const UnifiedSystem& u, const SizingAssumptions& a = {});

// Card counts tried for a discrete option: tensor-parallel degrees of one machine.
inline constexpr int kMachineCardCounts[] = {1, 2, 4, 8};
// Discrete options shown: the cheapest this many (the unified machines are all shown).
inline constexpr int kMachineDiscreteShown = 3;

// Inference workloads only (empty otherwise): the unified machines (fitting or not, price order)
// and the kMachineDiscreteShown cheapest priced discrete options that fit, ordered by price
// (unpriced last, then id).
std::vector<MachineOption> machine_options(const Workload& w, const Catalog& c, const SizingAssumptions& a = {});
// The unified machines alone, in the same order: what `plan` lists beside the builds it ranks.
std::vector<MachineOption> unified_machine_options(const Workload& w, const Catalog& c, const SizingAssumptions& a = {});

}  // namespace rigplan

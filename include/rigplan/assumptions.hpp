// The rules of thumb rigplan's checks rest on, each a named value with its unit, its source and
// a default the user can override (`--assume NAME=VALUE`). A limit that comes from a standard
// (the PCIe connector ratings, the NEC 80 % rule) is a constant in the rule that uses it; what
// is judgement lives here, in the open.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rigplan {

struct Assumptions {
  // GPU power excursions over the card's board power. Igor's Lab measured an RTX 5090 FE (575 W)
  // at 738 W for up to 10 ms and 901 W for under 1 ms, i.e. 1.28x and 1.57x (reported at
  // https://www.slashgear.com/1902896/rtx-5090-how-much-power-can-pull-nvidia-geforce-gpu/), and
  // similar sub-10 ms peaks on the RTX 3090 (https://hardzone.es/noticias/tarjetas-graficas/nvidia-rtx-3090-fuente-alimentacion-750-vatios/).
  // ATX 3.x PSUs are specified to ride through 200 % of rated power for 100 us; ATX 2.x PSUs
  // have no such requirement and may trip over-current protection.
  double gpu_transient_factor = 1.6;
  // Board, memory, fans and USB of a desktop, watts (rule of thumb; drives and NICs are counted
  // from their catalog figures on top).
  double platform_w = 75;
  // Share of the PSU's rating a build may load it with before PWR005 warns: D2L ("Selecting
  // servers and GPUs") advises headroom because a poor or overloaded PSU gives unstable voltage.
  double psu_max_load = 0.8;
  // Share of the CPUs' package power drawn during the workload, for the wall draw against the
  // outlet (PWR003) only. 0.5 models a GPU-bound training loop: one process per GPU (PyTorch
  // DistributedDataParallel's layout) and its data-loader workers keep some cores busy, not all
  // of them at full clocks; an estimate, not a measurement. 1 models an all-core load such as
  // compiling. The PSU checks keep the CPUs at full package power: a PSU must carry the peak,
  // while a breaker's thermal trip follows the sustained average (issue 15: a documented
  // 4 x 280 W rig ran on a US 15 A circuit).
  double cpu_load = 0.5;
};

struct AssumptionDoc {
  std::string_view name, unit, doc;
  double Assumptions::*field;
};

const std::vector<AssumptionDoc>& assumption_docs();

// Applies "name=value"; returns an error message, or nullopt on success.
std::optional<std::string> set_assumption(Assumptions& a, std::string_view assignment);

}  // namespace rigplan

// The rules of thumb rigplan's checks rest on, each a named value with its unit, its source and
// a default the user can override (`--assume NAME=VALUE`). A limit that comes from a standard
// (the PCIe connector ratings, the NEC 80 % rule) is a constant in the rule that uses it; what
// is judgement lives here, in the open.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/named_constant.hpp"

namespace rigplan {

// The range of every rule-engine assumption's value (`--assume NAME=VALUE`, a plan's "assume";
// the names are assumption_docs()).
inline constexpr double kAssumptionMin = 0, kAssumptionMax = 100000;

struct Assumptions {
  // GPU power excursions over the card's power limit (its TDP when none is set), on two time
  // scales: under 1 ms (what ATX 3.x's 200 %-for-100-us allowance covers) and 1-10 ms (what a
  // PSU's over-current protection, which filters over milliseconds, acts on). The card's power
  // controller regulates to its limit, so the excursions are taken to scale with the limit.
  // Per generation where a measurement exists, else the generic figures:
  // - Blackwell: Igor's Lab measured an RTX 5090 FE (575 W) at 738 W for up to 10 ms and 901 W
  //   under 1 ms, 1.28x and 1.57x (reported at
  //   https://www.slashgear.com/1902896/rtx-5090-how-much-power-can-pull-nvidia-geforce-gpu/).
  // - Ampere: Igor's Lab's interval measurements of the RTX 3090 FE (350 W; 10-20, 5-10, 1-5 and
  //   under 1 ms, https://hardzone.es/noticias/tarjetas-graficas/nvidia-rtx-3090-fuente-alimentacion-750-vatios/)
  //   led to its advice to budget 460-500 W for the card, 1.33x over 1-10 ms; its sub-millisecond
  //   spikes reach about twice the board power.
  // - Others: the generic figures, 1.6x under 1 ms and 1.3x over 1-10 ms.
  double gpu_transient_factor = 1.6;     // generic, under 1 ms
  double gpu_transient_ms_factor = 1.3;  // generic, 1-10 ms
  double transient_ampere_us = 2.0, transient_ampere_ms = 1.33;
  double transient_blackwell_us = 1.57, transient_blackwell_ms = 1.28;
  // Where an ATX 2.x unit's over-current protection trips, as a share of its rating, for the
  // 1-10 ms peak. ATX12V 2.x states no excursion allowance, but units ride short peaks above
  // their rating until OCP trips. Calibrated on Puget Systems' 4 x RTX 3090 on one EVGA 1600 W
  // unit (Xeon W-2255, 165 W): it ran at a 300 W limit (1-10 ms peak 1836 W by the figures above)
  // and Kinghorn's at 280 W (1730 W), and shut down at the stock 350 W (2102 W): any margin from
  // 1.15 to 1.31 gives those outcomes; 1.2 sits inside.
  double atx2_ocp_margin = 1.2;
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

// The registry behind `--assume` (one type with `--perf`'s: rigplan/named_constant.hpp).
using AssumptionDoc = NamedConstant<Assumptions>;

const std::vector<AssumptionDoc>& assumption_docs();

// Applies "name=value"; returns an error message, or nullopt on success.
std::optional<std::string> set_assumption(Assumptions& a, std::string_view assignment);

}  // namespace rigplan

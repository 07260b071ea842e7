// The power budget of a build: what each part draws at the wall side of the PSU (DC), the
// sustained total, the transient peak, the PSU's rating at the outlet's voltage, the wall draw
// after conversion losses, and the outlet's continuous limit. Computed once per check and shared
// by the PWR and CON rules and the report.
#pragma once

#include <string>
#include <vector>

#include "rigplan/assumptions.hpp"
#include "rigplan/build.hpp"

namespace rigplan {

struct PowerLine {
  std::string part;  // part id, or "platform"
  int count = 1;
  double each_w = 0;
  double total_w = 0;
  bool known = true;  // false: the catalog has no power figure for the part (counted as 0 W)
};

struct PowerBudget {
  std::vector<PowerLine> lines;
  double gpu_w = 0;        // all GPUs at their budgeted power
  double sustained_w = 0;  // DC load, everything at its sustained maximum
  double transient_w = 0;  // DC load with the GPUs at their excursion peak
  // PSU rating at the outlet's voltage of the modules that carry the load: psu_count less the
  // redundant ones (Build::psu_carrying); 0 = no PSU, or not rated for this voltage.
  double psu_w = 0;
  double psu_all_w = 0;    // every installed module together (psu_w when nothing is redundant)
  bool psu_input_ok = true;  // the PSU is rated for the outlet's voltage (PWR006 when not)
  double efficiency = 0;   // PSU efficiency assumed at this load (0 = no PSU)
  double cpu_w = 0;        // the CPUs at full package power (part of sustained_w)
  double cpu_load = 1;     // share of cpu_w the workload draws (assumption cpu_load)
  // The wall draw: the one AC figure every output shows (the power table, PWR003, the planner's
  // WALL, tco's energy, the HTML report, the heat output). The DC load while the workload runs
  // (sustained_w with the CPUs at cpu_load x package power: a GPU-bound training loop does not hold
  // every core at its package limit) over the PSU's efficiency.
  double workload_dc_w = 0;  // sustained_w less the CPUs' unused share, cpu_w x (1 - cpu_load)
  double wall_w = 0;         // workload_dc_w / efficiency
  // What-if for PWR003's warning only: the wall draw with the CPUs at full package power too (an
  // all-core compile beside the GPUs), sustained_w / efficiency.
  double wall_all_core_w = 0;
  double outlet_w = 0;     // the outlet's continuous limit (0 = no outlet)
  bool complete() const {  // every line has a known power figure (else the totals are lower bounds)
    for (const auto& l : lines)
      if (!l.known) return false;
    return true;
  }
};

// Heat a machine gives off: every watt it draws at the wall ends as heat in the room. 1 BTU(IT)/h
// = 0.29307107 W (NIST Special Publication 811, Appendix B.8), so 1 W = 3.412 BTU/h.
inline constexpr double kWattsPerBtuPerHour = 0.29307107;
inline double heat_btu_per_hour(double watts) { return watts / kWattsPerBtuPerHour; }

// 80 PLUS efficiency at 50 % load, 115 V internal, per level (CLEAResult 80 PLUS program
// requirements, https://www.clearesult.com/80plus/program-details): 80plus 80 %, bronze 85 %,
// silver 88 %, gold 90 %, platinum 92 %, titanium 94 %. Unknown levels read as 80 %.
double psu_efficiency(const std::string& level);

PowerBudget power_budget(const Build& b, const Assumptions& a);

}  // namespace rigplan

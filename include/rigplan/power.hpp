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

// The 80 PLUS input categories (see psu_efficiency below).
enum class EightyPlusCategory { Internal115V, Internal230VEu, Internal230V };

struct PowerLine {
  std::string part;  // part id, or "platform"
  int count = 1;
  double each_w = 0;
  double total_w = 0;
  bool known = true;  // false: the catalog has no power figure for the part (counted as 0 W)
};

// One PSU group's share of the load (Build::psu_groups): its GPUs, and for the group that feeds
// the platform everything else; its units' rating at its outlet's voltage; its wall draw.
struct GroupPower {
  std::string name, circuit;
  const Psu* psu = nullptr;  // the model of its units
  const Outlet* outlet = nullptr;
  int psus = 1;
  bool platform = false;
  double gpu_w = 0, sustained_w = 0, transient_w = 0, transient_ms_w = 0;
  double psu_w = 0;  // its units' rating at its outlet's voltage (0 = not rated for it)
  bool psu_input_ok = true;
  EightyPlusCategory efficiency_category = EightyPlusCategory::Internal115V;
  double efficiency = 0, workload_dc_w = 0, wall_w = 0, wall_all_core_w = 0;
};

// One branch circuit and the groups on it: their wall draws together against its continuous
// limit (the lowest of its outlets').
struct CircuitPower {
  std::string name;
  const Outlet* outlet = nullptr;
  double limit_w = 0, wall_w = 0, wall_all_core_w = 0;
  std::vector<std::string> groups;
};

struct PowerBudget {
  std::vector<PowerLine> lines;
  double gpu_w = 0;        // all GPUs at their budgeted power
  double sustained_w = 0;  // DC load, everything at its sustained maximum
  double transient_w = 0;     // DC load with the GPUs at their excursion peak under 1 ms
  double transient_ms_w = 0;  // DC load with the GPUs at their 1-10 ms peak (what OCP acts on)
  // PSU rating at the outlet's voltage of the modules that carry the load: psu_count less the
  // redundant ones (Build::psu_carrying); 0 = no PSU, or not rated for this voltage. With PSU
  // groups, the groups' units together, each at its own outlet's voltage.
  double psu_w = 0;
  double psu_all_w = 0;    // every installed module together (psu_w when nothing is redundant)
  bool psu_input_ok = true;  // the PSU is rated for the outlet's voltage (PWR006 when not)
  double efficiency = 0;   // PSU efficiency at the workload's load and the outlet's voltage (0 = no PSU)
  EightyPlusCategory efficiency_category{};  // the 80 PLUS input category it was read from
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
  // With PSU groups: each group's and each circuit's figures (empty without groups). wall_w and
  // wall_all_core_w are then the groups' sums, and efficiency the ratio of DC to wall.
  std::vector<GroupPower> groups;
  std::vector<CircuitPower> circuits;
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

// PSU efficiency per the 80 PLUS program's requirements (src/power/psu_efficiency.cpp): by
// level, input category and load share (DC load / rating), interpolated between the program's
// 20 %, 50 % and 100 % points.
inline constexpr double kLowLineMaxVolts = 180;  // below: a 100-127 V outlet (the 115 V category)
EightyPlusCategory eighty_plus_category(const Psu& psu, double volts);
const char* eighty_plus_category_name(EightyPlusCategory c);
double psu_efficiency(const std::string& level, EightyPlusCategory cat, double load_share);
// The level's 50 % figure at 115 V: an order of levels (the planner's PSU dominance). Unknown
// levels read as 80 %.
double psu_efficiency(const std::string& level);

// A GPU's excursion factors over its power limit: under 1 ms and over 1-10 ms, from its
// generation's measured figures where the assumptions have them, else the generic ones.
struct TransientFactors {
  double us = 1, ms = 1;
};
TransientFactors gpu_transient_factors(const Gpu& g, const Assumptions& a);

PowerBudget power_budget(const Build& b, const Assumptions& a);

}  // namespace rigplan

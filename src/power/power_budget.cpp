// The power model (see include/rigplan/power.hpp).
#include "rigplan/power.hpp"

#include <algorithm>

namespace rigplan {

double psu_efficiency(const std::string& level) {
  if (level == "bronze") return 0.85;
  if (level == "silver") return 0.88;
  if (level == "gold") return 0.90;
  if (level == "platinum") return 0.92;
  if (level == "titanium") return 0.94;
  return 0.80;
}

PowerBudget power_budget(const Build& b, const Assumptions& a) {
  PowerBudget p;
  auto add = [&](const std::string& id, int count, double each) {
    p.lines.push_back({id, count, each, each * count});
    p.sustained_w += each * count;
  };
  for (const auto& g : b.gpus) {
    double w = Build::card_power_w(g);
    add(g.part->id, g.count, w);
    p.gpu_w += w * g.count;
  }
  if (b.cpu) {
    add(b.cpu->id, b.cpu_count, b.cpu->package_power_w);
    p.cpu_w = b.cpu->package_power_w * b.cpu_count;
  }
  p.cpu_load = a.cpu_load;
  // A drive or NIC whose power no source states is shown as unknown and counted as 0 W: the totals
  // become lower bounds, and every output says so.
  auto add_maybe = [&](const std::string& id, int count, const std::optional<double>& each) {
    add(id, count, each.value_or(0));
    if (!each) p.lines.back().known = false;
  };
  for (const auto& s : b.storage) add_maybe(s.part->id, s.count, s.part->power_w);
  for (const auto& n : b.nics) add_maybe(n.part->id, n.count, n.part->power_w);
  add("platform", 1, a.platform_w);
  p.transient_w = p.sustained_w + p.gpu_w * (a.gpu_transient_factor - 1);
  double volts = b.outlet ? b.outlet->volts : 230;
  if (b.psu) {
    p.psu_w = b.psu->watts_at(volts) * b.psu_carrying();
    p.psu_all_w = b.psu->watts_at(volts) * b.psu_count;
    p.psu_input_ok = b.psu->runs_at(volts);
    p.efficiency = psu_efficiency(b.psu->efficiency);
  }
  double eff = b.psu ? p.efficiency : psu_efficiency("");
  p.workload_dc_w = p.sustained_w - p.cpu_w * (1 - std::min(1.0, a.cpu_load));
  p.wall_w = p.workload_dc_w / eff;
  p.wall_all_core_w = p.sustained_w / eff;
  if (b.outlet) p.outlet_w = b.outlet->continuous_w();
  return p;
}

}  // namespace rigplan

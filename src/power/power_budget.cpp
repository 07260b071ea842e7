// The power model (see include/rigplan/power.hpp).
#include "rigplan/power.hpp"

#include <algorithm>
#include <cmath>

namespace rigplan {

TransientFactors gpu_transient_factors(const Gpu& g, const Assumptions& a) {
  if (g.architecture == "ampere") return {a.transient_ampere_us, a.transient_ampere_ms};
  if (g.architecture == "blackwell") return {a.transient_blackwell_us, a.transient_blackwell_ms};
  return {a.gpu_transient_factor, a.gpu_transient_ms_factor};
}

namespace {

// Splits the load over the build's PSU groups and their circuits (Build::psu_groups).
void split_over_psu_groups(const Build& b, const Assumptions& a, PowerBudget& p) {
  double rest = p.sustained_w - p.gpu_w;                      // board, CPUs, drives, NICs, platform
  double cpu_idle = p.cpu_w * (1 - std::min(1.0, a.cpu_load));  // what the workload leaves unused
  double wall = 0, wall_all = 0;
  for (const auto& g : b.psu_groups) {
    GroupPower gp;
    gp.name = g.name;
    gp.circuit = g.circuit;
    gp.outlet = g.outlet;
    gp.psu = g.psu ? g.psu : b.psu;
    gp.psus = g.psus;
    gp.platform = g.platform;
    double us = 0, ms = 0;
    for (const auto& e : b.gpus) {
      if (e.psu_group != g.name) continue;
      double w = Build::card_power_w(e) * e.count;
      TransientFactors f = gpu_transient_factors(*e.part, a);
      gp.gpu_w += w;
      us += w * f.us;
      ms += w * f.ms;
    }
    double own = g.platform ? rest : 0;
    gp.sustained_w = gp.gpu_w + own;
    gp.transient_w = us + own;
    gp.transient_ms_w = ms + own;
    gp.workload_dc_w = gp.sustained_w - (g.platform ? cpu_idle : 0);
    double volts = g.outlet ? g.outlet->volts : 230;
    const Psu& model = *gp.psu;
    double unit = model.watts_at(volts);
    gp.psu_w = unit * g.psus;
    gp.psu_input_ok = model.runs_at(volts);
    double rating = gp.psu_w > 0 ? gp.psu_w : model.watts * g.psus;
    gp.efficiency_category = eighty_plus_category(model, volts);
    gp.efficiency = std::round(psu_efficiency(model.efficiency, gp.efficiency_category, gp.workload_dc_w / rating) * 1000) / 1000;
    double eff_all = psu_efficiency(model.efficiency, gp.efficiency_category, gp.sustained_w / rating);
    gp.wall_w = gp.workload_dc_w / gp.efficiency;
    gp.wall_all_core_w = gp.sustained_w / eff_all;
    wall += gp.wall_w;
    wall_all += gp.wall_all_core_w;
    auto c = std::find_if(p.circuits.begin(), p.circuits.end(), [&](const CircuitPower& x) { return x.name == g.circuit; });
    if (c == p.circuits.end()) {
      p.circuits.push_back({g.circuit, nullptr, 0, 0, 0, {}});
      c = p.circuits.end() - 1;
    }
    if (g.outlet && (!c->outlet || g.outlet->continuous_w() < c->limit_w)) {
      c->outlet = g.outlet;
      c->limit_w = g.outlet->continuous_w();
    }
    c->wall_w += gp.wall_w;
    c->wall_all_core_w += gp.wall_all_core_w;
    c->groups.push_back(g.name);
    p.groups.push_back(gp);
  }
  p.wall_w = wall;
  p.wall_all_core_w = wall_all;
  // The build's rating is its groups' together (their models may differ), and it runs only if
  // every group's units are rated for their outlets.
  p.psu_w = p.psu_all_w = 0;
  p.psu_input_ok = true;
  for (const auto& g : p.groups) {
    p.psu_w += g.psu_w;
    p.psu_input_ok = p.psu_input_ok && g.psu_input_ok;
  }
  p.psu_all_w = p.psu_w;
  if (wall > 0) p.efficiency = std::round(p.workload_dc_w / wall * 1000) / 1000;
}

}  // namespace

PowerBudget power_budget(const Build& b, const Assumptions& a) {
  PowerBudget p;
  auto add = [&](const std::string& id, int count, double each) {
    p.lines.push_back({id, count, each, each * count});
    p.sustained_w += each * count;
  };
  double gpu_us_w = 0, gpu_ms_w = 0;  // the GPUs at their excursion peaks
  for (const auto& g : b.gpus) {
    double w = Build::card_power_w(g);
    add(g.part->id, g.count, w);
    p.gpu_w += w * g.count;
    TransientFactors f = gpu_transient_factors(*g.part, a);
    gpu_us_w += w * g.count * f.us;
    gpu_ms_w += w * g.count * f.ms;
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
  p.transient_w = p.sustained_w - p.gpu_w + gpu_us_w;
  p.transient_ms_w = p.sustained_w - p.gpu_w + gpu_ms_w;
  double volts = b.outlet ? b.outlet->volts : 230;
  p.workload_dc_w = p.sustained_w - p.cpu_w * (1 - std::min(1.0, a.cpu_load));
  double eff = psu_efficiency(""), eff_all = eff;  // no PSU: the lowest 80 PLUS figure
  if (b.psu) {
    p.psu_w = b.psu->watts_at(volts) * b.psu_carrying();
    p.psu_all_w = b.psu->watts_at(volts) * b.psu_count;
    p.psu_input_ok = b.psu->runs_at(volts);
    // Every installed module shares the load (a redundant set too), at the workload's draw.
    double rating = p.psu_all_w > 0 ? p.psu_all_w : b.psu->watts * b.psu_count;
    p.efficiency_category = eighty_plus_category(*b.psu, volts);
    p.efficiency = psu_efficiency(b.psu->efficiency, p.efficiency_category, rating > 0 ? p.workload_dc_w / rating : 0.5);
    p.efficiency = std::round(p.efficiency * 1000) / 1000;  // to 0.1 %: the figure every output shows
    eff = p.efficiency;
    eff_all = psu_efficiency(b.psu->efficiency, p.efficiency_category, rating > 0 ? p.sustained_w / rating : 0.5);
  }
  p.wall_w = p.workload_dc_w / eff;
  p.wall_all_core_w = p.sustained_w / eff_all;
  if (b.outlet) p.outlet_w = b.outlet->continuous_w();
  if (b.psu && !b.psu_groups.empty()) split_over_psu_groups(b, a, p);
  return p;
}

}  // namespace rigplan

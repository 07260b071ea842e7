// PWR003: the wall draw against the outlet's continuous limit. The CPUs count at the share of
// their package power the workload draws (assumption cpu_load, 0.5 for a GPU-bound training loop
// by default): above the limit at that load is an error; above it only with the CPUs at full
// package power (an all-core compile beside the GPUs) is a warning that gives both figures.
// With PSU groups (Build::psu_groups) each circuit is judged: the groups plugged into it together.
#include "rules/pwr_limits.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr003)

const RuleDoc& Pwr003::doc() const {
  static const RuleDoc d{"PWR003", "outlet-circuit", Severity::Error, PlannerAction::OutletLimit,
                         needs({}, {Need::Outlet}),
                         "a stronger circuit (--outlet; on 120 V, a 20 A or a 230 V one), fewer GPUs, or "
                         "lower-power cards",
                         "The wall draw (sustained DC load / PSU efficiency, the CPUs at cpu_load x package power) "
                         "against the outlet's continuous limit (volts x amps x continuous factor); a warning when "
                         "only the CPUs at full package power (all-core) push it over. With psu_groups, each circuit: "
                         "the wall draws of the groups on it against its outlet's limit.",
                         "Training runs for hours: a continuous load. A US 15 A, 120 V circuit carries 1440 W "
                         "continuously (80 % of 1800 W); a 4-GPU machine can exceed that and trip the breaker.",
                         R"({"psu": "corsair-ax1600i", "outlet": "us-120v-15a", "cpu": "amd-ryzen-9-7950x", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})",
                         R"({"psu": "corsair-ax1600i", "outlet": "us-120v-20a", "cpu": "amd-ryzen-9-7950x", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})",
                         "US NEC 210.19(A)(1)/210.20(A): continuous loads at most 80 % of the branch rating; the "
                         "outlet's continuous_factor in the catalog; 80 PLUS efficiency at 50 % load.",
                         Severity::Warning};
  return d;
}

void Pwr003::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& p = ctx.power;
  if (!p.circuits.empty()) {  // PSU groups: each circuit carries the groups plugged into it
    for (const auto& c : p.circuits) {
      if (!c.outlet || c.wall_all_core_w <= c.limit_w) continue;
      std::string groups = fmt::format("{}", fmt::join(c.groups, "\", \""));
      std::string hint = "put a group on another circuit (its own breaker: name a different \"circuit\"), use a "
                         "higher-rated circuit (e.g. 20 A or 230 V), or lower the cards' power limits";
      if (c.wall_w > c.limit_w) {
        out.push_back(make(fmt::format("wall draw {} of PSU group(s) \"{}\" on circuit \"{}\" > {} continuous on {}",
                                       watts(c.wall_w), groups, c.name, watts(c.limit_w), c.outlet->id),
                           {c.outlet->id}, hint));
      } else {
        Diagnostic d = make(fmt::format("wall draw {} of PSU group(s) \"{}\" on circuit \"{}\" with the CPUs at full "
                                        "package power > {} continuous on {}; {} with the CPUs at {:.0f} % (cpu_load)",
                                        watts(c.wall_all_core_w), groups, c.name, watts(c.limit_w), c.outlet->id,
                                        watts(c.wall_w), p.cpu_load * 100),
                            {c.outlet->id}, hint + "; or keep all-core jobs off this machine while it trains");
        d.severity = Severity::Warning;
        out.push_back(d);
      }
    }
    return;
  }
  if (!b.outlet || p.wall_all_core_w <= p.outlet_w) return;
  double eff = p.efficiency > 0 ? p.efficiency : 0.8;
  bool workload_over = p.wall_w > p.outlet_w;
  double dc = workload_over ? p.workload_dc_w : p.sustained_w;
  double limit = fitting_power_limit(b, dc, p.gpu_w, p.outlet_w * eff);
  std::string hint = "use a higher-rated circuit (e.g. 20 A or 230 V)";
  hint += limit_advice(b, limit, true);
  std::string cpu = p.cpu_w > 0 ? fmt::format(", CPUs at {:.0f} % of package power (cpu_load)", p.cpu_load * 100) : "";
  if (workload_over) {
    out.push_back(make(fmt::format("wall draw {} ({} DC at {:.0f} % efficiency{}) > {} continuous on {}",
                                   watts(p.wall_w), watts(dc), eff * 100, cpu, watts(p.outlet_w), b.outlet->id),
                       {b.outlet->id}, hint));
    return;
  }
  Diagnostic d = make(fmt::format("wall draw {} with the CPUs at full package power (an all-core load such as compiling "
                                  "beside the GPUs) > {} continuous on {}; {} with the CPUs at {:.0f} % (cpu_load, a "
                                  "GPU-bound training loop)",
                                  watts(p.wall_all_core_w), watts(p.outlet_w), b.outlet->id, watts(p.wall_w),
                                  p.cpu_load * 100),
                      {b.outlet->id}, hint + "; or keep all-core jobs off this machine while it trains");
  d.severity = Severity::Warning;
  out.push_back(d);
}

}  // namespace rigplan::rules

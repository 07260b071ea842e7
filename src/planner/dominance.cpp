// Pruning of the planner's search: a PSU or chassis that is no better, in every figure a rule
// judges, than one that already failed the same configuration fails it too, so it is not tried
// (see config_search.hpp). Kept apart from the search loop it serves.
#include <algorithm>

#include "planner/config_search.hpp"
#include "rigplan/parts.hpp"
#include "rigplan/power.hpp"

namespace rigplan::planner {

bool Search::dominated(const Psu& p, const std::vector<const Psu*>& failed) const {
  // Efficiency follows the 80 PLUS curve at the build's load, which the search does not know here:
  // p is no more efficient than f when both run on the same curve (level, input category, rating),
  // or when p's best point (50 % load) is no better than f's worst (20 % or 100 %).
  auto curve = [&](const Psu& x, double share) { return psu_efficiency(x.efficiency, eighty_plus_category(x, volts_), share); };
  auto no_more_efficient = [&](const Psu& f) {
    bool same_curve = p.efficiency == f.efficiency && eighty_plus_category(p, volts_) == eighty_plus_category(f, volts_) &&
                      p.watts_at(volts_) == f.watts_at(volts_);
    return same_curve || curve(p, 0.5) <= std::min(curve(f, 0.2), curve(f, 1.0));
  };
  return std::any_of(failed.begin(), failed.end(), [&](const Psu* f) {
    return p.watts_at(volts_) <= f->watts_at(volts_) && p.connectors.no_more_than(f->connectors) &&
           // PWR002 judges each ATX generation (and an unstated one) by its own test and severity:
           // only the same stated version is comparable.
           p.atx_version == f->atx_version && no_more_efficient(*f);
  });
}

bool Search::dominated(const Chassis& c, const std::vector<const Chassis*>& failed) const {
  auto len = [](double v) { return v > 0 ? v : 1e9; };  // 0 = not stated: no limit checked
  return std::any_of(failed.begin(), failed.end(), [&](const Chassis* f) {
    bool forms = std::all_of(c.form_factors.begin(), c.form_factors.end(),
                             [&](const std::string& ff) { return chassis_mounts(*f, ff); });
    return forms && c.expansion_slots <= f->expansion_slots && len(c.max_gpu_length_mm) <= len(f->max_gpu_length_mm) &&
           len(c.max_cpu_cooler_height_mm) <= len(f->max_cpu_cooler_height_mm) &&
           len(c.max_card_height_mm) <= len(f->max_card_height_mm) && c.airflow == f->airflow &&
           len(c.passive_gpu_max_w.value_or(0)) <= len(f->passive_gpu_max_w.value_or(0));
  });
}

}  // namespace rigplan::planner

// The power-limit search of the planner (see config_search.hpp): when only power stands in the
// way of a build, the highest GPU power limit (in 5 W steps, no lower than the tuning's share of
// TDP or the card's own minimum) that makes it sound. The PWR rules are monotone in the limit,
// so bisection finds it.
#include <algorithm>
#include <cmath>

#include "planner/config_search.hpp"
#include "rules/pwr_limits.hpp"

namespace rigplan::planner {

std::optional<Attempt> Search::limit_power(Build b, const Chassis& ch, const Gpu& g, double sustained, const Pools::Unit* unit,
                                            ItemResult& out, Attempt& last) const {
  b.chassis = &ch;
  std::vector<const Psu*> psus;
  if (unit) psus.push_back(unit->psu);
  else
    for (const Psu* p : p_.psus)
      if (psu_fits(ch, *p)) psus.push_back(p);
  auto count_for = [&](const Psu& p) { return unit ? unit->barebone->psu_count : psu_count_for(ch, p, sustained); };
  if (psus.empty()) return std::nullopt;
  auto step = [](double w) { return std::floor(w / rules::kLimitStepW); };
  // Never below the card's own minimum (nvidia-smi -pl refuses it; PWR007).
  double floor_w = std::max(g.tdp_w * r_.tuning.min_power_limit_share, g.power_limits.min_w.value_or(0));
  long lo = static_cast<long>(std::ceil(floor_w / rules::kLimitStepW));
  long hi = static_cast<long>(step(g.tdp_w)) - 1;
  if (lo > hi) return std::nullopt;
  auto at = [&](long k) {
    for (auto& e : b.gpus) e.power_limit_w = k * rules::kLimitStepW;
    return evaluate(b, out);
  };
  std::optional<Attempt> low;
  std::vector<const Psu*> failed;
  for (auto it = psus.rbegin(); it != psus.rend(); ++it) {
    if (dominated(**it, failed)) continue;
    b.psu = *it;
    b.psu_count = count_for(**it);
    low = at(lo);
    if (low->verdict.sound) break;
    if (low->verdict.blame != Blame::Psu) break;  // something other than the PSU stands in the way
    failed.push_back(*it);
  }
  if (!low || !low->verdict.sound) {
    if (low) last = std::move(*low);
    return std::nullopt;
  }
  while (lo < hi) {  // invariant: sound at lo
    long mid = lo + (hi - lo + 1) / 2;
    if (at(mid).verdict.sound) lo = mid;
    else hi = mid - 1;
  }
  for (auto& e : b.gpus) e.power_limit_w = lo * rules::kLimitStepW;
  std::optional<Attempt> chosen;
  for (const Psu* p : psus) {
    b.psu = p;
    b.psu_count = count_for(*p);
    Attempt a = evaluate(b, out);
    if (!a.verdict.sound) continue;
    bool best_psu = !a.verdict.psu_warnings;
    if (best_psu || !chosen) chosen = std::move(a);
    if (best_psu) break;
  }
  if (!chosen) return chosen;
  // The largest PSU set that limit; the chosen one may carry more (PWR002: ATX 2.x an error,
  // an unstated version a warning), so take the highest step sound with the chosen one.
  b.psu = chosen->build.psu;
  b.psu_count = chosen->build.psu_count;
  long top = static_cast<long>(step(g.tdp_w)) - 1, best = lo;
  while (best < top) {  // invariant: sound at best
    long mid = best + (top - best + 1) / 2;
    if (at(mid).verdict.sound) best = mid;
    else top = mid - 1;
  }
  if (best == lo) return chosen;
  return at(best);
}

}  // namespace rigplan::planner

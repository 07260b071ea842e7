// Which cloud offers stand for owning a GPU (see include/rigplan/rent_match.hpp).
#include "rigplan/rent_match.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

namespace {

// One card's predicted speed on the reference workload (links do not matter for one GPU).
double one_gpu_speed(const Gpu& g) {
  PerfSystem s;
  s.gpu = &g;
  return reference_tokens_per_s(s, 1);
}

}  // namespace

RentalMatch rental_match(const Gpu& owned, const Gpu& offered) {
  RentalMatch m;
  double have = one_gpu_speed(offered), need = one_gpu_speed(owned);
  m.as_fast = need > 0 && have >= need && offered.memory_gib >= owned.memory_gib;
  m.basis = fmt::format("{}: {:.0f} {} {:.0f} tokens/s predicted on the reference workload, {:.0f} {} {:.0f} GiB", offered.id,
                        have, have >= need ? "≥" : "<", need, offered.memory_gib,
                        offered.memory_gib >= owned.memory_gib ? "≥" : "<", owned.memory_gib);
  return m;
}

RentalOffers rental_offers(const Catalog& c, const Gpu& owned, int gpus, const std::string& only) {
  RentalOffers r;
  int n = std::max(gpus, 1);
  auto price = [n](const Cloud& o) {
    int instances = (n + o.gpu_count - 1) / o.gpu_count;
    return CloudPrice{o.id, instances * o.usd_per_hour / n, ""};
  };
  for (const auto& o : c.all<Cloud>())
    if (only.empty() ? o.gpu == owned.id : o.id == only) {
      r.offers.push_back(price(o));
      // A named offer of another GPU (--cloud): say how its speed and memory compare, as the
      // per-hour prices alone would hide that a faster card needs fewer hours.
      const Gpu* g = c.find<Gpu>(o.gpu);
      if (o.gpu != owned.id && g) {
        r.same_gpu = false;
        r.offers.back().basis = rental_match(owned, *g).basis;
        r.basis = fmt::format("the offer named has {}, not {}; prices are per GPU-hour, not per unit of work", o.gpu, owned.id);
      }
    }
  if (!only.empty() || !r.offers.empty()) return r;
  r.same_gpu = false;
  for (const auto& o : c.all<Cloud>()) {
    const Gpu* g = c.find<Gpu>(o.gpu);
    if (!g) continue;
    RentalMatch m = rental_match(owned, *g);
    if (!m.as_fast) continue;
    r.offers.push_back(price(o));
    r.offers.back().basis = m.basis;
  }
  r.basis = fmt::format("no offer has {}; offers whose GPU is predicted at least as fast on the reference workload "
                        "(GPT-2 XL training, docs/performance-model.md) with as much memory per GPU", owned.id);
  return r;
}

}  // namespace rigplan

// Which cloud offers stand for owning a GPU (see include/rigplan/rent_match.hpp).
#include "rigplan/rent_match.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rigplan/size_report.hpp"

namespace rigplan {

RentalMatch rental_match(const Gpu& owned, const Gpu& offered) {
  RentalMatch m;
  double have = peak_tflops(offered, "bf16"), need = peak_tflops(owned, "bf16");
  m.as_fast = need > 0 && have >= need && offered.memory_gib >= owned.memory_gib;
  m.basis = fmt::format("{}: {:.0f} {} {:.0f} TFLOPS dense BF16/FP16, {:.0f} {} {:.0f} GiB", offered.id, have,
                        have >= need ? "≥" : "<", need, offered.memory_gib,
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
    if (only.empty() ? o.gpu == owned.id : o.id == only) r.offers.push_back(price(o));
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
  r.basis = fmt::format("no offer has {}; offers whose GPU is at least as fast by peak dense BF16/FP16 TFLOPS and "
                        "memory per GPU (a bound, not a measured speed)", owned.id);
  return r;
}

}  // namespace rigplan

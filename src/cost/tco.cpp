// Owning vs renting arithmetic (see include/rigplan/tco.hpp).
#include "rigplan/tco.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rigplan {

TcoResult tco(const TcoInput& in, std::vector<CloudPrice> offers) {
  TcoResult r;
  double life_hours = in.hours_per_week * kWeeksPerYear * in.years;
  double energy_per_hour = in.wall_kw * in.pue * in.kwh_usd;
  r.owned_energy_usd = energy_per_hour * life_hours;
  r.owned_total_usd = in.purchase_usd + r.owned_energy_usd;
  r.gpu_hours = life_hours * in.gpus;
  r.owned_usd_per_gpu_hour = r.gpu_hours > 0 ? r.owned_total_usd / r.gpu_hours : 0;
  std::stable_sort(offers.begin(), offers.end(),
                   [](const CloudPrice& a, const CloudPrice& b) { return a.usd_per_gpu_hour < b.usd_per_gpu_hour; });
  r.cloud = offers;
  if (!offers.empty() && !in.unpriced.empty())
    r.break_even_withheld = "the purchase price is incomplete: no price for " + fmt::format("{}", fmt::join(in.unpriced, ", "));
  else if (!offers.empty() && in.purchase_usd <= 0)
    r.break_even_withheld = "the purchase price is $0";
  if (!offers.empty() && r.break_even_withheld.empty()) {
    double cloud_per_hour = offers.front().usd_per_gpu_hour * in.gpus;
    double saving_per_hour = cloud_per_hour - energy_per_hour;
    if (saving_per_hour > 0) {
      double hours = in.purchase_usd / saving_per_hour;  // hours of use that pay for the purchase
      double per_week = hours / (kWeeksPerYear * in.years);
      if (per_week > kHoursPerWeek) {
        // A week has 168 hours: no use pays for the purchase within the life. Say by how much
        // owning loses at the most use there can be.
        double full_hours = kHoursPerWeek * kWeeksPerYear * in.years;
        r.full_use_shortfall_usd = in.purchase_usd - saving_per_hour * full_hours;
      } else {
        r.break_even_hours_per_week = per_week;
        double hours_per_month = in.hours_per_week * kWeeksPerYear / 12;
        if (hours_per_month > 0) r.break_even_months = hours / hours_per_month;
      }
    }
  }
  return r;
}

}  // namespace rigplan

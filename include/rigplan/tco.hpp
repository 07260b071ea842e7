// Owning versus renting: the cost of a GPU-hour on hardware you buy (purchase plus energy over
// its life, at the hours you actually use it) against on-demand cloud offers for the same GPU,
// and the use at which owning breaks even — the question DOMAIN.md's "Buying vs renting" asks.
//
//   owned_total(h) = purchase + wall_kW × PUE × h × price_per_kWh      (h = hours used over life)
//   cloud_total(h) = gpus × cloud_usd_per_gpu_hour × h
//   break-even hours h* = purchase / (gpus × cloud_per_gpu_hour − wall_kW × PUE × kWh price)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"

namespace rigplan {

// Purchase price of a build from catalog prices; the ids of parts without one are appended to
// `unpriced` (they count as $0).
double build_purchase_usd(const Build& b, std::vector<std::string>& unpriced);

struct TcoInput {
  double purchase_usd = 0;
  std::vector<std::string> unpriced;  // parts with no price (counted at $0)
  int gpus = 1;
  double wall_kw = 0;           // draw while training
  double hours_per_week = 40;
  double kwh_usd = 0.15;
  double years = 5;
  double pue = 1.0;             // 1.0 for a desk; data halls 1.2-1.6
};

inline constexpr double kWeeksPerYear = 52.1775;  // 365.2425 / 7

struct CloudPrice {
  std::string offer;
  double usd_per_gpu_hour = 0;
};

struct TcoResult {
  double owned_total_usd = 0, owned_energy_usd = 0, owned_usd_per_gpu_hour = 0, gpu_hours = 0;
  std::vector<CloudPrice> cloud;           // cheapest first
  std::optional<double> break_even_hours_per_week;  // over the whole life; none when cloud is cheaper than energy
  std::optional<double> break_even_months;          // at the stated use
};

TcoResult tco(const TcoInput& in, std::vector<CloudPrice> offers);

}  // namespace rigplan

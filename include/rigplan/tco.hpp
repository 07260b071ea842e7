// Owning versus renting: the cost of a GPU-hour on hardware you buy (purchase plus energy over
// its life, at the hours you actually use it) against on-demand cloud offers for the same GPU,
// and the use at which owning breaks even — the buy-versus-rent question every build guide asks.
//
//   owned_total(h) = purchase + wall_kW × PUE × h × price_per_kWh      (h = hours used over life)
//   cloud_total(h) = gpus × cloud_usd_per_gpu_hour × h
//   break-even hours h* = purchase / (gpus × cloud_per_gpu_hour − wall_kW × PUE × kWh price)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/price.hpp"
#include "rigplan/request_defaults.hpp"

namespace rigplan {

// What a build costs to buy from catalog prices: the sum of the known prices, the parts without
// one (the sum is then a lower bound) and the age and kinds of the prices summed.
struct PurchaseCost {
  double usd = 0;
  std::vector<std::string> unpriced;             // ids of parts without a price
  std::vector<const PartBase*> unpriced_parts;   // the same parts (their no_price says why)
  PriceAge prices;
  bool complete() const { return unpriced.empty(); }
};
PurchaseCost build_cost(const Build& b);

// The parts a build buys, each entry with its count, in build order (CPU, board, memory, GPUs
// and their risers, PSUs, chassis, cooler, drives, NICs, NVLink bridges); what build_cost sums.
std::vector<Counted<PartBase>> purchased_parts(const Build& b);

// The same sum; the ids of parts without a price are appended to `unpriced` (they count as $0).
double build_purchase_usd(const Build& b, std::vector<std::string>& unpriced);

// The gist of a part's `no_price` for messages: its first clause, without the "no price: "
// opening and the log of where a price was looked for (`catalog show` has the whole text).
std::string no_price_gist(const std::string& no_price);

// "nvidia-dgx-h100 (NVIDIA sells DGX systems through partners by quote), cables": unpriced parts
// with the gist of the reason the catalog gives, for messages.
std::string describe_unpriced(const std::vector<const PartBase*>& parts, const std::vector<std::string>& ids);

struct TcoInput {
  double purchase_usd = 0;
  std::vector<std::string> unpriced;  // parts with no price (counted at $0): no break-even is given then
  int gpus = 1;
  double wall_kw = 0;           // draw while training
  double hours_per_week = kDefaultTcoHoursPerWeek;
  double kwh_usd = kDefaultKwhUsd;
  double years = kDefaultTcoYears;
  double pue = 1.0;             // 1.0 for a desk; data halls 1.2-1.6
};

inline constexpr double kWeeksPerYear = 52.1775;  // 365.2425 / 7
inline constexpr double kHoursPerWeek = 168;      // every hour of the week: the most any use can be

struct CloudPrice {
  std::string offer;
  double usd_per_gpu_hour = 0;
  std::string basis;  // why it stands for the owned GPU, when it is another GPU
};

struct TcoResult {
  double owned_total_usd = 0, owned_energy_usd = 0, owned_usd_per_gpu_hour = 0, gpu_hours = 0;
  std::vector<CloudPrice> cloud;           // cheapest first
  std::optional<double> break_even_hours_per_week;  // over the whole life; none when cloud is cheaper than energy
  std::optional<double> break_even_months;          // at the stated use
  // When the break-even would need more than 168 hours a week, owning never pays off within the
  // life: what owning costs above renting even when the hardware runs every hour of it.
  std::optional<double> full_use_shortfall_usd;
  // Why no break-even is given although there are offers: the purchase is $0 or partial. A
  // break-even from a lower bound would be a false answer (it comes out too early).
  std::string break_even_withheld;
};

TcoResult tco(const TcoInput& in, std::vector<CloudPrice> offers);

}  // namespace rigplan

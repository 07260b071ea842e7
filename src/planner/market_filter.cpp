// The plan's market filter (see market_filter.hpp).
#include "planner/market_filter.hpp"

#include <fmt/format.h>

#include "rigplan/catalog_date.hpp"

namespace rigplan::planner {

MarketFilter::MarketFilter(const PlanRequest& r, const Catalog& c) : market_(r.market), catalog_date_(catalog_data_date(c)) {}

std::string MarketFilter::why_not(const PartBase& p, bool is_gpu) const {
  MarketStatus s = p.market.status;
  if (market_ == PlanMarket::Any) return "";
  if (market_ == PlanMarket::Used) {
    if (is_gpu && s != MarketStatus::Discontinued && s != MarketStatus::UsedOnly)
      return fmt::format("{} is not marked discontinued or sold used (--market used plans used GPUs)", p.id);
    return "";
  }
  if (s == MarketStatus::UsedOnly)
    return fmt::format("{} is sold used only ({} {}); --market any includes it", p.id, p.market.source, p.market.date);
  if (s == MarketStatus::Discontinued) {
    if (p.price && months_between(p.price->date, catalog_date_) && !price_is_stale(*p.price, catalog_date_, kRecentPriceMonths))
      return "";
    return fmt::format("{} is discontinued ({}) and its newest price is {}: older than {} months before the catalog date; "
                       "--market any includes it",
                       p.id, p.market.date, p.price ? p.price->date : "none", kRecentPriceMonths);
  }
  return "";
}

}  // namespace rigplan::planner

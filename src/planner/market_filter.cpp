// The plan's market filter (see market_filter.hpp).
#include "planner/market_filter.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "rigplan/catalog_date.hpp"

namespace rigplan::planner {

namespace {
// "YYYY-MM[-DD]" as months since year 0; 0 when it does not parse.
int months(const std::string& date) {
  int y = 0, m = 0;
  if (std::sscanf(date.c_str(), "%4d-%2d", &y, &m) != 2 || m < 1 || m > 12) return 0;
  return y * 12 + (m - 1);
}
}  // namespace

MarketFilter::MarketFilter(const PlanRequest& r, const Catalog& c) : market_(r.market), catalog_months_(months(catalog_data_date(c))) {}

std::string MarketFilter::why_not(const PartBase& p, bool is_gpu) const {
  MarketStatus s = p.market.status;
  if (market_ == "any") return "";
  if (market_ == "used") {
    if (is_gpu && s != MarketStatus::Discontinued && s != MarketStatus::UsedOnly)
      return fmt::format("{} is not marked discontinued or sold used (--market used plans used GPUs)", p.id);
    return "";
  }
  if (s == MarketStatus::UsedOnly)
    return fmt::format("{} is sold used only ({} {}); --market any includes it", p.id, p.market.source, p.market.date);
  if (s == MarketStatus::Discontinued) {
    int priced = p.price ? months(p.price->date) : 0;
    if (priced > 0 && catalog_months_ > 0 && catalog_months_ - priced <= kRecentPriceMonths) return "";
    return fmt::format("{} is discontinued ({}) and its newest price is {}: older than {} months before the catalog date; "
                       "--market any includes it",
                       p.id, p.market.date, p.price ? p.price->date : "none", kRecentPriceMonths);
  }
  return "";
}

}  // namespace rigplan::planner

// Which parts a plan may buy, by market status (`--market`, include/rigplan/market.hpp):
//   - new (the default): parts sold new. A part the catalog marks used-only is left out; a part
//     marked discontinued takes part only when its price in use is dated within
//     kRecentPriceMonths of the catalog's newest price date (it is then evidently still sold new,
//     from remaining stock); parts without a status count as current.
//   - used: a used-GPU plan (the classic second-hand rig): only GPUs marked discontinued or
//     used-only, the other parts as `any`.
//   - any: every part.
// A part the request names (--gpu, --include) is taken whatever its status.
#pragma once

#include <string>

#include "rigplan/catalog.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/price.hpp"

namespace rigplan::planner {

// A discontinued part counts as still sold new with a price at most this old (issue 27's rule).
inline constexpr int kRecentPriceMonths = kStalePriceMonths;

class MarketFilter {
 public:
  MarketFilter(const PlanRequest& r, const Catalog& c);
  // "" when the part may be bought under the request's market; else why not (one sentence).
  std::string why_not(const PartBase& p, bool is_gpu) const;
  long long dropped = 0;  // parts other than GPUs left out (counted by the pools)

 private:
  PlanMarket market_;
  std::string catalog_date_;  // the catalog's data date ("unknown" when no part has a price)
};

}  // namespace rigplan::planner

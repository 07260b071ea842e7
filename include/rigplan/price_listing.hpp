// What `rigplan catalog prices` decides, as a library call: which parts to list (the whole
// catalog's parts bought on their own, bought_on_its_own in rigplan/catalog_query.hpp, or one
// build's; one kind; only the unpriced or only the stale ones), how many of them carry a price and
// how old those prices are. A price is stale when it is more than kStalePriceMonths older than the
// catalog's data date (price_is_stale, rigplan/price.hpp). The table, JSON and price-update
// documents are report/'s (rigplan/catalog_output.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/price.hpp"

namespace rigplan {

struct PriceQuery {
  std::optional<Kind> kind;  // only parts of this kind
  std::string build;         // only the parts this build file buys ("" = the whole catalog)
  bool missing = false;      // only parts without a price
  bool stale = false;        // only parts whose price in use is stale
};

struct PriceListing {
  std::vector<const PartBase*> parts;  // the build's in build order, else by kind, then id; never a part not bought
  int priced = 0;                      // of them, with a price
  PriceAge age;                        // of those prices
  std::string catalog_date;            // the catalog's data date (rigplan/catalog_date.hpp)
};

// Throws InputError for a build file that does not load.
PriceListing list_prices(const Catalog& cat, const PriceQuery& q);

}  // namespace rigplan

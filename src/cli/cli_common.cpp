// Shared CLI plumbing (see cli_common.hpp).
#include "cli/cli_common.hpp"

#include <iostream>

namespace rigplan::cli {

Catalog load_catalog(const Globals& g) {
  Catalog c = Catalog::load(g.catalogs);
  c.prefer_prices(price_preference_from_name(g.prices).value_or(PricePreference::Street));  // CLI11 checked the name
  return c;
}

void print_json(nlohmann::ordered_json doc) {
  std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace rigplan::cli

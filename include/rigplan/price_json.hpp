// The machine-readable form of the prices behind a cost (plan, tco and cluster share it):
// {"preference": "street", "parts": 7, "oldest": "2020-09", "newest": "2025-07-23",
//  "kinds": {"street": 6, "msrp": 1}}.
#pragma once

#include <nlohmann/json.hpp>

#include "rigplan/price.hpp"

namespace rigplan {

nlohmann::ordered_json price_age_json(const PriceAge& a, PricePreference pref);

}  // namespace rigplan

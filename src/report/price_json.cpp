// JSON for a cost's price age (see include/rigplan/price_json.hpp).
#include "rigplan/price_json.hpp"

namespace rigplan {

nlohmann::ordered_json price_age_json(const PriceAge& a, PricePreference pref) {
  using J = nlohmann::ordered_json;
  J kinds = J::object();
  for (const auto& [k, n] : a.kinds) kinds[price_kind_name(k)] = n;
  return J{{"preference", price_preference_name(pref)},
           {"parts", a.parts},
           {"oldest", a.empty() ? J(nullptr) : J(a.oldest)},
           {"newest", a.empty() ? J(nullptr) : J(a.newest)},
           {"kinds", kinds}};
}

}  // namespace rigplan

// See json_money.hpp: amounts of money to the cent in the machine-readable documents.
#include "cli/json_money.hpp"

#include <cmath>

namespace rigplan::cli {

bool is_money_amount_key(const std::string& key) {
  bool amount = key == "usd" || key == "usd_total" ||
                (key.size() > 4 && key.compare(key.size() - 4, 4, "_usd") == 0);
  bool rate = key.find("per_") != std::string::npos || key.find("kwh") != std::string::npos;
  return amount && !rate;
}

namespace {

void round_money_in(nlohmann::ordered_json& v, bool money) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) round_money_in(it.value(), is_money_amount_key(it.key()));
  } else if (v.is_array()) {
    for (auto& e : v) round_money_in(e, money);  // a list of amounts under a money key
  } else if (money && v.is_number_float()) {
    double x = v.get<double>();
    if (std::isfinite(x) && std::fabs(x) < 1e13) v = std::round(x * 100.0) / 100.0;
  }
}

}  // namespace

void round_money(nlohmann::ordered_json& doc) { round_money_in(doc, false); }

}  // namespace rigplan::cli

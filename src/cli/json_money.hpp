// Money in the JSON documents: amounts in US dollars are printed to the cent, once, where every
// document is written (print_json), so that a sum of prices reads 7586.9 and not
// 7586.899999999999. Rates (usd_per_hour, kwh_usd) keep their precision: a cent is too coarse
// for a price per kWh or per GPU-hour.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace rigplan::cli {

// True for a key that holds an amount of money: "usd", "usd_total" or a name ending in "_usd",
// unless it is a rate (its name has "per_" or "kwh").
bool is_money_amount_key(const std::string& key);

// Rounds every floating-point money amount in `doc`, at any depth, to the cent.
void round_money(nlohmann::ordered_json& doc);

}  // namespace rigplan::cli

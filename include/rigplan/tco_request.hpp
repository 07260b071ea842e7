// `rigplan tco` as a library call: a request (a build file or catalog nodes, the use, the energy
// price) and the answer its documents show (rigplan/tco_output.hpp). The arithmetic is
// rigplan/tco.hpp's; the offers rigplan/rent_match.hpp's.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/rent_match.hpp"
#include "rigplan/tco.hpp"

namespace rigplan {

// A `rigplan tco` request: a build file or catalog nodes, how much they are used, what energy
// costs, and optionally one cloud offer and the purchase price to use instead of the catalog's.
// Its keys are declared once in the request-key table (rigplan/request_keys.hpp, kTcoRequest) and
// published as data/schema/tco.schema.json.
struct TcoRequest {
  std::string build;  // a build file, or
  std::string node;   // a catalog node id, `nodes` of them
  int nodes = 1;
  std::string cloud;  // compare with this offer only ("" = every matching offer)
  double hours_per_week = kDefaultTcoHoursPerWeek, kwh_usd = kDefaultKwhUsd, years = kDefaultTcoYears;
  std::optional<double> pue;           // default 1.0 for a build (a desk), 1.4 for nodes (a data hall)
  std::optional<double> purchase_usd;  // instead of the catalog's prices
};

// The answer, with what its documents show: the inputs used, the result, the offers compared
// (each with its catalog entry, for its date and spot rate) and the prices behind the purchase.
struct TcoAnswer {
  TcoInput input;
  TcoResult result;
  RentalOffers rent;
  std::vector<const Cloud*> offers;  // the catalog entry of each result.cloud row (same order)
  PriceAge ages;                     // of the catalog prices summed (empty when purchase_given)
  PricePreference prices = PricePreference::Street;
  std::vector<const PartBase*> unpriced_parts;
  const Gpu* gpu = nullptr;          // the owned GPU
  bool purchase_given = false;
};

// A tco request as JSON (the command's flags as keys, with underscores): throws InputError naming
// `file` and the key's JSON pointer on an unknown key, a wrong type or a value out of range. The
// ids and the build file are resolved by answer_tco.
TcoRequest parse_tco_request(const nlohmann::json& j, const std::string& file);

// Reads the build or nodes, prices them, finds the offers and compares; bad input (no build and
// no node, both, an unknown id, a build without GPUs, an unknown offer) throws InputError.
TcoAnswer answer_tco(const Catalog& cat, const TcoRequest& req);

}  // namespace rigplan

// `rigplan tco` as a library call (rigplan/tco.hpp): from a request (a build file or catalog
// nodes, the use, the energy price) to the answer its documents show. The purchase comes from
// the catalog's prices unless the request gives one; the power from the build's power budget or
// the node's rated draw; the offers from rental_offers (rigplan/rent_match.hpp). A request read
// from JSON takes its keys, ranges and defaults from the request-key table.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "rigplan/error.hpp"
#include "rigplan/power.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/tco_request.hpp"
#include "util/suggest.hpp"

namespace rigplan {

namespace {

// Power usage effectiveness when the request names none: a machine under a desk has no cooling
// plant (1.0); a data hall adds cooling and distribution on top of the IT load (1.4, within the
// 1.2-1.6 range tco.hpp cites).
constexpr double kDeskPue = 1.0, kDataHallPue = 1.4;

}  // namespace

TcoRequest parse_tco_request(const nlohmann::json& j, const std::string& file) {
  if (!j.is_object()) input_error(file, "", "a tco request is a JSON object");
  const auto names = request_key_names(kTcoRequest);
  for (const auto& [k, v] : j.items())
    if (std::find(names.begin(), names.end(), k) == names.end())
      input_error(file, key_pointer(k), fmt::format("unknown key \"{}\"{}", k, did_you_mean(k, names)));
  auto text = [&](const char* k) -> std::string {
    if (!j.contains(k)) return "";
    if (!j[k].is_string()) input_error(file, key_pointer(k), "expected a string");
    return j[k].get<std::string>();
  };
  auto number = [&](const char* k) -> std::optional<double> {
    const RequestKey& key = request_key(kTcoRequest, k);
    if (!j.contains(k)) return key.def.is_number() ? std::optional<double>(key.def.get<double>()) : std::nullopt;
    if (!j[k].is_number()) input_error(file, key_pointer(k), "expected a number");
    double v = j[k].get<double>();
    if (auto err = key_range_error(key, v)) input_error(file, key_pointer(k), *err);
    return v;
  };
  TcoRequest r;
  r.build = text("build");
  r.node = text("node");
  r.cloud = text("cloud");
  r.nodes = static_cast<int>(*number("nodes"));
  r.hours_per_week = *number("hours_per_week");
  r.kwh_usd = *number("kwh_price");
  r.years = *number("years");
  r.pue = number("pue");
  r.purchase_usd = number("purchase_usd");
  return r;
}

TcoAnswer answer_tco(const Catalog& cat, const TcoRequest& req) {
  if (req.build.empty() == req.node.empty()) input_error("give a build file or --node ID");
  TcoAnswer a;
  TcoInput& in = a.input;
  in.hours_per_week = req.hours_per_week;
  in.kwh_usd = req.kwh_usd;
  in.years = req.years;
  a.prices = cat.price_preference();
  if (!req.build.empty()) {
    Build b = load_build(req.build, cat);
    if (b.gpus.empty()) input_error(req.build + ": the build has no GPUs");
    PurchaseCost cost = build_cost(b);
    in.purchase_usd = cost.usd;
    in.unpriced = cost.unpriced;
    a.unpriced_parts = cost.unpriced_parts;
    a.ages = cost.prices;
    in.gpus = b.gpu_count();
    in.wall_kw = power_budget(b, Assumptions{}).wall_w / 1000;
    in.pue = req.pue.value_or(kDeskPue);
    a.gpu = b.gpus.front().part;
  } else {
    if (auto problem = cat.id_problem(req.node, Kind::Node)) input_error(*problem);
    const Node* n = cat.find<Node>(req.node);
    in.purchase_usd = n->price_usd.value_or(0) * req.nodes;
    if (n->price) a.ages.add(*n->price);
    else in.unpriced.push_back(n->id), a.unpriced_parts.push_back(n);
    in.gpus = n->gpu_count * req.nodes;
    in.wall_kw = n->power_w * req.nodes / 1000;
    in.pue = req.pue.value_or(kDataHallPue);
    a.gpu = cat.find<Gpu>(n->gpu);
    if (!a.gpu) input_error(fmt::format("node \"{}\": its GPU \"{}\" is not in the catalog", n->id, n->gpu));
  }
  if (req.purchase_usd) {
    a.purchase_given = true;
    in.purchase_usd = *req.purchase_usd;
    in.unpriced.clear();
  }
  a.rent = rental_offers(cat, *a.gpu, in.gpus, req.cloud);
  if (!req.cloud.empty() && a.rent.offers.empty()) input_error(fmt::format("no cloud offer \"{}\" in the catalog", req.cloud));
  a.result = tco(in, a.rent.offers);
  for (const auto& c : a.result.cloud) a.offers.push_back(cat.find<Cloud>(c.offer));
  return a;
}

}  // namespace rigplan

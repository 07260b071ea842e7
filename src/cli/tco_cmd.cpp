// `rigplan tco`: owning vs renting for a build or a set of catalog nodes. Flags -> a tco request
// (the keys of the request-key table, rigplan/request_keys.hpp) -> parse_tco_request and
// answer_tco (src/cost/tco_request.cpp) -> tco_text or tco_json (src/report/tco_output.cpp).
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/cli_common.hpp"
#include "cli/request_flags.hpp"
#include "rigplan/tco_output.hpp"
#include "rigplan/tco_request.hpp"

namespace rigplan::cli {

namespace {

struct TcoOptions {
  std::string build, node, cloud, format = "text";
  std::optional<int> nodes;
  std::optional<double> hours, kwh, years, pue, purchase;
};

// The flags as a tco request (only those given).
nlohmann::json tco_request_from(const TcoOptions& o) {
  nlohmann::json j = nlohmann::json::object();
  auto put = [&](const char* k, const auto& v) {
    if (v) j[k] = *v;
  };
  auto put_text = [&](const char* k, const std::string& v) {
    if (!v.empty()) j[k] = v;
  };
  put_text("build", o.build);
  put_text("node", o.node);
  put_text("cloud", o.cloud);
  put("nodes", o.nodes);
  put("hours_per_week", o.hours);
  put("kwh_price", o.kwh);
  put("years", o.years);
  put("pue", o.pue);
  put("purchase_usd", o.purchase);
  return j;
}

int run(const Globals& g, const TcoOptions& o) {
  Catalog cat = load_catalog(g);
  TcoAnswer a = answer_tco(cat, parse_tco_request(tco_request_from(o), "tco"));
  if (o.format == "json") print_json(tco_json(a));
  else std::cout << tco_text(a);
  return 0;
}

}  // namespace

void register_tco(CLI::App& app, Globals& g) {
  auto o = std::make_shared<TcoOptions>();
  auto* c = app.add_subcommand("tco", "Owning vs renting: cost per GPU-hour and the break-even use");
  // The request keys' flags: help text and checks from the request-key table.
  c->add_option("BUILD", o->build, std::string(request_key(kTcoRequest, "build").doc));
  add_key_option(c, kTcoRequest, "node", o->node);
  add_key_option(c, kTcoRequest, "nodes", o->nodes);
  add_key_option(c, kTcoRequest, "hours_per_week", o->hours);
  add_key_option(c, kTcoRequest, "kwh_price", o->kwh);
  add_key_option(c, kTcoRequest, "years", o->years);
  add_key_option(c, kTcoRequest, "pue", o->pue);
  add_key_option(c, kTcoRequest, "cloud", o->cloud);
  add_key_option(c, kTcoRequest, "purchase_usd", o->purchase);
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

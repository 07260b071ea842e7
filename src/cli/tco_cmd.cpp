// `rigplan tco`: owning vs renting for a build or a set of catalog nodes. Flags -> TcoRequest ->
// answer_tco (src/cost/tco_request.cpp) -> tco_text or tco_json (src/report/tco_output.cpp).
#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/tco_request.hpp"
#include "rigplan/tco_output.hpp"

namespace rigplan::cli {

namespace {

struct TcoOptions {
  std::string build, node, cloud, format = "text";
  int nodes = 1;
  double hours = 40, kwh = 0.15, years = 5, pue = 0, purchase = -1;
};

int run(const Globals& g, const TcoOptions& o) {
  Catalog cat = load_catalog(g);
  TcoRequest req;
  req.build = o.build;
  req.node = o.node;
  req.nodes = o.nodes;
  req.cloud = o.cloud;
  req.hours_per_week = o.hours;
  req.kwh_usd = o.kwh;
  req.years = o.years;
  if (o.pue > 0) req.pue = o.pue;
  if (o.purchase >= 0) req.purchase_usd = o.purchase;
  TcoAnswer a = answer_tco(cat, req);
  if (o.format == "json") print_json(tco_json(a));
  else std::cout << tco_text(a);
  return 0;
}

}  // namespace

void register_tco(CLI::App& app, Globals& g) {
  auto o = std::make_shared<TcoOptions>();
  auto* c = app.add_subcommand("tco", "Owning vs renting: cost per GPU-hour and the break-even use");
  c->add_option("BUILD", o->build, "A build file");
  c->add_option("--node", o->node, "A catalog node instead of a build");
  c->add_option("--nodes", o->nodes, "Number of nodes (with --node)")->check(CLI::Range(1, 1000000));
  c->add_option("--hours-per-week", o->hours, "Hours of use per week, more than 0 (default 40)")->check(finite_range(0.0, 168.0, true));
  c->add_option("--kwh-price", o->kwh, "Electricity, USD per kWh (default 0.15)")->check(finite_range(0.0, 10.0));
  c->add_option("--years", o->years, "Lifetime in years (default 5; the seed's owner planned for 10)")->check(finite_range(0.1, 50.0));
  c->add_option("--pue", o->pue, "Power usage effectiveness (default 1.0 for a build, 1.4 for nodes)")->check(finite_range(1.0, 3.0));
  c->add_option("--cloud", o->cloud, "Compare with this cloud offer (default: every offer with the same GPU, else every offer whose GPU is as fast)");
  c->add_option("--purchase-usd", o->purchase, "Override the purchase price")->check(finite_range(0.0, 1e12));
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

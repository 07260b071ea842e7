// `rigplan tco`: owning vs renting for a build or a set of catalog nodes. Flags only; the
// arithmetic lives in src/cost/.
#include <fmt/format.h>

#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
#include "rigplan/power.hpp"
#include "rigplan/tco.hpp"

namespace rigplan::cli {

namespace {

struct TcoOptions {
  std::string build, node, cloud, format = "text";
  int nodes = 1;
  double hours = 40, kwh = 0.15, years = 5, pue = 0, purchase = -1;
};

void bad(const std::string& m) { throw InputError(InputIssue{"", "", 0, 0, m}); }

int run(const Globals& g, const TcoOptions& o) {
  Catalog cat = load_catalog(g);
  if (o.build.empty() == o.node.empty()) bad("give a build file or --node ID");
  TcoInput in;
  in.hours_per_week = o.hours;
  in.kwh_usd = o.kwh;
  in.years = o.years;
  std::string gpu_id;
  if (!o.build.empty()) {
    Build b = load_build(o.build, cat);
    if (b.gpus.empty()) bad(o.build + ": the build has no GPUs");
    in.purchase_usd = build_purchase_usd(b, in.unpriced);
    in.gpus = b.gpu_count();
    in.wall_kw = power_budget(b, Assumptions{}).wall_w / 1000;
    in.pue = o.pue > 0 ? o.pue : 1.0;  // a machine under a desk has no cooling plant
    gpu_id = b.gpus.front().part->id;
  } else {
    const Node* n = cat.find<Node>(o.node);
    if (!n) bad(fmt::format("no node \"{}\" in the catalog (see `rigplan catalog list --kind node`)", o.node));
    in.purchase_usd = n->price_usd.value_or(0) * o.nodes;
    if (!n->price_usd) in.unpriced.push_back(n->id);
    in.gpus = n->gpu_count * o.nodes;
    in.wall_kw = n->power_w * o.nodes / 1000;
    in.pue = o.pue > 0 ? o.pue : 1.4;  // data hall: cooling and distribution on top of IT load
    gpu_id = n->gpu;
  }
  if (o.purchase >= 0) {
    in.purchase_usd = o.purchase;
    in.unpriced.clear();
  }
  std::vector<CloudPrice> offers;
  for (const auto& c : cat.all<Cloud>())
    if ((o.cloud.empty() && c.gpu == gpu_id) || c.id == o.cloud) offers.push_back({c.id, c.usd_per_hour / c.gpu_count});
  if (!o.cloud.empty() && offers.empty()) bad(fmt::format("no cloud offer \"{}\" in the catalog", o.cloud));
  TcoResult r = tco(in, offers);
  if (o.format == "json") {
    nlohmann::ordered_json j;
    j["schema_version"] = kSchemaVersion;
    j["owned"] = {{"usd_total", r.owned_total_usd}, {"usd_per_gpu_hour", r.owned_usd_per_gpu_hour},
                  {"purchase_usd", in.purchase_usd}, {"energy_usd", r.owned_energy_usd}, {"gpu_hours", r.gpu_hours},
                  {"unpriced", in.unpriced}};
    j["cloud"] = nlohmann::ordered_json::array();
    for (const auto& c : r.cloud) j["cloud"].push_back({{"offer", c.offer}, {"usd_per_gpu_hour", c.usd_per_gpu_hour}});
    j["break_even"] = {{"hours_per_week", r.break_even_hours_per_week ? nlohmann::ordered_json(*r.break_even_hours_per_week) : nullptr},
                       {"months", r.break_even_months ? nlohmann::ordered_json(*r.break_even_months) : nullptr}};
    j["assumptions"] = {{"hours_per_week", in.hours_per_week}, {"kwh_usd", in.kwh_usd}, {"years", in.years},
                        {"pue", in.pue}, {"wall_kw", in.wall_kw}, {"gpus", in.gpus}};
    print_json(j);
    return 0;
  }
  std::cout << fmt::format("Owned: ${:.0f} purchase + ${:.0f} energy ({:.2f} kW × PUE {:g} × {:g} h/week × {:g} years at ${:g}/kWh)\n",
                           in.purchase_usd, r.owned_energy_usd, in.wall_kw, in.pue, in.hours_per_week, in.years, in.kwh_usd);
  if (!in.unpriced.empty())
    std::cout << fmt::format("  not priced in the catalog (counted at $0; overlay prices with --catalog or give --purchase-usd): {}\n",
                             fmt::join(in.unpriced, ", "));
  std::cout << fmt::format("  = ${:.0f} over {:.0f} GPU-hours: ${:.3f} per GPU-hour\n", r.owned_total_usd, r.gpu_hours,
                           r.owned_usd_per_gpu_hour);
  if (r.cloud.empty()) {
    std::cout << fmt::format("Cloud: no offer for {} in the catalog\n", gpu_id);
    return 0;
  }
  for (const auto& c : r.cloud) std::cout << fmt::format("Cloud: {} at ${:.3f} per GPU-hour\n", c.offer, c.usd_per_gpu_hour);
  if (r.break_even_hours_per_week)
    std::cout << fmt::format("Break-even against {}: {:.1f} hours a week over {:g} years; at {:g} h/week owning pays off after {:.1f} months\n",
                             r.cloud.front().offer, *r.break_even_hours_per_week, in.years, in.hours_per_week, *r.break_even_months);
  else
    std::cout << "Renting is cheaper than the electricity alone: owning never breaks even\n";
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
  c->add_option("--cloud", o->cloud, "Compare with this cloud offer (default: every offer with the same GPU)");
  c->add_option("--purchase-usd", o->purchase, "Override the purchase price")->check(finite_range(0.0, 1e12));
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

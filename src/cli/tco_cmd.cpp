// `rigplan tco`: owning vs renting for a build or a set of catalog nodes. Flags only; the
// arithmetic lives in src/cost/.
#include <fmt/format.h>

#include <iostream>
#include <optional>

#include "cli/cli_common.hpp"
#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
#include "rigplan/power.hpp"
#include "rigplan/price_json.hpp"
#include "rigplan/rent_match.hpp"
#include "rigplan/tco.hpp"
#include "util/number_text.hpp"

namespace rigplan::cli {

namespace {

struct TcoOptions {
  std::string build, node, cloud, format = "text";
  int nodes = 1;
  double hours = 40, kwh = 0.15, years = 5, pue = 0, purchase = -1;
};


std::optional<double> spot_per_gpu(const Cloud* o) {
  if (!o || !o->spot_usd_per_hour) return std::nullopt;
  return *o->spot_usd_per_hour / o->gpu_count;
}

// When the price was seen, or which data file (by commit) it was read from when that has no date.
std::string price_date(const Cloud* o) {
  if (!o) return "";
  if (!o->price_seen.empty()) return "seen " + o->price_seen;
  if (!o->source_commit.empty()) return "data commit " + o->source_commit.substr(0, 7) + ", date not recorded";
  return "date unknown";
}

int run(const Globals& g, const TcoOptions& o) {
  Catalog cat = load_catalog(g);
  if (o.build.empty() == o.node.empty()) input_error("give a build file or --node ID");
  TcoInput in;
  in.hours_per_week = o.hours;
  in.kwh_usd = o.kwh;
  in.years = o.years;
  const Gpu* gpu = nullptr;
  PriceAge ages;
  std::vector<const PartBase*> unpriced_parts;
  if (!o.build.empty()) {
    Build b = load_build(o.build, cat);
    if (b.gpus.empty()) input_error(o.build + ": the build has no GPUs");
    PurchaseCost cost = build_cost(b);
    in.purchase_usd = cost.usd;
    in.unpriced = cost.unpriced;
    unpriced_parts = cost.unpriced_parts;
    ages = cost.prices;
    in.gpus = b.gpu_count();
    in.wall_kw = power_budget(b, Assumptions{}).wall_w / 1000;
    in.pue = o.pue > 0 ? o.pue : 1.0;  // a machine under a desk has no cooling plant
    gpu = b.gpus.front().part;
  } else {
    if (auto problem = cat.id_problem(o.node, Kind::Node)) input_error(*problem);
    const Node* n = cat.find<Node>(o.node);
    in.purchase_usd = n->price_usd.value_or(0) * o.nodes;
    if (n->price) ages.add(*n->price);
    else in.unpriced.push_back(n->id), unpriced_parts.push_back(n);
    in.gpus = n->gpu_count * o.nodes;
    in.wall_kw = n->power_w * o.nodes / 1000;
    in.pue = o.pue > 0 ? o.pue : 1.4;  // data hall: cooling and distribution on top of IT load
    gpu = cat.find<Gpu>(n->gpu);
    if (!gpu) input_error(fmt::format("node \"{}\": its GPU \"{}\" is not in the catalog", n->id, n->gpu));
  }
  bool given = o.purchase >= 0;
  if (given) {
    in.purchase_usd = o.purchase;
    in.unpriced.clear();
  }
  RentalOffers rent = rental_offers(cat, *gpu, in.gpus, o.cloud);
  if (!o.cloud.empty() && rent.offers.empty()) input_error(fmt::format("no cloud offer \"{}\" in the catalog", o.cloud));
  TcoResult r = tco(in, rent.offers);
  std::string missing = describe_unpriced(unpriced_parts, in.unpriced);
  if (o.format == "json") {
    using J = nlohmann::ordered_json;
    J j;
    j["schema_version"] = kSchemaVersion;
    j["owned"] = {{"usd_total", r.owned_total_usd}, {"usd_per_gpu_hour", r.owned_usd_per_gpu_hour},
                  {"purchase_usd", in.purchase_usd}, {"energy_usd", r.owned_energy_usd}, {"gpu_hours", r.gpu_hours},
                  {"unpriced", in.unpriced}, {"purchase_complete", in.unpriced.empty() && in.purchase_usd > 0},
                  {"purchase_given", given}, {"prices", given ? J(nullptr) : price_age_json(ages, cat.price_preference())}};
    j["cloud"] = J::array();
    for (const auto& c : r.cloud) {
      const Cloud* offer = cat.find<Cloud>(c.offer);
      auto spot = spot_per_gpu(offer);
      j["cloud"].push_back({{"offer", c.offer},
                            {"usd_per_gpu_hour", c.usd_per_gpu_hour},
                            {"spot_usd_per_gpu_hour", spot ? J(*spot) : nullptr},
                            {"price_seen", offer ? offer->price_seen : ""},
                            {"basis", c.basis}});
    }
    j["cloud_match"] = {{"same_gpu", rent.same_gpu}, {"basis", rent.basis}};
    j["break_even"] = {{"hours_per_week", r.break_even_hours_per_week ? J(*r.break_even_hours_per_week) : nullptr},
                       {"months", r.break_even_months ? J(*r.break_even_months) : nullptr},
                       {"full_use_shortfall_usd", r.full_use_shortfall_usd ? J(*r.full_use_shortfall_usd) : nullptr},
                       {"withheld", r.break_even_withheld.empty() ? J(nullptr) : J(r.break_even_withheld)}};
    j["assumptions"] = {{"hours_per_week", in.hours_per_week}, {"kwh_usd", in.kwh_usd}, {"years", in.years},
                        {"pue", in.pue}, {"wall_kw", in.wall_kw}, {"gpus", in.gpus}};
    print_json(j);
    return 0;
  }
  std::cout << fmt::format("Owned: {} purchase + {} energy ({:.2f} kW × PUE {:g} × {:g} h/week × {:g} years at ${:g}/kWh)\n",
                           dollars(in.purchase_usd), dollars(r.owned_energy_usd), in.wall_kw, in.pue, in.hours_per_week, in.years, in.kwh_usd);
  if (given) std::cout << "  purchase: your --purchase-usd figure\n";
  else if (!ages.empty())
    std::cout << fmt::format("  prices {} (--prices {})\n", ages.text(), price_preference_name(cat.price_preference()));
  if (!in.unpriced.empty())
    std::cout << fmt::format("  not priced in the catalog (counted at $0): {}\n", missing);
  std::cout << fmt::format("  = {} over {} GPU-hours: ${:.3f} per GPU-hour{}\n", dollars(r.owned_total_usd), grouped(r.gpu_hours),
                           r.owned_usd_per_gpu_hour, in.unpriced.empty() ? "" : " (a lower bound)");
  if (r.cloud.empty()) {
    std::cout << fmt::format("Cloud: no offer in the catalog has {} or a GPU at least as fast with as much memory\n", gpu->id);
    return 0;
  }
  if (!rent.same_gpu) std::cout << "Cloud: " << rent.basis << ":\n";
  for (const auto& c : r.cloud) {
    const Cloud* offer = cat.find<Cloud>(c.offer);
    auto spot = spot_per_gpu(offer);
    std::cout << fmt::format("Cloud: {} at ${:.3f} per GPU-hour{} ({}){}\n", c.offer, c.usd_per_gpu_hour,
                             spot ? fmt::format(", spot ${:.3f}", *spot) : "", price_date(offer),
                             c.basis.empty() ? "" : " (" + c.basis + ")");
  }
  if (!r.break_even_withheld.empty())
    std::cout << fmt::format("Break-even: not given: {}. A break-even from a partial price would come out too early; "
                             "give the whole price with --purchase-usd USD, or {}\n", r.break_even_withheld, kGivePricesHint);
  else if (r.break_even_hours_per_week) {
    // Past the period the hardware is costed over, "pays off after N months" would be read as a
    // promise: say it does not, within the period.
    bool within = *r.break_even_months <= in.years * 12.0;
    std::cout << fmt::format("Break-even against {} (the cheapest on-demand offer): {:.1f} hours a week over {:g} years; "
                             "at {:g} h/week owning {}\n",
                             r.cloud.front().offer, *r.break_even_hours_per_week, in.years, in.hours_per_week,
                             within ? fmt::format("pays off after {:.1f} months", *r.break_even_months)
                                    : fmt::format("does not pay off within the {:g} years (renting is cheaper at that use)",
                                                  in.years));
  }
  else if (r.full_use_shortfall_usd)
    std::cout << fmt::format("Break-even against {} (the cheapest on-demand offer): none. Even used every hour of the "
                             "week ({:g} h) for {:g} years, owning costs {} more than renting\n",
                             r.cloud.front().offer, kHoursPerWeek, in.years, dollars(*r.full_use_shortfall_usd));
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
  c->add_option("--cloud", o->cloud, "Compare with this cloud offer (default: every offer with the same GPU, else every offer whose GPU is as fast)");
  c->add_option("--purchase-usd", o->purchase, "Override the purchase price")->check(finite_range(0.0, 1e12));
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

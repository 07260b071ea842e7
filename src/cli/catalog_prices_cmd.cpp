// `rigplan catalog prices`: what each part that can be bought costs and how far to trust it (the
// price costs use, its kind, date and source), or why it has none; and, with `--format update`, a
// price-update file for the user to fill in with their own quotes. Data-centre gear is sold by
// quote, so a catalog cannot price all of it: this is how a user completes a build's cost without
// restating any part (the file's "price_updates" replace the named parts' prices). `--stale` lists
// the prices to refresh. The command reads flags; list_prices (rigplan/price_listing.hpp) decides
// what is listed and report/ renders it (rigplan/catalog_output.hpp).
#include <fmt/format.h>

#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/catalog_output.hpp"
#include "rigplan/price_listing.hpp"

namespace rigplan::cli {

namespace {

struct PricesOptions {
  std::string kind, build, format = "table";
  bool missing = false, stale = false;
};

void run(const Globals& g, const PricesOptions& o) {
  Catalog cat = load_catalog(g);
  PriceQuery q;
  if (!o.kind.empty()) q.kind = kind_from_name(o.kind);  // CLI11 checked the name
  q.build = o.build;
  q.missing = o.missing;
  q.stale = o.stale;
  PriceListing l = list_prices(cat, q);
  if (o.format == "update") return print_json(price_update_file(l));
  if (o.format == "json") return print_json(price_list_json(cat, l));
  bool csv = o.format == "csv";
  std::cout << price_list_table(cat, l, csv, o.stale);
  if (csv) return;
  std::cout << std::flush;
  std::cerr << price_list_note(l, o.stale);
}

}  // namespace

void register_catalog_prices(CLI::App& catalog, Globals& g) {
  auto* cmd = catalog.add_subcommand(
      "prices", "What each part costs (the price costs use: amount, kind, date, source) or why it has none; "
                "--format update writes a file to fill in with your own quotes");
  auto o = std::make_shared<PricesOptions>();
  std::vector<std::string> kinds;
  for (Kind k : kAllKinds)
    if (purchasable(k)) kinds.push_back(kind_name(k));
  cmd->add_option("--kind", o->kind, "Only parts of this kind")->check(CLI::IsMember(kinds));
  auto* missing = cmd->add_flag("--missing", o->missing, "Only parts without a price");
  cmd->add_flag("--stale", o->stale,
                fmt::format("Only parts whose price is more than {} months older than the catalog's data date (what to refresh)",
                            kStalePriceMonths))
      ->excludes(missing);
  cmd->add_option("--build", o->build, "Only the parts of this build file");
  cmd->add_option("--format", o->format,
                  "table | json | csv | update (a price-update file for these parts, to fill in and pass with --catalog)")
      ->check(CLI::IsMember({"table", "json", "csv", "update"}));
  cmd->callback([&g, o] { run(g, *o); });
}

}  // namespace rigplan::cli

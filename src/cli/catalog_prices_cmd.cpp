// `rigplan catalog prices`: what each part that can be bought costs and how far to trust it (the
// price costs use, its kind, date and source), or why it has none; and, with `--format update`, a
// price-update file for the user to fill in with their own quotes. Data-centre gear is sold by
// quote, so a catalog cannot price all of it: this is how a user completes a build's cost without
// restating any part (the file's "price_updates" replace the named parts' prices). `--stale` lists
// the prices to refresh: those more than 12 months older than the catalog's data date
// (price_is_stale, include/rigplan/price.hpp), with the part's reason where none newer is on record.
#include <fmt/format.h>

#include <iostream>
#include <set>

#include "cli/cli_common.hpp"
#include "rigplan/document.hpp"
#include "rigplan/build.hpp"
#include "rigplan/catalog_date.hpp"
#include "rigplan/error.hpp"
#include "rigplan/price_json.hpp"
#include "rigplan/table.hpp"
#include "rigplan/tco.hpp"
#include "util/number_text.hpp"

namespace rigplan::cli {

namespace {

constexpr std::size_t kPriceNameColumn = 40;  // characters of a part's name in the table
constexpr std::size_t kWhyColumn = 70;   // characters of a source or a no-price reason

struct PricesOptions {
  std::string kind, build, format = "table";
  bool missing = false;
  bool stale = false;  // only parts whose price in use is older than kStalePriceMonths before the catalog date
};

// The parts to list: those of the build when one is given (in build order), else the whole
// catalog (by kind, then id); parts that are not bought are never listed.
std::vector<const PartBase*> select_parts(const Catalog& cat, const PricesOptions& o, const std::string& catalog_date) {
  std::vector<const PartBase*> out;
  auto keep = [&](const PartBase* p) {
    if (!p) return;
    if (!o.kind.empty() && kind_name(*cat.kind_of(p->id)) != o.kind) return;
    if (o.missing && p->price) return;
    if (o.stale && !(p->price && price_is_stale(*p->price, catalog_date))) return;
    for (const PartBase* q : out)
      if (q == p) return;
    out.push_back(p);
  };
  if (!o.build.empty()) {
    Build b = load_build(o.build, cat);
    for (const auto& [p, count] : purchased_parts(b)) keep(p);
    return out;
  }
  for (Kind k : kAllKinds)
    for (const auto& id : cat.ids(k)) keep(part_of(cat, id));
  return out;
}

nlohmann::ordered_json price_json(const Price& p) {
  nlohmann::ordered_json j{{"usd", p.usd}, {"date", p.date}, {"kind", price_kind_name(p.kind)}, {"source", p.source}};
  if (!p.note.empty()) j["note"] = p.note;
  return j;
}

// A catalog file of "price_updates" for `parts`: a priced part keeps its prices (edit them), an
// unpriced one gets an empty quote whose usd, date and source the loader refuses until filled in.
void print_update_file(const std::vector<const PartBase*>& parts) {
  nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
  doc["description"] =
      "Price updates for rigplan: fill in usd, date (YYYY-MM-DD) and source of each empty price, "
      "then pass this file with --catalog FILE. Each entry replaces the part's catalog prices.";
  doc["price_updates"] = nlohmann::ordered_json::array();
  for (const PartBase* p : parts) {
    nlohmann::ordered_json u{{"id", p->id}, {"note", p->name}};
    u["prices"] = nlohmann::ordered_json::array();
    if (p->prices.empty())
      u["prices"].push_back({{"usd", nullptr}, {"date", ""}, {"kind", "quote"}, {"source", ""}});
    for (const auto& pr : p->prices) u["prices"].push_back(price_json(pr));
    doc["price_updates"].push_back(u);
  }
  print_json(doc);
}

void run(const Globals& g, const PricesOptions& o) {
  Catalog cat = load_catalog(g);
  const std::string catalog_date = catalog_data_date(cat);
  auto parts = select_parts(cat, o, catalog_date);
  if (o.format == "update") return print_update_file(parts);

  PriceAge age;
  int priced = 0;
  for (const PartBase* p : parts) {
    if (!p->price) continue;
    ++priced;
    age.add(*p->price);
  }
  if (o.format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
    doc["parts"] = nlohmann::ordered_json::array();
    for (const PartBase* p : parts)
      doc["parts"].push_back({{"id", p->id},
                              {"kind", kind_name(*cat.kind_of(p->id))},
                              {"name", p->name},
                              {"price", p->price ? price_json(*p->price) : nlohmann::ordered_json(nullptr)},
                              {"no_price", p->price || p->no_price.empty() ? nlohmann::ordered_json(nullptr)
                                                                           : nlohmann::ordered_json(p->no_price)},
                              {"stale", p->price && price_is_stale(*p->price, catalog_date)},
                              {"no_recent_price", p->no_recent_price.empty() ? nlohmann::ordered_json(nullptr)
                                                                             : nlohmann::ordered_json(p->no_recent_price)}});
    doc["listed"] = parts.size();
    doc["priced"] = priced;
    doc["prices"] = price_age_json(age, cat.price_preference());
    doc["catalog_date"] = catalog_date;
    doc["stale_after_months"] = kStalePriceMonths;
    print_json(doc);
    return;
  }
  Table t;
  t.headers = {"ID", "KIND", "NAME", "PRICE", "TYPE", "DATE", o.format == "csv" ? "SOURCE_OR_REASON" : "SOURCE / WHY NONE"};
  if (o.stale) t.headers.back() = o.format == "csv" ? "WHY_NONE_NEWER" : "WHY NONE NEWER";
  t.right_align = {false, false, false, true};
  for (const PartBase* p : parts) {
    std::string kind = kind_name(*cat.kind_of(p->id));
    bool csv = o.format == "csv";
    if (p->price) {
      std::string last = p->price->source;
      if (o.stale) last = p->no_recent_price.empty() ? "no reason recorded" : p->no_recent_price;
      t.rows.push_back({p->id, kind, csv ? p->name : clip(p->name, kPriceNameColumn),
                        csv ? fmt::format("{:g}", p->price->usd) : dollars(p->price->usd),
                        price_kind_name(p->price->kind), p->price->date, csv ? last : clip(last, kWhyColumn)});
    } else {
      std::string why = p->no_price.empty() ? "none: no reason recorded" : "none: " + (csv ? p->no_price : no_price_gist(p->no_price));
      t.rows.push_back({p->id, kind, csv ? p->name : clip(p->name, kPriceNameColumn), "", "", "", csv ? why : clip(why, kWhyColumn)});
    }
  }
  if (o.format == "csv") {
    std::cout << t.csv();
    return;
  }
  std::cout << t.render() << std::flush;
  if (o.stale) {
    std::cerr << fmt::format("{} parts have a price more than {} months older than the catalog's data date ({}): "
                             "refresh them, or give your own with `rigplan catalog prices --stale --format update`\n",
                             parts.size(), kStalePriceMonths, catalog_date);
    return;
  }
  int pct = parts.empty() ? 0 : static_cast<int>(100.0 * priced / static_cast<double>(parts.size()));
  std::cerr << fmt::format("{} of {} parts priced ({} %){}\n", priced, parts.size(), pct,
                           age.empty() ? "" : "; " + age.text());
  if (priced < static_cast<int>(parts.size()))
    std::cerr << "Parts without a price count as $0 in costs (shown as lower bounds). To give your own prices: "
                 "`rigplan catalog prices --missing --format update > my-prices.json`, fill it in, then "
                 "--catalog my-prices.json\n";
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

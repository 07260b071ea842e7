// The `catalog prices` documents (see rigplan/catalog_output.hpp): each listed part's price in use
// (amount, kind, date, source) or why it has none, the coverage note, and the price-update file.
#include <fmt/format.h>

#include "rigplan/catalog_output.hpp"
#include "rigplan/document.hpp"
#include "rigplan/price_json.hpp"
#include "rigplan/table.hpp"
#include "rigplan/tco.hpp"
#include "util/number_text.hpp"

namespace rigplan {

namespace {

constexpr std::size_t kPriceNameColumn = 40;  // characters of a part's name in the table
constexpr std::size_t kWhyColumn = 70;        // characters of a source or a no-price reason

nlohmann::ordered_json listed_price_json(const Price& p) {
  nlohmann::ordered_json j{{"usd", p.usd}, {"date", p.date}, {"kind", price_kind_name(p.kind)}, {"source", p.source}};
  if (!p.note.empty()) j["note"] = p.note;
  return j;
}

}  // namespace

nlohmann::ordered_json price_list_json(const Catalog& cat, const PriceListing& l) {
  nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
  doc["parts"] = nlohmann::ordered_json::array();
  for (const PartBase* p : l.parts)
    doc["parts"].push_back({{"id", p->id},
                            {"kind", kind_name(*cat.kind_of(p->id))},
                            {"name", p->name},
                            {"price", p->price ? listed_price_json(*p->price) : nlohmann::ordered_json(nullptr)},
                            {"no_price", p->price || p->no_price.empty() ? nlohmann::ordered_json(nullptr)
                                                                         : nlohmann::ordered_json(p->no_price)},
                            {"stale", p->price && price_is_stale(*p->price, l.catalog_date)},
                            {"no_recent_price", p->no_recent_price.empty() ? nlohmann::ordered_json(nullptr)
                                                                           : nlohmann::ordered_json(p->no_recent_price)}});
  doc["listed"] = l.parts.size();
  doc["priced"] = l.priced;
  doc["prices"] = price_age_json(l.age, cat.price_preference());
  doc["catalog_date"] = l.catalog_date;
  doc["stale_after_months"] = kStalePriceMonths;
  return doc;
}

std::string price_list_table(const Catalog& cat, const PriceListing& l, bool csv, bool stale) {
  Table t;
  t.headers = {"ID", "KIND", "NAME", "PRICE", "TYPE", "DATE", csv ? "SOURCE_OR_REASON" : "SOURCE / WHY NONE"};
  if (stale) t.headers.back() = csv ? "WHY_NONE_NEWER" : "WHY NONE NEWER";
  t.right_align = {false, false, false, true};
  for (const PartBase* p : l.parts) {
    std::string kind = kind_name(*cat.kind_of(p->id));
    if (p->price) {
      std::string last = p->price->source;
      if (stale) last = p->no_recent_price.empty() ? "no reason recorded" : p->no_recent_price;
      t.rows.push_back({p->id, kind, csv ? p->name : clip(p->name, kPriceNameColumn),
                        csv ? fmt::format("{:g}", p->price->usd) : dollars(p->price->usd),
                        price_kind_name(p->price->kind), p->price->date, csv ? last : clip(last, kWhyColumn)});
    } else {
      std::string why = p->no_price.empty() ? "none: no reason recorded" : "none: " + (csv ? p->no_price : no_price_gist(p->no_price));
      t.rows.push_back({p->id, kind, csv ? p->name : clip(p->name, kPriceNameColumn), "", "", "", csv ? why : clip(why, kWhyColumn)});
    }
  }
  return csv ? t.csv() : t.render();
}

std::string price_list_note(const PriceListing& l, bool stale) {
  if (stale)
    return fmt::format("{} parts have a price more than {} months older than the catalog's data date ({}): "
                       "refresh them, or give your own with `rigplan catalog prices --stale --format update`\n",
                       l.parts.size(), kStalePriceMonths, l.catalog_date);
  int pct = l.parts.empty() ? 0 : static_cast<int>(100.0 * l.priced / static_cast<double>(l.parts.size()));
  std::string out = fmt::format("{} of {} parts priced ({} %){}\n", l.priced, l.parts.size(), pct,
                                l.age.empty() ? "" : "; " + l.age.text());
  if (l.priced < static_cast<int>(l.parts.size()))
    out += "Parts without a price count as $0 in costs (shown as lower bounds). To give your own prices: "
           "`rigplan catalog prices --missing --format update > my-prices.json`, fill it in, then "
           "--catalog my-prices.json\n";
  return out;
}

nlohmann::ordered_json price_update_file(const PriceListing& l) {
  nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
  doc["description"] =
      "Price updates for rigplan: fill in usd, date (YYYY-MM-DD) and source of each empty price, "
      "then pass this file with --catalog FILE. Each entry replaces the part's catalog prices.";
  doc["price_updates"] = nlohmann::ordered_json::array();
  for (const PartBase* p : l.parts) {
    nlohmann::ordered_json u{{"id", p->id}, {"note", p->name}};
    u["prices"] = nlohmann::ordered_json::array();
    if (p->prices.empty())
      u["prices"].push_back({{"usd", nullptr}, {"date", ""}, {"kind", "quote"}, {"source", ""}});
    for (const auto& pr : p->prices) u["prices"].push_back(listed_price_json(pr));
    doc["price_updates"].push_back(u);
  }
  return doc;
}

}  // namespace rigplan

// The `catalog list`, `catalog show` and `catalog validate` documents (see
// rigplan/catalog_output.hpp): a part's JSON as written with its identifying fields first, tables
// whose columns fit a terminal, and one JSON document per run.
#include "rigplan/catalog_output.hpp"

#include <fmt/format.h>

#include "rigplan/document.hpp"
#include "rigplan/part_summary.hpp"
#include "rigplan/table.hpp"
#include "util/json_text.hpp"
#include "util/number_text.hpp"
#include "util/utf8.hpp"

namespace rigplan {

namespace {

constexpr std::size_t kListNameColumn = 44;  // characters of a part's name shown in `catalog list`

// The price costs use, as "$1,499 street"; "" when the part has none.
std::string list_price_cell(const PartBase* p) {
  if (!p || !p->price) return "";
  return fmt::format("{} {}", dollars(p->price->usd), price_kind_name(p->price->kind));
}

// The market status for a table column: "current", "discontinued", "used_only"; "" when unknown.
std::string list_market_cell(const PartBase* p) {
  if (!p || p->market.status == MarketStatus::Unknown) return "";
  return market_status_name(p->market.status);
}

// Part JSON with the identifying fields first, the rest as written (keys sorted).
nlohmann::ordered_json part_json_id_first(const nlohmann::json& raw) {
  nlohmann::ordered_json out;
  for (const char* k : {"id", "kind", "name"})
    if (raw.contains(k)) out[k] = raw[k];
  for (const auto& [k, v] : raw.items())
    if (k != "id" && k != "kind" && k != "name") out[k] = v;
  return out;
}

// One FIELD/VALUE row per leaf: objects as a.b, arrays of objects as a[0].b.
void flatten_part_fields(const nlohmann::json& v, const std::string& prefix, Table& t) {
  if (v.is_object() && !v.empty()) {
    for (const auto& [k, sub] : v.items()) flatten_part_fields(sub, prefix.empty() ? k : prefix + "." + k, t);
  } else if (v.is_array() && !v.empty() && v.front().is_object()) {
    for (std::size_t i = 0; i < v.size(); ++i) flatten_part_fields(v[i], fmt::format("{}[{}]", prefix, i), t);
  } else {
    std::string text = v.is_string() ? v.get<std::string>() : dump_json(v);
    t.rows.push_back({prefix, text});
  }
}

}  // namespace

nlohmann::ordered_json catalog_list_json(const Catalog& cat, const std::vector<std::string>& ids) {
  nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
  doc["parts"] = nlohmann::ordered_json::array();
  for (const auto& id : ids) doc["parts"].push_back(part_json_id_first(cat.raw(id)));
  return doc;
}

std::string catalog_list_csv(const Catalog& cat, const std::vector<std::string>& ids) {
  Table t;
  t.headers = {"id", "kind", "name", "price_usd", "price_date", "price_kind", "summary", "source",
               "market", "market_date", "market_source"};
  for (const auto& id : ids) {
    const auto& raw = cat.raw(id);
    const PartBase* p = purchasable_part(cat, id);
    bool priced = p && p->price;
    t.rows.push_back({id, raw["kind"].get<std::string>(), raw["name"].get<std::string>(),
                      priced ? fmt::format("{:g}", p->price->usd) : "", priced ? p->price->date : "",
                      priced ? price_kind_name(p->price->kind) : "", part_summary(cat, id), raw["source"].get<std::string>(),
                      list_market_cell(p), p ? p->market.date : "", p ? p->market.source : ""});
  }
  return t.csv();
}

std::string catalog_list_table(const Catalog& cat, const std::vector<std::string>& ids) {
  Table t;
  t.headers = {"ID", "KIND", "NAME", "PRICE", "MARKET", "SUMMARY"};
  t.right_align = {false, false, false, true, false, false};
  for (const auto& id : ids) {
    const auto& raw = cat.raw(id);
    const PartBase* p = purchasable_part(cat, id);
    t.rows.push_back({id, raw["kind"].get<std::string>(), clip(raw["name"].get<std::string>(), kListNameColumn),
                      list_price_cell(p), list_market_cell(p), part_summary(cat, id)});
  }
  return t.render();
}

nlohmann::ordered_json catalog_part_json(const Catalog& cat, const std::string& id) {
  nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
  doc["part"] = part_json_id_first(cat.raw(id));
  doc["origin"] = cat.origin(id);
  return doc;
}

std::string catalog_part_text(const Catalog& cat, const std::string& id) {
  const auto& raw = cat.raw(id);
  std::string out = fmt::format("{} — {}\n", id, raw["name"].get<std::string>());
  out += fmt::format("{}\n", part_summary(cat, id));
  if (const PartBase* p = purchasable_part(cat, id)) {
    if (p->market.status == MarketStatus::Unknown)
      out += "market: unknown (no market status recorded)\n";
    else
      out += fmt::format("market: {} as of {} ({})\n", market_status_name(p->market.status), p->market.date,
                         p->market.source);
  }
  out += "\n";
  Table t;
  t.headers = {"FIELD", "VALUE"};
  const nlohmann::ordered_json part = part_json_id_first(raw);
  for (const auto& [k, v] : part.items())
    if (k != "id" && k != "name" && k != "notes") flatten_part_fields(v, k, t);
  out += t.render();
  if (raw.contains("notes")) out += "\nnotes: " + raw["notes"].get<std::string>() + "\n";
  out += "\nfrom: " + cat.origin(id) + "\n";
  return out;
}

nlohmann::ordered_json catalog_check_json(const std::vector<CatalogFileCheck>& checks) {
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const auto& c : checks) {
    nlohmann::ordered_json entry;
    entry["file"] = c.file;
    entry["valid"] = c.valid;
    if (c.valid) {
      entry["parts"] = c.parts;
      entry["price_updates"] = c.price_updates;
    }
    entry["errors"] = nlohmann::ordered_json::array();
    for (const auto& is : c.issues)
      entry["errors"].push_back({{"file", is.file}, {"pointer", is.pointer}, {"line", is.line},
                                 {"column", is.column}, {"message", is.message}});
    files.push_back(entry);
  }
  nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
  doc["files"] = files;
  return doc;
}

std::string catalog_check_line(const CatalogFileCheck& c) {
  return fmt::format("{}: ok, {} parts{}\n", c.file, c.parts,
                     c.price_updates ? fmt::format(", {} price updates", c.price_updates) : "");
}

}  // namespace rigplan

// `rigplan catalog list|show|validate`: browse the parts rigplan knows and check a user's own
// catalog files exactly as the loader would (`catalog prices` is in catalog_prices_cmd.cpp).
#include <fmt/format.h>

#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/document.hpp"
#include "rigplan/error.hpp"
#include "rigplan/part_summary.hpp"
#include "rigplan/table.hpp"
#include "util/json_text.hpp"
#include "util/utf8.hpp"
#include "util/number_text.hpp"

namespace rigplan::cli {

namespace {

constexpr std::size_t kNameColumn = 44;  // characters of a part's name shown in tables

// The price costs use, as "$1,499 street 2025-07-23"; "" when the part has none.
std::string price(const PartBase* p) {
  if (!p || !p->price) return "";
  return fmt::format("{} {}", dollars(p->price->usd), price_kind_name(p->price->kind));
}

// The market status for a table column: "current", "discontinued", "used_only"; "" when unknown.
std::string market(const PartBase* p) {
  if (!p || p->market.status == MarketStatus::Unknown) return "";
  return market_status_name(p->market.status);
}

// Part JSON with the identifying fields first, the rest as written (keys sorted).
nlohmann::ordered_json ordered_part(const nlohmann::json& raw) {
  nlohmann::ordered_json out;
  for (const char* k : {"id", "kind", "name"})
    if (raw.contains(k)) out[k] = raw[k];
  for (const auto& [k, v] : raw.items())
    if (k != "id" && k != "kind" && k != "name") out[k] = v;
  return out;
}

void list(const Globals& g, const std::string& kind_filter, const std::string& format) {
  Catalog cat = load_catalog(g);
  std::vector<std::string> ids;
  for (Kind k : kAllKinds) {
    if (!kind_filter.empty() && kind_filter != kind_name(k)) continue;
    auto some = cat.ids(k);
    ids.insert(ids.end(), some.begin(), some.end());
  }
  if (format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
    doc["parts"] = nlohmann::ordered_json::array();
    for (const auto& id : ids) doc["parts"].push_back(ordered_part(cat.raw(id)));
    print_json(doc);
    return;
  }
  Table t;
  if (format == "csv") {
    t.headers = {"id", "kind", "name", "price_usd", "price_date", "price_kind", "summary", "source",
                 "market", "market_date", "market_source"};
    for (const auto& id : ids) {
      const auto& raw = cat.raw(id);
      const PartBase* p = part_of(cat, id);
      bool priced = p && p->price;
      t.rows.push_back({id, raw["kind"].get<std::string>(), raw["name"].get<std::string>(),
                        priced ? fmt::format("{:g}", p->price->usd) : "", priced ? p->price->date : "",
                        priced ? price_kind_name(p->price->kind) : "", part_summary(cat, id), raw["source"].get<std::string>(),
                        market(p), p ? p->market.date : "", p ? p->market.source : ""});
    }
    std::cout << t.csv();
    return;
  }
  t.headers = {"ID", "KIND", "NAME", "PRICE", "MARKET", "SUMMARY"};
  t.right_align = {false, false, false, true, false, false};
  for (const auto& id : ids) {
    const auto& raw = cat.raw(id);
    const PartBase* p = part_of(cat, id);
    t.rows.push_back({id, raw["kind"].get<std::string>(), clip(raw["name"].get<std::string>(), kNameColumn),
                      price(p), market(p), part_summary(cat, id)});
  }
  std::cout << t.render() << std::flush;
  std::cerr << fmt::format("{} parts\n", ids.size());
}

void flatten(const nlohmann::json& v, const std::string& prefix, Table& t) {
  if (v.is_object() && !v.empty()) {
    for (const auto& [k, sub] : v.items()) flatten(sub, prefix.empty() ? k : prefix + "." + k, t);
  } else if (v.is_array() && !v.empty() && v.front().is_object()) {
    for (std::size_t i = 0; i < v.size(); ++i) flatten(v[i], fmt::format("{}[{}]", prefix, i), t);
  } else {
    std::string text = v.is_string() ? v.get<std::string>() : dump_json(v);
    t.rows.push_back({prefix, text});
  }
}

void show(const Globals& g, const std::string& id, const std::string& format) {
  Catalog cat = load_catalog(g);
  if (auto problem = cat.id_problem(id)) input_error(*problem);
  const auto& raw = cat.raw(id);
  if (format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
    doc["part"] = ordered_part(raw);
    doc["origin"] = cat.origin(id);
    print_json(doc);
    return;
  }
  std::cout << fmt::format("{} — {}\n", id, raw["name"].get<std::string>());
  std::cout << fmt::format("{}\n", part_summary(cat, id));
  if (const PartBase* p = part_of(cat, id)) {
    if (p->market.status == MarketStatus::Unknown)
      std::cout << "market: unknown (no market status recorded)\n";
    else
      std::cout << fmt::format("market: {} as of {} ({})\n", market_status_name(p->market.status), p->market.date,
                               p->market.source);
  }
  std::cout << "\n";
  Table t;
  t.headers = {"FIELD", "VALUE"};
  const nlohmann::ordered_json part = ordered_part(raw);
  for (const auto& [k, v] : part.items())
    if (k != "id" && k != "name" && k != "notes") flatten(v, k, t);
  std::cout << t.render();
  if (raw.contains("notes")) std::cout << "\nnotes: " << raw["notes"].get<std::string>() << "\n";
  std::cout << "\nfrom: " << cat.origin(id) << "\n";
}

int validate(const Globals& g, const std::vector<std::string>& files, const std::string& format) {
  nlohmann::ordered_json report = nlohmann::ordered_json::array();
  int code = 0;
  for (const auto& file : files) {
    nlohmann::ordered_json entry;
    entry["file"] = file;
    try {
      // Read once (the file may be stdin, "-"), then layered on the --catalog files as `load` would.
      std::string text = read_input_file(file);
      Catalog cat = Catalog::load(g.catalogs);
      cat.add_layer(text, file, /*builtin=*/false);
      std::size_t parts = 0;  // the parts this file defines (ids are unique within a file)
      for (const auto& id : cat.ids(std::nullopt)) parts += cat.origin(id) == file;
      auto doc = nlohmann::json::parse(text);  // valid: add_layer parsed it
      std::size_t updates = doc.contains("price_updates") ? doc["price_updates"].size() : 0;
      entry["valid"] = true;
      entry["parts"] = parts;
      entry["price_updates"] = updates;
      entry["errors"] = nlohmann::ordered_json::array();
      if (format != "json")
        std::cout << fmt::format("{}: ok, {} parts{}\n", file, parts,
                                 updates ? fmt::format(", {} price updates", updates) : "");
    } catch (const InputError& e) {
      code = 2;
      entry["valid"] = false;
      entry["errors"] = nlohmann::ordered_json::array();
      for (const auto& is : e.issues()) {
        entry["errors"].push_back({{"file", is.file}, {"pointer", is.pointer}, {"line", is.line},
                                   {"column", is.column}, {"message", is.message}});
        if (format != "json") std::cerr << "rigplan: error: " << is.to_string() << "\n";
      }
    }
    report.push_back(entry);
  }
  if (format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
    doc["files"] = report;
    print_json(doc);
  }
  return code;
}

}  // namespace

void register_catalog(CLI::App& app, Globals& g) {
  auto* cmd = app.add_subcommand("catalog", "Browse the parts catalog and validate catalog files");
  cmd->require_subcommand(1);

  auto* ls = cmd->add_subcommand("list", "List parts (all, or one kind)");
  auto kind = std::make_shared<std::string>();
  auto ls_format = std::make_shared<std::string>("table");
  std::vector<std::string> kinds;
  for (Kind k : kAllKinds) kinds.push_back(kind_name(k));
  ls->add_option("--kind", *kind, "Only parts of this kind")->check(CLI::IsMember(kinds));
  ls->add_option("--format", *ls_format, "table | json | csv")->check(CLI::IsMember({"table", "json", "csv"}));
  ls->callback([&g, kind, ls_format] { list(g, *kind, *ls_format); });

  auto* sh = cmd->add_subcommand("show", "Show every field of one part");
  auto id = std::make_shared<std::string>();
  auto sh_format = std::make_shared<std::string>("text");
  sh->add_option("ID", *id, "Part id")->required();
  sh->add_option("--format", *sh_format, "text (also spelled table, as in list) | json")
      ->check(CLI::IsMember({"text", "table", "json"}));
  sh->callback([&g, id, sh_format] { show(g, *id, *sh_format); });

  auto* va = cmd->add_subcommand("validate", "Check catalog files as the loader does (exit 0 valid, 2 not)");
  auto files = std::make_shared<std::vector<std::string>>();
  auto va_format = std::make_shared<std::string>("text");
  va->add_option("FILE", *files, "Catalog files")->required();
  va->add_option("--format", *va_format, "text | json")->check(CLI::IsMember({"text", "json"}));
  va->callback([&g, files, va_format] { g.exit_code = validate(g, *files, *va_format); });

  register_catalog_prices(*cmd, g);
}

}  // namespace rigplan::cli

// All-or-nothing merging of catalog files (see catalog_layers.hpp).
#include "catalog/catalog_layers.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "util/embedded_schema.hpp"
#include "catalog/part_checks.hpp"
#include "rigplan/error.hpp"
#include "util/json_text.hpp"
#include "util/suggest.hpp"

namespace rigplan {

using nlohmann::json;

namespace {

// Most errors reported per file: a user fixes a file in passes anyway, and a file with an
// error per part (100,000 copies of one id) must not make a message of 100,000 lines.
constexpr std::size_t kMaxIssuesPerFile = 50;

// Turns located schema errors of one file into input issues with line and column, in document
// order, at most kMaxIssuesPerFile of them (then one line saying how many more).
void collect(const LayerFile& file, const std::vector<SchemaError>& errors, std::vector<InputIssue>& out) {
  TextLocator where(file.text);
  std::vector<std::pair<std::size_t, InputIssue>> located;
  for (const auto& e : errors) {
    InputIssue issue{file.name, e.pointer, 0, 0, e.message};
    auto at = where.locate_nearest(e.pointer);
    if (at) {
      auto p = where.position(*at);
      issue.line = p.line;
      issue.column = p.column;
    }
    located.emplace_back(at.value_or(0), std::move(issue));
  }
  std::stable_sort(located.begin(), located.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < located.size() && i < kMaxIssuesPerFile; ++i) out.push_back(std::move(located[i].second));
  if (located.size() > kMaxIssuesPerFile)
    out.push_back(InputIssue{file.name, "", 0, 0,
                             fmt::format("... and {} more errors in this file", located.size() - kMaxIssuesPerFile)});
}

// Catalog files before the price model wrote a bare `price_usd` (with `price_seen` and
// `price_source`). Those fields are refused with the new shape spelled out, in place of the schema's
// plain "unknown field" (cloud offers keep `price_seen`: it dates their hourly rate).
void refuse_old_prices(const json& doc, std::vector<SchemaError>& errors) {
  if (!doc.is_object() || !doc.contains("parts") || !doc["parts"].is_array()) return;
  const auto& parts = doc["parts"];
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto& p = parts[i];
    if (!p.is_object() || p.value("kind", "") == "cloud") continue;
    for (const char* key : {"price_usd", "price_seen", "price_source"}) {
      if (!p.contains(key)) continue;
      std::string at = fmt::format("/parts/{}/{}", i, key);
      errors.erase(std::remove_if(errors.begin(), errors.end(), [&](const SchemaError& e) { return e.pointer == at; }),
                   errors.end());
      errors.push_back({at, fmt::format("\"{}\" is no longer read: a part's price is now a list, \"prices\": "
                                        "[{{\"usd\": 699, \"date\": \"2026-11\", \"kind\": \"quote\", \"source\": \"where it came from\"}}] "
                                        "(kind msrp | street | list | quote; see docs/catalog-data-guide.md)", key)});
    }
  }
}

// A file's "price_updates": each replaces the prices of a part already merged (this file's own
// parts included) and drops its no_price and no_recent_price. An unknown id, a part that is not bought (an outlet, a
// cloud offer: its rate is usd_per_hour) or a second update of one id in a file is an error.
void apply_price_updates(json& doc, CatalogEntries& merged, std::vector<SchemaError>& errors) {
  if (!doc.contains("price_updates")) return;
  auto& updates = doc["price_updates"];
  std::map<std::string, std::size_t> seen;
  std::vector<std::string> ids;
  for (const auto& [id, e] : merged) ids.push_back(id);
  for (std::size_t i = 0; i < updates.size(); ++i) {
    std::string at = fmt::format("/price_updates/{}", i);
    std::string id = updates[i].at("id").get<std::string>();
    auto it = merged.find(id);
    if (it == merged.end()) {
      // A did-you-mean compares the id with every catalog id: only for the errors that will be
      // printed (the first kMaxIssuesPerFile, all from here), not for 100,000 unknown ids.
      errors.push_back({at + "/id", fmt::format("unknown part \"{}\"{}", id,
                                                errors.size() < kMaxIssuesPerFile ? did_you_mean(id, ids, 3) : "")});
      continue;
    }
    if (!purchasable(it->second.kind)) {
      errors.push_back({at + "/id", fmt::format("\"{}\" is {} and has no purchase price{}", id,
                                                it->second.kind == Kind::Outlet ? "an outlet" : "a cloud offer",
                                                it->second.kind == Kind::Cloud ? " (overlay the offer itself to change its usd_per_hour)" : "")});
      continue;
    }
    if (auto s = seen.find(id); s != seen.end()) {
      errors.push_back({at + "/id", fmt::format("a second price update of \"{}\" (first at /price_updates/{})", id, s->second)});
      continue;
    }
    seen[id] = i;
    it->second.raw["prices"] = std::move(updates[i]["prices"]);
    it->second.raw.erase("no_price");
    it->second.raw.erase("no_recent_price");  // the reason was about the catalog's prices, now replaced
  }
}

}  // namespace

CatalogEntries merge_layer(const CatalogEntries& base, const std::vector<LayerFile>& files, bool builtin, bool schema) {
  CatalogEntries merged = base;
  std::vector<InputIssue> issues;
  std::vector<std::string> layer_ids;  // ids this layer defined, to check their references
  std::map<std::string, const LayerFile*> file_of;

  for (const auto& file : files) {
    json doc = parse_json(file.text, file.name);  // throws with line:column
    if (doc.is_object() && doc.contains("parts") && doc["parts"].is_array() && doc["parts"].size() > kMaxPartsPerFile) {
      issues.push_back(InputIssue{file.name, "/parts", 0, 0,
                                  fmt::format("{} parts; a catalog file holds at most {} (split it into several files)",
                                              doc["parts"].size(), kMaxPartsPerFile)});
      continue;
    }
    if (doc.is_object() && doc.contains("price_updates") && doc["price_updates"].is_array() &&
        doc["price_updates"].size() > kMaxPriceUpdatesPerFile) {
      issues.push_back(InputIssue{file.name, "/price_updates", 0, 0,
                                  fmt::format("{} price updates; a catalog file holds at most {} (split it into several files)",
                                              doc["price_updates"].size(), kMaxPriceUpdatesPerFile)});
      continue;
    }
    auto errors = schema ? catalog_schema().validate(doc) : std::vector<SchemaError>{};
    refuse_old_prices(doc, errors);
    if (errors.empty() && !doc.contains("parts") && !doc.contains("price_updates"))
      errors.push_back({"", "a catalog file has \"parts\", \"price_updates\" or both; this one has neither"});
    std::map<std::string, std::size_t> seen_here;
    if (errors.empty()) {
      json none = json::array();  // a file of price updates only
      json& parts = doc.contains("parts") ? doc["parts"] : none;
      for (std::size_t i = 0; i < parts.size(); ++i) {
        auto& p = parts[i];
        std::string at = fmt::format("/parts/{}", i);
        std::string id = p.at("id").get<std::string>();
        Kind kind = *kind_from_name(p.at("kind").get<std::string>());
        check_part_sense(kind, p, at, errors);
        if (auto it = seen_here.find(id); it != seen_here.end()) {
          errors.push_back({at + "/id", fmt::format("duplicate id \"{}\" (first defined at /parts/{})", id, it->second)});
          continue;
        }
        seen_here[id] = i;
        if (auto it = merged.find(id); builtin && it != merged.end() && it->second.origin != file.name &&
                                       !base.count(id)) {
          errors.push_back({at + "/id", fmt::format("duplicate id \"{}\" (also defined in {})", id, it->second.origin)});
          continue;
        }
        merged[id] = CatalogEntry{kind, std::move(p), file.name, i};  // the document is not read again
        layer_ids.push_back(id);
      }
      if (errors.empty()) apply_price_updates(doc, merged, errors);
    }
    file_of[file.name] = &file;
    collect(file, errors, issues);
  }
  if (!issues.empty()) throw InputError(std::move(issues));

  // References, checked on the merged result: the layer's own parts, and earlier parts whose
  // targets the layer replaced with a part of another kind.
  std::vector<std::string> all_ids;
  for (const auto& [id, e] : merged) all_ids.push_back(id);
  KindLookup kind_of = [&](const std::string& id) -> std::optional<Kind> {
    auto it = merged.find(id);
    if (it == merged.end()) return std::nullopt;
    return it->second.kind;
  };
  std::map<std::string, std::vector<SchemaError>> errors_by_file;
  for (const auto& [id, e] : merged) {
    std::vector<SchemaError> errs;
    check_part_references(e.kind, e.raw, fmt::format("/parts/{}", e.index), kind_of, all_ids, errs);
    for (auto& err : errs) errors_by_file[e.origin].push_back(std::move(err));
  }
  for (const auto& [name, errs] : errors_by_file) {
    if (auto it = file_of.find(name); it != file_of.end()) {
      collect(*it->second, errs, issues);
    } else {
      // A part of an earlier layer, broken by this one: name the files that did it.
      std::string layer;
      for (const auto& f : files) layer += (layer.empty() ? "" : ", ") + f.name;
      for (const auto& e : errs)
        issues.push_back(InputIssue{name, e.pointer, 0, 0,
                                    fmt::format("{} (after {} replaced a part it names)", e.message, layer)});
    }
  }
  if (!issues.empty()) throw InputError(std::move(issues));
  return merged;
}

}  // namespace rigplan

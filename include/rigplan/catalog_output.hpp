// The documents of `rigplan catalog list|show|validate|prices`: tables and CSV for people and
// spreadsheets, JSON for scripts (DocumentKind::Catalog, docs/json-contract.md) and the
// price-update file a user fills in with their own quotes. What is listed is decided by the
// catalog (rigplan/catalog_query.hpp) and by list_prices (rigplan/price_listing.hpp); nothing is
// decided here.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/catalog_query.hpp"
#include "rigplan/price_listing.hpp"

namespace rigplan {

// `catalog list`: the parts `ids` names, as a JSON document (each part's JSON with id, kind and
// name first), as CSV, or as a table (name clipped, price, market, summary).
nlohmann::ordered_json catalog_list_json(const Catalog& cat, const std::vector<std::string>& ids);
std::string catalog_list_csv(const Catalog& cat, const std::vector<std::string>& ids);
std::string catalog_list_table(const Catalog& cat, const std::vector<std::string>& ids);

// `catalog show`: one part's every field, as a JSON document (with the file it came from) or as
// text (summary, market, a FIELD/VALUE table of the flattened fields, notes, origin).
nlohmann::ordered_json catalog_part_json(const Catalog& cat, const std::string& id);
std::string catalog_part_text(const Catalog& cat, const std::string& id);

// `catalog validate`: the files' checks as one JSON document, or one line per valid file
// ("x.json: ok, 3 parts, 1 price updates"); an invalid file's issues are printed as errors.
nlohmann::ordered_json catalog_check_json(const std::vector<CatalogFileCheck>& checks);
std::string catalog_check_line(const CatalogFileCheck& check);

// `catalog prices`: the listing as a JSON document, as a table or CSV (the last column the
// source or why there is no price; with `stale`, why no newer price is on record), the note that
// follows the table, and the price-update file (a priced part keeps its prices to edit; an
// unpriced one gets an empty quote the loader refuses until it is filled in).
nlohmann::ordered_json price_list_json(const Catalog& cat, const PriceListing& l);
std::string price_list_table(const Catalog& cat, const PriceListing& l, bool csv, bool stale);
std::string price_list_note(const PriceListing& l, bool stale);
nlohmann::ordered_json price_update_file(const PriceListing& l);

}  // namespace rigplan

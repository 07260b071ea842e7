// Merging a layer of catalog files onto the entries already loaded, all-or-nothing: parse each
// file (syntax errors located by line and column), validate it against the catalog schema and
// the per-part sense checks, reject duplicate ids, apply its price updates (new prices for parts
// already loaded, so a user's quotes need not restate a part), then check every reference in the
// merged result. On any error, throws one InputError listing every issue with its location; the
// entries passed in are never modified.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/parts.hpp"

namespace rigplan {

// Most parts one catalog file may hold (docs/limits.md): the built-in catalog has about a
// thousand in all; a file of 20,000 loads in well under a second.
inline constexpr std::size_t kMaxPartsPerFile = 50'000;
// Price updates one file may carry: as many as parts (the built-in catalog has under 500).
inline constexpr std::size_t kMaxPriceUpdatesPerFile = 50'000;

struct CatalogEntry {
  Kind kind = Kind::Gpu;
  nlohmann::json raw;  // the part as written
  std::string origin;  // file it came from
  std::size_t index = 0;  // position in that file's "parts"
};

using CatalogEntries = std::map<std::string, CatalogEntry, std::less<>>;

struct LayerFile {
  std::string text;
  std::string name;  // as reported in messages
};

// Built-in layers may not define one id in two files; user layers replace earlier definitions.
// `schema` = false skips JSON-Schema validation (only for the embedded files, which a test validates).
CatalogEntries merge_layer(const CatalogEntries& base, const std::vector<LayerFile>& files, bool builtin,
                           bool schema = true);

}  // namespace rigplan

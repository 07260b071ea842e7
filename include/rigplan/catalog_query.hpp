// What `rigplan catalog list|show|validate` ask of the catalog, as library calls: the ids of one
// kind or all, a part's common fields (price, market, source) when the part is bought, and the
// check of a user's catalog file exactly as the loader layers it. The documents they print are
// report/'s (rigplan/catalog_output.hpp); the command only reads flags.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/error.hpp"

namespace rigplan {

// The part `id` names as its common fields (price, source, notes, market), or null for a kind
// that is not bought (an outlet, a cloud offer: its rate is usd_per_hour). `id` must be in `cat`.
const PartBase* purchasable_part(const Catalog& cat, const std::string& id);

// Whether `id` is a part bought on its own, the unit price coverage counts (`rigplan catalog prices`
// and tools/catalog_prices.py --coverage apply the same rule): a kind that is bought, and not
//  - a product class: an id whose vendor is "generic" (the partial-build stand-ins, the unbranded
//    open frame and USB riser) names no one product, so no one price represents it;
//  - a barebone's own board or chassis: the maker sells it only inside the server, whose price
//    covers it. A barebone's PSU modules are counted: server modules are also sold as spares.
bool bought_on_its_own(const Catalog& cat, const std::string& id);

// Every id of `kind` (all kinds when absent), kind by kind in Kind order, sorted within a kind.
std::vector<std::string> catalog_ids(const Catalog& cat, std::optional<Kind> kind);

// One catalog file checked as `--catalog` would load it, on top of `overlays`.
struct CatalogFileCheck {
  std::string file;
  bool valid = false;
  std::size_t parts = 0;          // the parts the file defines
  std::size_t price_updates = 0;  // its "price_updates" entries
  std::vector<InputIssue> issues; // why it is not valid, in document order
};

// Reads `file` ("-" is stdin) once and layers it on the built-in catalog and `overlays`; a file
// that does not load is reported in the result, never thrown.
CatalogFileCheck check_catalog_file(const std::vector<std::string>& overlays, const std::string& file);

}  // namespace rigplan

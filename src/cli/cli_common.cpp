// Shared CLI plumbing (see cli_common.hpp).
#include "cli/cli_common.hpp"

#include <iostream>

namespace rigplan::cli {

Catalog load_catalog(const Globals& g) { return Catalog::load(g.catalogs); }

void print_json(nlohmann::ordered_json doc) {
  std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace rigplan::cli

// The catalog's data date (see include/rigplan/catalog_date.hpp).
#include "rigplan/catalog_date.hpp"

#include <nlohmann/json.hpp>

namespace rigplan {

std::string catalog_data_date(const Catalog& c) {
  std::string newest;
  for (const auto& id : c.ids()) {
    const nlohmann::json& raw = c.raw(id);
    auto it = raw.find("prices");
    if (it == raw.end() || !it->is_array()) continue;
    for (const auto& p : *it)
      if (p.contains("date") && p["date"].is_string()) newest = std::max(newest, p["date"].get<std::string>());
  }
  return newest.empty() ? "unknown" : newest;
}

}  // namespace rigplan

// One-line human summaries of parts ("24 GiB GDDR6X · 936 GB/s · 350 W · 3 slots · NVLink 3"),
// used by `catalog list` and anywhere a part is named in a table. Presentation only.
#pragma once

#include <string>
#include <string_view>

#include "rigplan/catalog.hpp"

namespace rigplan {

std::string part_summary(const Catalog& catalog, std::string_view id);

}  // namespace rigplan

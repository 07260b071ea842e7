// How current a catalog's data is: the newest date any of its parts states for a price (every
// price carries the date it was seen). `rigplan --version` prints it for the built-in catalog, so
// a bug report says which data it was made with.
#pragma once

#include <string>

#include "rigplan/catalog.hpp"

namespace rigplan {

// "YYYY-MM-DD" (or "YYYY-MM" where the newest date has no day); "unknown" when no part has one.
std::string catalog_data_date(const Catalog& c);

}  // namespace rigplan

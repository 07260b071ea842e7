// Kind names as they appear in catalog files (the table is kKinds, rigplan/parts.hpp).
#include "rigplan/parts.hpp"

namespace rigplan {

std::optional<Kind> kind_from_name(const std::string& name) {
  for (Kind k : kAllKinds)
    if (name == kind_name(k)) return k;
  return std::nullopt;
}

}  // namespace rigplan

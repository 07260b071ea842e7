// The schemas compiled into the binary (data/schema/*.json), parsed once per process.
#pragma once

#include <string_view>

#include "util/json_schema.hpp"

namespace rigplan {

// Throws std::logic_error if the named schema is not embedded (a build mistake).
const JsonSchema& embedded_schema(std::string_view file_name);  // e.g. "catalog.schema.json"
inline const JsonSchema& catalog_schema() { return embedded_schema("catalog.schema.json"); }

}  // namespace rigplan

// Checks a schema cannot express: sense within one part (a PCIe card needs a slot width, a
// board's sharing rules must name its own slots, boost clock at least base clock) and
// references between parts (a node's GPU, a bridge's cards, a cloud offer's GPU must exist and
// be of the right kind). Each finding is a SchemaError located by JSON pointer.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/parts.hpp"
#include "util/json_schema.hpp"

namespace rigplan {

// `part` is schema-valid; `at` is its pointer ("/parts/3").
void check_part_sense(Kind kind, const nlohmann::json& part, const std::string& at,
                      std::vector<SchemaError>& out);

// `kind_of` answers for the merged catalog (nullopt = no such id).
using KindLookup = std::function<std::optional<Kind>(const std::string&)>;
void check_part_references(Kind kind, const nlohmann::json& part, const std::string& at,
                           const KindLookup& kind_of, const std::vector<std::string>& all_ids,
                           std::vector<SchemaError>& out);

}  // namespace rigplan

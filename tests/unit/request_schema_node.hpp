// The schema node a request-key table entry stands for (include/rigplan/request_keys.hpp): what
// data/schema/{size,cluster,plan}.schema.json must hold under "properties" for that key. The
// schema agreement test compares the files with it; its "[.generate]" case prints it.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "rigplan/assumptions.hpp"
#include "rigplan/request_keys.hpp"

namespace rigplan::test {

using nlohmann::json;

// A number as JSON writes it best: 1000 as an integer, 0.05 as a double.
inline json num_json(double v) {
  if (std::floor(v) == v && std::fabs(v) < 9e15) return static_cast<long long>(v);
  return v;
}

// The schema node a table entry stands for.
inline json expected_node(const RequestKey& k) {
  json n = json::object();
  switch (k.type) {
    case KeyType::Integer:
    case KeyType::Number:
      n["type"] = k.type == KeyType::Integer ? "integer" : "number";
      n[k.lo_open ? "exclusiveMinimum" : "minimum"] = num_json(k.lo);
      n["maximum"] = num_json(k.hi);
      break;
    case KeyType::Word:
      n["type"] = "string";
      n["enum"] = json::array();
      for (auto w : k.words) n["enum"].push_back(std::string(w));
      break;
    case KeyType::Flag: n["type"] = "boolean"; break;
    case KeyType::Text:
    case KeyType::Model:
    case KeyType::Part:
    case KeyType::Path: n["type"] = "string"; break;
    case KeyType::Ids: n["$ref"] = "#/$defs/ids"; break;
    case KeyType::GpuRange:
      n["oneOf"] = json::array({json{{"type", "integer"}, {"minimum", num_json(k.lo)}, {"maximum", num_json(k.hi)}},
                                json{{"type", "string"}, {"pattern", "^[0-9]{1,2}(\\.\\.[0-9]{1,2})?$"}}});
      break;
    case KeyType::Object: n["type"] = "object"; break;
    case KeyType::Assume:
      n["type"] = "object";
      n["additionalProperties"] = false;
      n["properties"] = json::object();
      for (const auto& a : assumption_docs())
        n["properties"][std::string(a.name)] = {{"type", "number"},
                                                {"minimum", num_json(kAssumptionMin)},
                                                {"maximum", num_json(kAssumptionMax)},
                                                {"description", fmt::format("{} ({})", a.doc, a.unit)}};
      break;
    case KeyType::Version:
      n["type"] = "integer";
      n["enum"] = json::array({num_json(k.lo)});
      break;
  }
  n["description"] = std::string(k.doc);
  if (!k.def.is_null()) n["default"] = k.def.is_number() ? num_json(k.def.get<double>()) : k.def;
  return n;
}

}  // namespace rigplan::test

// Reading a command's JSON document (the one `--format json` prints) by JSON pointer, for the
// report sections drawn from it: a missing field, or one of another type, reads as empty or 0,
// so a section shows what the document has. One definition for every section.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace rigplan::html {

inline const nlohmann::ordered_json* json_at(const nlohmann::ordered_json& doc, const char* ptr) {
  auto p = nlohmann::ordered_json::json_pointer(ptr);
  return doc.contains(p) ? &doc[p] : nullptr;
}

inline double number_at(const nlohmann::ordered_json& doc, const char* ptr) {
  const auto* v = json_at(doc, ptr);
  return v && v->is_number() ? v->get<double>() : 0.0;
}

inline std::string text_at(const nlohmann::ordered_json& doc, const char* ptr) {
  const auto* v = json_at(doc, ptr);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

}  // namespace rigplan::html

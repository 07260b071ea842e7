// A report's JSON document as a table of fields: each scalar's JSON pointer, how to read it
// straight from the report, and whether it is present. The command's `--format json` document is
// built from the table, and a sweep reads just the metrics it names through the same table, so a
// metric costs a function call rather than a whole document, and the two cannot disagree.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>
#include <variant>
#include <vector>

namespace rigplan {

// One scalar of a document; strings point into the report or static storage.
using Scalar = std::variant<std::nullptr_t, bool, long long, double, std::string_view>;

nlohmann::ordered_json to_json(const Scalar& s);

template <class Report>
struct ReportField {
  std::string_view pointer;             // "/memory/per_gpu/total_bytes"
  Scalar (*get)(const Report&) = nullptr;    // a scalar; without it, the field is `block` or an object
  bool (*present)(const Report&) = nullptr;  // nullptr = always present
  int needs = 0;                        // work the report must have done for this field (a bit set)
  nlohmann::ordered_json (*block)(const Report&) = nullptr;  // a whole array or object at once
};

// The document the fields describe, in table order.
template <class Report>
nlohmann::ordered_json document_from_fields(const std::vector<ReportField<Report>>& fields, const Report& r) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& f : fields) {
    if (f.present && !f.present(r)) continue;
    nlohmann::ordered_json::json_pointer p{std::string(f.pointer)};
    j[p] = f.get ? to_json(f.get(r)) : f.block ? f.block(r) : nlohmann::ordered_json::object();
  }
  return j;
}

// The field at `pointer`, or nullptr (not a scalar of the document).
template <class Report>
const ReportField<Report>* find_field(const std::vector<ReportField<Report>>& fields, std::string_view pointer) {
  for (const auto& f : fields)
    if (f.pointer == pointer && f.get) return &f;
  return nullptr;
}

}  // namespace rigplan

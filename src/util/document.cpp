// The table of document kinds and their current schema versions (rigplan/document.hpp).
#include "rigplan/document.hpp"

namespace rigplan {

const std::vector<DocumentSpec>& document_kinds() {
  static const std::vector<DocumentSpec> t = {
      {DocumentKind::Check, "check", 2},     {DocumentKind::Topo, "topo", 1},
      {DocumentKind::Plan, "plan", 1},       {DocumentKind::Size, "size", 1},
      {DocumentKind::Cluster, "cluster", 1}, {DocumentKind::Tco, "tco", 1},
      {DocumentKind::Catalog, "catalog", 1}, {DocumentKind::Rules, "rules", 1},
      {DocumentKind::Inspect, "inspect", 1}, {DocumentKind::BuildFile, "build file", 1},
  };
  return t;
}

int schema_version(DocumentKind kind) {
  for (const auto& d : document_kinds())
    if (d.kind == kind) return d.schema_version;
  return 0;  // unreachable: every kind is in the table (tests/unit/document_test.cpp)
}

nlohmann::ordered_json new_document(DocumentKind kind) {
  nlohmann::ordered_json j;
  j["schema_version"] = schema_version(kind);
  return j;
}

}  // namespace rigplan

// The documents rigplan writes for scripts (`--format json`), declared once: each kind's name
// and the schema_version it carries now. Every command starts its document here, so a version is
// written in one place; docs/json-contract.md's versions table lists the same (a test holds
// them equal) and says what changed with each version.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

namespace rigplan {

enum class DocumentKind { Check, Topo, Plan, Size, Cluster, Tco, Catalog, Rules, Inspect, BuildFile };

struct DocumentSpec {
  DocumentKind kind;
  std::string_view name;  // as docs/json-contract.md's versions table names it
  int schema_version;
};

const std::vector<DocumentSpec>& document_kinds();
int schema_version(DocumentKind kind);

// A new document of `kind`: {"schema_version": N}, the first key of every document.
nlohmann::ordered_json new_document(DocumentKind kind);

}  // namespace rigplan

// The document kinds and their versions (rigplan/document.hpp) are what docs/json-contract.md's
// "Current versions" table says: one row per kind, the same version; and every new document
// opens with that version.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "rigplan/document.hpp"

using namespace rigplan;

namespace {

std::map<std::string, int> contract_versions() {
  std::ifstream f(std::string(RIGPLAN_SOURCE_DIR) + "/docs/json-contract.md");
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  auto start = text.find("## Current versions");
  auto end = text.find("\n## ", start + 1);
  REQUIRE(start != std::string::npos);
  std::map<std::string, int> out;
  std::istringstream rows(text.substr(start, end - start));
  std::string line;
  // | check | `rigplan check --format json` | 2 |  (the first cell, with any "(...)" dropped)
  std::regex row(R"(^\| ([a-z ]+?)(?: \([^|]*\))? \|.*\| (\d+) \|$)");
  std::smatch m;
  while (std::getline(rows, line))
    if (std::regex_match(line, m, row)) out[m[1]] = std::stoi(m[2]);
  return out;
}

}  // namespace

TEST_CASE("every document kind is in json-contract.md's versions table with the same version") {
  auto documented = contract_versions();
  REQUIRE(documented.size() == document_kinds().size());
  for (const auto& d : document_kinds()) {
    INFO(d.name);
    REQUIRE(documented.count(std::string(d.name)) == 1);
    CHECK(documented[std::string(d.name)] == d.schema_version);
  }
}

TEST_CASE("a new document opens with its kind's schema_version") {
  for (const auto& d : document_kinds()) {
    auto j = new_document(d.kind);
    REQUIRE(j.size() == 1);
    CHECK(j.begin().key() == "schema_version");
    CHECK(j["schema_version"] == d.schema_version);
    CHECK(schema_version(d.kind) == d.schema_version);
  }
  CHECK(schema_version(DocumentKind::Check) == 2);  // renamed keys in 2026-11 (json-contract.md, "check 2")
}

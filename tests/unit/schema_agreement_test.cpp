// The catalog schema (data/schema/catalog.schema.json) and the typed loader agree: for every
// kind, the loader reads exactly the fields the schema defines (informational fields aside),
// so a field added to one and not the other fails here. The loader validates against this very
// schema, so what the schema accepts is what rigplan accepts.
#include <catch2/catch.hpp>

#include <set>

#include "util/embedded_schema.hpp"
#include "catalog/parse_parts.hpp"
#include "rigplan/build_fields.hpp"
#include "rigplan/catalog.hpp"
#include "util/embedded.hpp"
#include "test_catalog.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

void schema_paths(const JsonSchema& s, const json& node_in, const std::string& prefix, std::set<std::string>& out) {
  const json* node = &node_in;
  while (node->contains("$ref")) node = &s.resolve((*node)["$ref"].get<std::string>());
  if (node->contains("oneOf"))
    for (const auto& branch : (*node)["oneOf"]) schema_paths(s, branch, prefix, out);
  if (node->contains("items")) schema_paths(s, (*node)["items"], prefix + "*/", out);
  if (node->contains("properties"))
    for (const auto& [k, sub] : (*node)["properties"].items()) {
      out.insert(prefix + k);
      schema_paths(s, sub, prefix + k + "/", out);
    }
}

void parse_recorded(Kind k, const json& raw, std::set<std::string>& seen) {
  Fields f(raw, &seen);
  switch (k) {
    case Kind::Gpu: parse_gpu(f); break;
    case Kind::Cpu: parse_cpu(f); break;
    case Kind::Board: parse_board(f); break;
    case Kind::Memory: parse_memory(f); break;
    case Kind::Psu: parse_psu(f); break;
    case Kind::Chassis: parse_chassis(f); break;
    case Kind::Cooler: parse_cooler(f); break;
    case Kind::Storage: parse_storage(f); break;
    case Kind::NvlinkBridge: parse_nvlink_bridge(f); break;
    case Kind::Nic: parse_nic(f); break;
    case Kind::Switch: parse_switch(f); break;
    case Kind::Node: parse_node(f); break;
    case Kind::Outlet: parse_outlet(f); break;
    case Kind::Cloud: parse_cloud(f); break;
    case Kind::Riser: parse_riser(f); break;
  }
}

}  // namespace

TEST_CASE("the loader reads exactly the fields the schema defines, for every kind") {
  const JsonSchema& s = catalog_schema();
  const Catalog& c = Catalog::builtin();
  // A board with every optional array populated, so nested reads happen even if no built-in
  // board has them all.
  json board = json::parse(R"({"slots": [{}], "m2_slots": [{}], "sharing": [{}], "nodes": [], "nics": [{}], "prices": [{}]})");
  for (Kind k : kAllKinds) {
    INFO(kind_name(k));
    std::set<std::string> want;
    schema_paths(s, s.resolve(std::string("#/$defs/") + kind_name(k)), "", want);
    std::set<std::string> seen;
    parse_recorded(k, board, seen);  // array items for kinds that have them
    for (const auto& id : c.ids(k)) parse_recorded(k, c.raw(id), seen);
    if (k == Kind::Gpu) parse_recorded(k, test::gpu_part(), seen);
    for (const auto& p : seen) {
      INFO("loader reads " << p);
      CHECK(want.count(p) == 1);
    }
    for (const auto& p : want) {
      INFO("schema defines " << p);
      CHECK(seen.count(p) == 1);
    }
  }
}

TEST_CASE("every kind has a schema definition and the schema's kind list matches the code") {
  const JsonSchema& s = catalog_schema();
  const auto& kinds = s.resolve("#/$defs/part")["properties"]["kind"]["enum"];
  REQUIRE(kinds.size() == std::size(kAllKinds));
  for (Kind k : kAllKinds) {
    INFO(kind_name(k));
    CHECK(std::find(kinds.begin(), kinds.end(), json(kind_name(k))) != kinds.end());
    CHECK_NOTHROW(s.resolve(std::string("#/$defs/") + kind_name(k)));
  }
}

// The build-field table (rigplan/build_fields.hpp) and the build schema agree: every top-level
// key of a build file is a table row, a row's count key, or one of the few fields that name no
// part; and the table follows the schema's order, which is the order the writer emits.
TEST_CASE("build-field table matches build.schema.json", "[schema]") {
  std::string text;
  for (const auto& f : embedded::files())
    if (f.path == "data/schema/build.schema.json") text = std::string(f.content);
  REQUIRE(!text.empty());
  auto props = nlohmann::ordered_json::parse(text)["properties"];
  const std::set<std::string> no_part = {"$schema", "schema_version", "name", "notes", "software"};
  std::vector<std::string> expect, got;
  for (const auto& [k, v] : props.items())
    if (!no_part.count(k)) expect.push_back(k);
  for (const auto& f : build_fields()) {
    got.emplace_back(f.key);
    if (f.count) got.emplace_back(f.count_key);
    CHECK(build_field(f.key) == &f);
  }
  CHECK(got == expect);
  CHECK(build_field("riser") == nullptr);
}

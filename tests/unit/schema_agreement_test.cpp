// The catalog schema (data/schema/catalog.schema.json) and the typed loader agree: for every
// kind, the loader reads exactly the fields the schema defines (informational fields aside),
// so a field added to one and not the other fails here. The loader validates against this very
// schema, so what the schema accepts is what rigplan accepts.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <cmath>
#include <iostream>
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
    case Kind::Barebone: parse_barebone(f); break;
    case Kind::UnifiedSystem: parse_unified_system(f); break;
  }
}

}  // namespace

TEST_CASE("the loader reads exactly the fields the schema defines, for every kind") {
  const JsonSchema& s = catalog_schema();
  const Catalog& c = Catalog::builtin();
  // A board with every optional array populated, so nested reads happen even if no built-in
  // board has them all.
  json board = json::parse(R"({"slots": [{}], "m2_slots": [{}], "sharing": [{}], "nodes": [], "nics": [{}], "prices": [{}], "market": {}, "gpu_power_cables": {}})");
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
  // barebone names a part but supplies several table fields at once (board, chassis, psu,
  // psu_count), so the loader and writer handle it beside the table; psu_redundant is a number,
  // partial a yes/no about the file; psu_groups divide psu_count (src/builds/psu_groups.cpp).
  const std::set<std::string> no_part = {"$schema", "schema_version", "name", "notes", "software", "barebone",
                                         "psu_redundant", "partial", "psu_groups"};
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

// ---- Request schemas (issue 16): data/schema/{size,cluster,plan}.schema.json publish exactly the
// request-key table (include/rigplan/request_keys.hpp): the same keys in the same order, each with
// the table's type, range, words, default and doc as its "description".

#include "request_schema_node.hpp"
#include "util/embedded.hpp"

namespace {

json schema_file(RequestCommand cmd) {
  std::string path = "data/schema/" + std::string(request_schema_file(cmd));
  for (const auto& f : embedded::files())
    if (f.path == path) return json::parse(f.content);
  FAIL("not embedded: " << path);
  return nullptr;
}

const std::pair<RequestCommand, const char*> kRequestSchemas[] = {
    {kSizeRequest, "size"}, {kClusterRequest, "cluster"}, {kPlanRequest, "plan"}, {kTcoRequest, "tco"}};

}  // namespace

TEST_CASE("the request schemas publish exactly the request-key table") {
  for (const auto& [cmd, name] : kRequestSchemas) {
    INFO(name << " request");
    json s = schema_file(cmd);
    CHECK(s["type"] == "object");
    CHECK(s["additionalProperties"] == false);
    std::vector<std::string> in_schema;
    for (const auto& [k, v] : s["properties"].items()) in_schema.push_back(k);
    std::vector<std::string> in_table = request_key_names(cmd);
    std::vector<std::string> sorted_table = in_table;
    std::sort(sorted_table.begin(), sorted_table.end());  // nlohmann::json keeps properties sorted
    CHECK(in_schema == sorted_table);
    for (const RequestKey* k : request_keys(cmd)) {
      INFO("key " << k->name);
      auto it = s["properties"].find(std::string(k->name));
      if (it == s["properties"].end()) continue;
      CHECK(it->dump() == test::expected_node(*k).dump());
    }
  }
}

TEST_CASE("every request key has doc text, a flag name or none, and sane bounds") {
  for (const auto& k : all_request_keys()) {
    INFO(k.name);
    CHECK(k.doc.size() >= 8);
    CHECK(k.commands != 0);
    if (k.type == KeyType::Integer || k.type == KeyType::Number) {
      CHECK(k.lo <= k.hi);
      if (k.def.is_number()) CHECK_FALSE(key_range_error(k, k.def.get<double>()));
    }
    if (k.type == KeyType::Word) {
      CHECK_FALSE(k.words.empty());
      if (!k.def.is_null()) CHECK(std::find(k.words.begin(), k.words.end(), k.def.get<std::string>()) != k.words.end());
    }
  }
  // One declaration per key and command.
  for (unsigned cmd : {kSizeRequest, kClusterRequest, kPlanRequest, kPlanWorkload, kTcoRequest}) {
    auto names = request_key_names(static_cast<RequestCommand>(cmd));
    std::set<std::string> unique(names.begin(), names.end());
    CHECK(unique.size() == names.size());
  }
}

TEST_CASE("the training precisions are the precisions less the inference-only ones") {
  const auto& all = precisions();
  const auto& train = training_precisions();
  CHECK(std::vector<std::string_view>(all.begin(), all.begin() + 4) == train);
  CHECK(request_key(kClusterRequest, "precision").words == train);
  CHECK(request_key(kSizeRequest, "precision").words == all);
}

// Prints the schemas' "properties" as the table says; tools/request_schemas.py writes them into
// the files (run by hand after changing the table).
TEST_CASE("print the request schemas' properties", "[.generate]") {
  nlohmann::ordered_json out;  // the keys in the table's order
  for (const auto& [cmd, name] : kRequestSchemas)
    for (const RequestKey* k : request_keys(cmd))
      out[name][std::string(k->name)] = nlohmann::ordered_json::parse(test::expected_node(*k).dump());
  std::cout << out.dump(2) << "\n";
}

// The build-file schema (data/schema/build.schema.json): the examples a user copies validate,
// name only parts the built-in catalog has, and common mistakes are caught with a location.
#include <catch2/catch.hpp>

#include <filesystem>

#include "util/embedded_schema.hpp"
#include "rigplan/catalog.hpp"
#include "util/json_text.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {
std::vector<std::string> ids_in(const json& build) {
  std::vector<std::string> ids;
  for (const char* k : {"cpu", "board", "psu", "chassis", "cooler", "outlet", "nvlink_bridge"})
    if (build.contains(k) && build[k].is_string()) ids.push_back(build[k]);
  for (const char* k : {"memory", "gpus", "storage", "nics"})
    if (build.contains(k))
      for (const auto& e : build[k]) ids.push_back(e["part"]);
  return ids;
}
}  // namespace

TEST_CASE("every example build validates and names known parts") {
  const JsonSchema& s = embedded_schema("build.schema.json");
  const Catalog& c = Catalog::builtin();
  int seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds")) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().string());
    json b = parse_json(read_input_file(entry.path().string()), entry.path().string());
    CHECK(s.validate(b).empty());
    for (const auto& id : ids_in(b)) {
      INFO(id);
      CHECK(c.kind_of(id).has_value());
    }
    ++seen;
  }
  CHECK(seen >= 2);
}

TEST_CASE("the build schema catches typical mistakes") {
  const JsonSchema& s = embedded_schema("build.schema.json");
  auto first = [&](const char* text) {
    auto e = s.validate(json::parse(text));
    REQUIRE_FALSE(e.empty());
    return e[0];
  };
  CHECK(first(R"({"cpu": "amd-ryzen-9-7900"})").message == "missing required field \"gpus\"");
  auto e = first(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 0}]})");
  CHECK(e.pointer == "/gpus/0/count");
  e = first(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "power_limt_w": 250}]})");
  CHECK(e.message == "unknown field \"power_limt_w\" (did you mean \"power_limit_w\"?)");
  e = first(R"({"gpus": [], "software": {"cuda": "twelve"}})");
  CHECK(e.pointer == "/software/cuda");
  e = first(R"({"gpus": [{"part": "RTX 3090"}]})");
  CHECK(e.pointer == "/gpus/0/part");
}

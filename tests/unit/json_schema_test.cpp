// The schema-subset validator: each keyword rigplan's schemas use, and the messages it gives.
#include <catch2/catch.hpp>

#include "util/json_schema.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {
const JsonSchema& schema() {
  static JsonSchema s(json::parse(R"({
    "type": "object", "required": ["name", "watts"], "additionalProperties": false,
    "properties": {
      "name": {"type": "string", "minLength": 1},
      "id": {"type": "string", "pattern": "^[a-z]+$", "x-message": "must be lower-case letters"},
      "watts": {"type": "number", "minimum": 100, "maximum": 3000},
      "count": {"type": "integer", "exclusiveMinimum": 0},
      "form": {"enum": ["atx", "sfx"]},
      "cables": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/cable"}},
      "link": {"oneOf": [{"type": "null"}, {"type": "object", "required": ["gen"], "properties": {"gen": {"type": "integer"}}}]},
      "kind": {"type": "string"}
    },
    "allOf": [{"if": {"required": ["kind"], "properties": {"kind": {"const": "server"}}}, "then": {"required": ["count"]}}],
    "$defs": {"cable": {"type": "object", "required": ["pins"], "properties": {"pins": {"enum": [6, 8]}}}}
  })"));
  return s;
}
std::vector<SchemaError> errors(const char* doc) { return schema().validate(json::parse(doc)); }
}  // namespace

TEST_CASE("a valid document has no errors") {
  CHECK(errors(R"({"name": "x", "watts": 850, "count": 2, "form": "atx", "cables": [{"pins": 8}], "link": null})").empty());
  CHECK(errors(R"({"name": "x", "watts": 850, "link": {"gen": 3}})").empty());
}

TEST_CASE("type, required and unknown fields are reported with their pointers") {
  auto e = errors(R"({"name": "x", "watts": "850 W"})");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pointer == "/watts");
  CHECK(e[0].message == "expected a number, found a string (\"850 W\")");

  e = errors(R"({"name": "x"})");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pointer == "");
  CHECK(e[0].message == "missing required field \"watts\"");

  e = errors(R"({"name": "x", "watts": 850, "wats": 1})");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pointer == "/wats");
  CHECK(e[0].message == "unknown field \"wats\" (did you mean \"watts\"?)");
}

TEST_CASE("bounds, integers, enums and patterns") {
  auto e = errors(R"({"name": "x", "watts": 5000, "count": 0, "form": "atxx", "id": "A1"})");
  REQUIRE(e.size() == 4);
  CHECK(e[0].message == "0 must be greater than 0");
  CHECK(e[1].message == "\"atxx\" is not one of: atx, sfx (did you mean \"atx\"?)");
  CHECK(e[2].message == "\"A1\" must be lower-case letters");
  CHECK(e[3].message == "5000 is above the maximum 3000");
  CHECK(errors(R"({"name": "x", "watts": 850, "count": 2.0})").empty());
  CHECK(errors(R"({"name": "x", "watts": 850, "count": 2.5})")[0].message.find("expected an integer") == 0);
  CHECK(errors(R"({"name": "x", "watts": 1e308})")[0].message == "1e+308 is above the maximum 3000");
  CHECK(errors(R"({"name": "x", "watts": -1e308})")[0].message == "-1e+308 is below the minimum 100");
}

TEST_CASE("arrays, $ref, oneOf and if/then") {
  CHECK(errors(R"({"name": "x", "watts": 850, "cables": []})")[0].message == "must not be empty");
  auto e = errors(R"({"name": "x", "watts": 850, "cables": [{"pins": 8}, {"pins": 12}]})");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pointer == "/cables/1/pins");
  e = errors(R"({"name": "x", "watts": 850, "link": {"gen": "three"}})");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pointer == "/link/gen");
  CHECK(errors(R"({"name": "x", "watts": 850, "link": 3})")[0].message == "3 is not an allowed form here");
  CHECK(errors(R"({"name": "x", "watts": 850, "kind": "server"})")[0].message == "missing required field \"count\"");
  CHECK(errors(R"({"name": "x", "watts": 850, "kind": "desktop"})").empty());
}

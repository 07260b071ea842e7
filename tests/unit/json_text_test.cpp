// Locating positions in JSON text, and reading files the way every input is read.
#include <catch2/catch.hpp>

#include "rigplan/error.hpp"
#include "util/json_text.hpp"

using namespace rigplan;
using nlohmann::json;

TEST_CASE("position_of counts lines and columns from 1") {
  std::string t = "ab\ncd\n\nef";
  CHECK(position_of(t, 0).line == 1);
  CHECK(position_of(t, 4).line == 2);
  CHECK(position_of(t, 4).column == 2);
  CHECK(position_of(t, 7).line == 4);
  CHECK(position_of(t, 7).column == 1);
}

TEST_CASE("locate finds the value a JSON pointer names") {
  std::string t = R"({"a": 1, "parts": [ {"id": "x", "tdp_w": 5}, {"id": "y\"z", "n": {"k": [1, 2, 3]}} ]})";
  auto at = [&](const char* p) {
    auto off = locate(t, json::json_pointer(p));
    REQUIRE(off.has_value());
    return t.substr(*off, 5);
  };
  CHECK(at("/a") == "1, \"p");
  CHECK(at("/parts/0/tdp_w") == "5}, {");
  CHECK(at("/parts/1/n/k/2") == "3]}} ");
  CHECK(at("/parts/1/id") == "\"y\\\"z");
  CHECK_FALSE(locate(t, json::json_pointer("/parts/2")).has_value());
  CHECK_FALSE(locate(t, json::json_pointer("/nope")).has_value());
}

TEST_CASE("parse_json reports syntax errors with line and column") {
  try {
    parse_json("{\n  \"a\": 1,\n  \"b\": tru\n}", "f.json");
    FAIL("no error");
  } catch (const InputError& e) {
    REQUIRE(e.issues().size() == 1);
    CHECK(e.issues()[0].file == "f.json");
    CHECK(e.issues()[0].line == 3);
    CHECK(e.issues()[0].message.find("invalid JSON") == 0);
  }
}

TEST_CASE("parse_json rejects empty documents, NaN and deep nesting") {
  CHECK_THROWS_AS(parse_json("   \n", "e.json"), InputError);
  CHECK_THROWS_AS(parse_json("{\"x\": NaN}", "n.json"), InputError);
  std::string deep(200, '[');
  deep += std::string(200, ']');
  try {
    parse_json(deep, "d.json");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.issues()[0].message.find("nesting deeper than") != std::string::npos);
    CHECK(e.issues()[0].column == kMaxJsonDepth + 1);
  }
  // Brackets inside strings do not count.
  CHECK_NOTHROW(parse_json("{\"s\": \"" + std::string(100, '[') + "\"}", "s.json"));
}

TEST_CASE("read_input_file names missing files and directories") {
  try {
    read_input_file("/nonexistent/rigplan/x.json");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.issues()[0].to_string() == "/nonexistent/rigplan/x.json: no such file");
  }
  try {
    read_input_file(RIGPLAN_SOURCE_DIR);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.issues()[0].message == "is a directory, not a file");
  }
}

TEST_CASE("a key repeated in one object is an error, located at its object") {
  try {
    parse_json("{\n  \"parts\": [\n    {\"id\": \"a\", \"tdp_w\": 1, \"tdp_w\": 2}\n  ]\n}", "d.json");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.issues()[0].pointer == "/parts/0");
    CHECK(e.issues()[0].line == 3);
    CHECK(e.issues()[0].message == "key \"tdp_w\" appears twice in the same object");
  }
  CHECK_NOTHROW(parse_json(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]})", "ok.json"));
}

TEST_CASE("a number too large for a double is bad input, not a crash (fuzzer regression)") {
  try {
    parse_json("{\n  \"tdp_w\": 1e400\n}", "big.json");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.issues()[0].line == 2);
    CHECK(e.issues()[0].column == 12);
    CHECK(e.issues()[0].message == "invalid JSON: number 1e400 is out of range");
  }
}

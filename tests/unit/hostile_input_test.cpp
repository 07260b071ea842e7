// The bounds of issue 19 ("Reliability II") at the library level: bounded edit distance and
// suggestions, the indexed locator agreeing with the plain one, NUL bytes and string lengths in
// JSON text, patterns on long strings, UTF-8 checks of sweep values, and special files refused.
// The CLI side (huge inputs made at test time, FIFOs, --emit) is tests/cli/cases/hostile_inputs.sh.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"
#include "util/json_schema.hpp"
#include "util/json_text.hpp"
#include "util/suggest.hpp"

using namespace rigplan;
using nlohmann::json;

TEST_CASE("bounded edit distance agrees with the full one up to its limit") {
  const char* words[] = {"", "a", "kitten", "sitting", "nvidia-rtx-3090-fe", "nvidia-rtx-4090-fe", "us-120v-15a", "tdp_w"};
  for (const char* a : words)
    for (const char* b : words)
      for (std::size_t limit : {0, 1, 2, 3, 5, 40}) {
        std::size_t full = edit_distance(a, b);
        CHECK(edit_distance(a, b, limit) == std::min(full, limit + 1));
      }
}

TEST_CASE("a word far too long for a typo gets no suggestion, and quickly") {
  std::string huge(50000, 'a');
  std::vector<std::string> ids(2000, std::string(60, 'a'));
  CHECK(nearest(huge, ids).empty());
  CHECK(did_you_mean(huge, {"aaa"}).empty());
  CHECK(did_you_mean("nvidia-rtx-309-fe", {"nvidia-rtx-3090-fe", "us-120v-15a"}) == " (did you mean \"nvidia-rtx-3090-fe\"?)");
}

TEST_CASE("the indexed locator finds what the plain one finds, with the same line and column") {
  std::string t = "{\"a\": 1,\n \"parts\": [ {\"id\": \"x\", \"tdp_w\": 5},\n {\"id\": \"y\\\"z\", \"n\": {\"k\": [1, 2, 3]}} ]}";
  TextLocator where(t);
  for (const char* p : {"", "/a", "/parts", "/parts/0", "/parts/0/tdp_w", "/parts/1/n/k/2", "/parts/1/id", "/parts/2",
                        "/nope", "/parts/x", "/parts/1/n/k/3"}) {
    auto plain = locate(t, json::json_pointer(p));
    auto indexed = where.locate(json::json_pointer(p));
    CHECK(plain == indexed);
    if (plain) {
      CHECK(where.position(*plain).line == position_of(t, *plain).line);
      CHECK(where.position(*plain).column == position_of(t, *plain).column);
    }
  }
}

TEST_CASE("JSON text with a NUL byte, or a string past the limit, is refused with its position") {
  std::string nul = std::string("{\"a\": 1}\n") + '\0';
  try {
    (void)parse_json(nul, "f.json");
    FAIL("accepted a trailing NUL");
  } catch (const InputError& e) {
    CHECK(e.issues().front().line == 2);
    CHECK(e.issues().front().message.find("NUL") != std::string::npos);
  }
  std::string longs = "{\"a\": \"" + std::string(kMaxStringBytes + 1, 'x') + "\"}";
  CHECK_THROWS_AS(parse_json(longs, "f.json"), InputError);
  std::string fits = "{\"a\": \"" + std::string(kMaxStringBytes, 'x') + "\"}";
  CHECK_NOTHROW(parse_json(fits, "f.json"));
}

TEST_CASE("a long string against a pattern is an error, not a stack overflow") {
  JsonSchema unbounded(json{{"type", "string"}, {"pattern", "^[a-z0-9]+([-.][a-z0-9]+)*$"}});
  auto errors = unbounded.validate(json(std::string(50000, 'a')));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].message.find("at most 2048") != std::string::npos);
  CHECK(unbounded.validate(json("nvidia-rtx-3090-fe")).empty());
  // A pattern whose repeats are bounded takes any length (sweep axes of thousands of values).
  JsonSchema bounded(json{{"type", "string"}, {"pattern", "^[^=]{1,256}=."}});
  CHECK(bounded.validate(json("a=" + std::string(100000, '1'))).empty());
  CHECK_FALSE(bounded.validate(json(std::string(100000, '1'))).empty());
}

TEST_CASE("sweep values are checked for UTF-8 and counted against the limits") {
  CHECK_FALSE(invalid_utf8_at("us-120v-15a,é,日本").has_value());
  CHECK(invalid_utf8_at("ab\xff") == std::optional<std::size_t>(2));
  CHECK(invalid_utf8_at("\xc0\x80") == std::optional<std::size_t>(0));      // overlong
  CHECK(invalid_utf8_at("\xed\xa0\x80") == std::optional<std::size_t>(0));  // a surrogate
  CHECK(invalid_utf8_at("\xe6\x97") == std::optional<std::size_t>(0));      // cut short
  CHECK_THROWS_AS(parse_axis("outlet=a,b,\xff"), InputError);
  CHECK_THROWS_AS(parse_axis(std::string(300, 'a') + "=1"), InputError);
  CHECK_THROWS_AS(parse_axis("x=1..100", 50), InputError);
  SweepSpec s;
  for (std::size_t i = 0; i < kMaxAxes; ++i) add_axis(s, "x" + std::to_string(i) + "=1");
  CHECK_THROWS_AS(add_axis(s, "y=1"), InputError);
}

TEST_CASE("only regular files are read; a FIFO is refused without blocking") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("rigplan-hostile-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string fifo = (dir / "in.json").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  try {
    (void)read_input_file(fifo);
    FAIL("read a FIFO");
  } catch (const InputError& e) {
    CHECK(e.issues().front().message.find("FIFO") != std::string::npos);
  }
  CHECK_THROWS_AS(read_input_file("/dev/null"), InputError);
  std::ofstream((dir / "ok.json").string()) << "{}";
  CHECK(read_input_file((dir / "ok.json").string()) == "{}");
  fs::remove_all(dir);
}

TEST_CASE("errors echo a long name by its start and length, never in full", "[hostile]") {
  std::string id(50000, 'x');
  InputError e(InputIssue{"f.json", "/gpu/" + id, 1, 2, "unknown part \"" + id + "\"; did you mean \"a\"?"});
  const auto& m = e.issues().front().message;
  CHECK(m.size() < 200);
  CHECK(m.find("(50000 characters)") != std::string::npos);
  CHECK(m.find("did you mean \"a\"?") != std::string::npos);  // short quotes are kept as they are
  CHECK(e.issues().front().pointer.size() < 250);
  CHECK(std::string(e.what()).size() < 600);
  // A cut never splits a UTF-8 sequence: 'é' is two bytes.
  std::string accented;
  for (int i = 0; i < 200; ++i) accented += "\xC3\xA9";
  InputError u(InputIssue{"", "", 0, 0, "no node \"" + accented + "\""});
  const auto& um = u.issues().front().message;
  auto dots = um.find("...");
  REQUIRE(dots != std::string::npos);
  CHECK((static_cast<unsigned char>(um[dots - 1]) & 0xC0) != 0xC0);  // not a lead byte left alone
  std::string kept = um.substr(um.find('"') + 1, dots - um.find('"') - 1);
  CHECK(kept.size() % 2 == 0);
}

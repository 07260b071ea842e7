// Every input a fuzzer ever crashed on (tests/fuzz/regressions/) goes through each loader: it
// must load or raise InputError, nothing else.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rigplan/build.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "util/json_text.hpp"

using namespace rigplan;

TEST_CASE("fuzzer regressions load or fail cleanly") {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(RIGPLAN_SOURCE_DIR) + "/tests/fuzz/regressions")) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    INFO(e.path().string());
    try {
      parse_json(text, "r.json");
    } catch (const InputError&) {
    }
    try {
      Catalog c = Catalog::builtin();
      c.add_layer(text, "r.json");
    } catch (const InputError&) {
    }
    try {
      auto c = run_check(parse_build(text, "r.json", Catalog::builtin()), Assumptions{});
      (void)check_text(c, false);
    } catch (const InputError&) {
    }
    ++n;
  }
  CHECK(n >= 2);
}

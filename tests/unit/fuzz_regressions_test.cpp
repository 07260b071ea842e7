// Every input a fuzzer ever crashed on (tests/fuzz/regressions/) goes through each loader: it
// must load or raise InputError, nothing else.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rigplan/build.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/sweep.hpp"
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
    try {
      auto j = parse_json(text, "r.json");
      if (!(j.is_object() && j.contains("base") && j["base"].is_string())) {
        SweepSpec sp = parse_sweep_spec(text, "r.json");
        if (sp.metrics.empty()) sp.metrics = {"verdict"};
        validate_sweep(sp, Catalog::builtin());
      }
    } catch (const InputError&) {
    }
    try {
      (void)parse_plan_request(parse_json(text, "r.json"), Catalog::builtin(), "r.json");
    } catch (const InputError&) {
    }
    ++n;
  }
  CHECK(n >= 3);
}

TEST_CASE("axis paths with '~' or '/' in a field name become valid JSON pointers (fuzz_sweep_spec found this)") {
  CHECK(path_to_pointer("gpus[0].power_limit_w") == "/gpus/0/power_limit_w");
  CHECK(path_to_pointer("a~b") == "/a~0b");
  CHECK(path_to_pointer("a/b") == "/a~1b");
  CHECK(nlohmann::json::json_pointer(path_to_pointer("zer~o/x")).to_string() == "/zer~0o~1x");
}

// libFuzzer target: a sweep spec, through the schema, the axes and — for specs small enough to
// stay fast, with an inline base (a path would read files) — validation of every axis value.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"
#include "util/json_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto j = rigplan::parse_json(text, "fuzz.json");
    if (j.is_object() && j.contains("base") && j["base"].is_string()) return 0;
    rigplan::SweepSpec s = rigplan::parse_sweep_spec(text, "fuzz.json");
    std::size_t values = 0;
    for (const auto& a : s.axes) values += a.values.size();
    if (values > 2000) return 0;
    if (s.metrics.empty()) s.metrics = {"verdict"};
    rigplan::validate_sweep(s, rigplan::Catalog::builtin());
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

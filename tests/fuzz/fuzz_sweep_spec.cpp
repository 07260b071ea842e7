// libFuzzer target: a sweep spec, through the schema, the axes and — for specs small enough to
// stay fast, with an inline base (a path would read files) — validation of every axis value, then
// the first points run both ways: the compiled path and the general path must write the same
// bytes (a difference aborts, so the fuzzer reports it).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"
#include "util/json_text.hpp"

namespace {

constexpr std::uint64_t kPointsCompared = 32;

std::string run(rigplan::SweepSpec s, bool general, const char* format) {
  s.general_only = general;
  s.limit = kPointsCompared;
  std::string out;
  rigplan::run_sweep(s, rigplan::Catalog::builtin(), format, 2, [&](const std::string& chunk) { out += chunk; });
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto j = rigplan::parse_json(text, "fuzz.json");
    if (j.is_object() && j.contains("base") && j["base"].is_string()) return 0;
    // A cluster request's "build" names a file: no file reads from fuzzed input.
    if (j.is_object() && j.contains("base") && j["base"].is_object() && j["base"].contains("build")) return 0;
    if (text.find("build=") != std::string_view::npos) return 0;
    rigplan::SweepSpec s = rigplan::parse_sweep_spec(text, "fuzz.json");
    std::size_t values = 0;
    for (const auto& a : s.axes) values += a.values.size();
    if (values > 2000) return 0;
    if (s.metrics.empty()) s.metrics = {"verdict"};
    rigplan::validate_sweep(s, rigplan::Catalog::builtin());
    for (const char* format : {"csv", "jsonl"})
      if (run(s, false, format) != run(s, true, format)) std::abort();
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

// libFuzzer target: a build file, through loading, placement, the rules and every report.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rigplan/build.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    rigplan::Build b = rigplan::parse_build(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json",
                                            rigplan::Catalog::builtin());
    auto c = rigplan::run_check(b, rigplan::Assumptions{});
    (void)rigplan::check_text(c, false);
    (void)rigplan::check_json(c, true).dump();
    (void)rigplan::check_junit({c}, false);
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

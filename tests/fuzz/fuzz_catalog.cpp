// libFuzzer target: a catalog overlay file. Any input must either load or raise InputError —
// never crash, hang or trip a sanitizer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rigplan/catalog.hpp"
#include "rigplan/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rigplan::Catalog c = rigplan::Catalog::builtin();
  try {
    c.add_layer(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

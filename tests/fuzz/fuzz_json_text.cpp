// libFuzzer target: the JSON reader (syntax errors with positions, depth bound, duplicate keys)
// and the pointer locator on whatever parses.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rigplan/error.hpp"
#include "util/json_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto doc = rigplan::parse_json(text, "fuzz.json");
    for (const char* p : {"", "/parts", "/parts/0", "/parts/0/id", "/a/b/c", "/0/1"}) (void)rigplan::locate(text, nlohmann::json::json_pointer(p));
    if (doc.is_object())
      for (const auto& [k, v] : doc.items()) {
        nlohmann::json::json_pointer ptr;
        ptr /= k;
        (void)rigplan::locate(text, ptr);
      }
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

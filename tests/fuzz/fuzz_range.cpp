// libFuzzer target: the sweep axis syntax (PATH=A..B, A..B:STEP, X,Y,Z).
#include <cstddef>
#include <cstdint>
#include <string>

#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    rigplan::Axis a = rigplan::parse_axis(text);
    (void)rigplan::path_to_pointer(a.path);
  } catch (const rigplan::InputError&) {
  }
  return 0;
}

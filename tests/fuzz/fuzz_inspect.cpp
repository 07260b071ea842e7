// libFuzzer target: every parser of `rigplan inspect` (nvidia-smi's XML through rigplan's own XML
// reader, topo -m, nvlink -s, lspci -vv, /proc/cpuinfo, /proc/meminfo, rocm-smi's JSON) on the same
// bytes. Each must either return or throw InputError; nothing else, and never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace rigplan::inspect;
  auto guard = [](auto&& f) {
    try {
      f();
    } catch (const rigplan::InputError&) {
    }
  };
  guard([&] { (void)parse_nvsmi_xml(text, "f.xml"); });
  guard([&] { (void)parse_topo(text, "topo"); });
  guard([&] { (void)parse_nvlink(text, "nvlink"); });
  guard([&] { (void)parse_lspci(text, "lspci"); });
  guard([&] { (void)parse_cpuinfo(text, "cpuinfo"); });
  guard([&] { (void)parse_meminfo(text, "meminfo"); });
  guard([&] { (void)parse_rocm_topo(text, "rocm.json"); });
  return 0;
}

// libFuzzer target: every parser of `rigplan inspect` (nvidia-smi's XML through rigplan's own XML
// reader, topo -m, nvlink -s, lspci -vv, /proc/cpuinfo, /proc/meminfo, rocm-smi's JSON) on the same
// bytes, then the whole inspection: the input cut at "\n====\n" into the seven reports in that
// order, assembled against the built-in catalog, matched, judged, and written as every output
// (the --emit build and the JSON document through dump_json, text, GitHub, JUnit). Each step must
// either return or throw InputError; nothing else, and never a crash: bytes that are not UTF-8 in
// a report aborted `inspect --emit` (issue 28). Seeds are real captures (tests/data/inspect/).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "inspect/assemble.hpp"
#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"
#include "rigplan/inspect_report.hpp"
#include "util/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace rigplan;
  using namespace rigplan::inspect;
  auto guard = [](auto&& f) {
    try {
      f();
    } catch (const InputError&) {
    }
  };
  guard([&] { (void)parse_nvsmi_xml(text, "f.xml"); });
  guard([&] { (void)parse_topo(text, "topo"); });
  guard([&] { (void)parse_nvlink(text, "nvlink"); });
  guard([&] { (void)parse_lspci(text, "lspci"); });
  guard([&] { (void)parse_cpuinfo(text, "cpuinfo"); });
  guard([&] { (void)parse_meminfo(text, "meminfo"); });
  guard([&] { (void)parse_rocm_topo(text, "rocm.json"); });

  static const Catalog& catalog = Catalog::builtin();
  static const char* const kFiles[] = {InspectFiles::kNvsmiXml, InspectFiles::kTopo,    InspectFiles::kNvlink,
                                       InspectFiles::kLspci,     InspectFiles::kCpuinfo, InspectFiles::kMeminfo,
                                       InspectFiles::kRocm};
  Reports r;
  std::size_t start = 0;
  for (const char* name : kFiles) {
    if (start > text.size()) break;
    std::size_t cut = text.find("\n====\n", start);
    std::string_view part = text.substr(start, cut == std::string_view::npos ? std::string_view::npos : cut - start);
    if (!part.empty()) r.texts[name] = {std::string(part), name};
    if (cut == std::string_view::npos) break;
    start = cut + 6;
  }
  guard([&] {
    InspectedMachine m = assemble(r, catalog);
    m.origin = "fuzz";
    std::vector<Diagnostic> findings = inspect_findings(m, nullptr);
    InspectView v{&m, &findings, "", false};
    (void)dump_json(as_built_json(m), 2);
    (void)dump_json(inspect_json(v), 2);
    (void)inspect_text(v);
    (void)inspect_github(v);
    (void)inspect_junit(v);
  });
  return 0;
}

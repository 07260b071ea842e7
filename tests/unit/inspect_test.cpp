// `rigplan inspect`'s parsers and findings on real captured reports (tests/data/inspect, origins
// in its README) and hand-written failure shapes: every expected value below is read off the
// capture itself, so a parser that misreads a field fails here.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>
#include <set>
#include <sstream>

#include "inspect/match.hpp"
#include "inspect/parsers.hpp"
#include "inspect/pci_ids.hpp"
#include "inspect/xml_reader.hpp"
#include "rigplan/error.hpp"
#include "rigplan/inspect.hpp"

using namespace rigplan;
using namespace rigplan::inspect;

namespace {
std::string data(const std::string& rel) {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/tests/data/inspect/" + rel, std::ios::binary);
  REQUIRE(in);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
std::string dir(const std::string& rel) { return std::string(RIGPLAN_SOURCE_DIR) + "/tests/data/inspect/" + rel; }
bool has(const std::vector<Diagnostic>& ds, const std::string& code, Severity s) {
  for (const auto& d : ds)
    if (d.code == code && d.severity == s) return true;
  return false;
}
}  // namespace

TEST_CASE("xml reader: entities, attributes, comments, self-closing tags", "[inspect]") {
  auto r = parse_xml("<?xml version=\"1.0\"?><!DOCTYPE a SYSTEM \"x.dtd\"><!-- c --><a k='v'><b>x &amp; &#65;&#x42;</b><c/></a>", "t");
  REQUIRE(r->name == "a");
  CHECK(r->attributes.at("k") == "v");
  CHECK(*r->text_at("b") == "x & AB");
  CHECK(r->child("c") != nullptr);
}

TEST_CASE("xml reader: refuses truncated, mismatched and hostile documents with a location", "[inspect]") {
  auto issue = [](const std::string& xml) {
    try {
      parse_xml(xml, "f.xml");
    } catch (const InputError& e) {
      return e.issues().front();
    }
    FAIL("accepted: " << xml);
    return InputIssue{};
  };
  auto t = issue("<a>\n<b>1</b>\n<c>");
  CHECK(t.line == 3);
  CHECK(t.message.find("ends inside <c>") != std::string::npos);
  auto m = issue("<a>\n  <b></c></a>");
  CHECK(m.line == 2);
  CHECK(m.column == 6);
  CHECK(issue("<a>&bogus;</a>").message.find("unknown entity") != std::string::npos);
  CHECK(issue("<a>&#0;</a>").message.find("not a character") != std::string::npos);
  CHECK(issue("text").message.find("outside the root") != std::string::npos);
  CHECK(issue("").message.find("no root") != std::string::npos);
  CHECK(issue(std::string(100, '<')).message.size() > 0);
  std::string deep;
  for (int i = 0; i < kXmlMaxDepth + 1; ++i) deep += "<a>";
  CHECK(issue(deep).message.find("deeper than") != std::string::npos);
}

TEST_CASE("nvidia-smi -q -x: the telegraf A100-SXM4 capture", "[inspect]") {
  auto r = parse_nvsmi_xml(data("telegraf-a100-sxm4/nvidia-smi-q.xml"), "a100.xml");
  CHECK(r.driver == "535.54.03");
  CHECK(r.cuda == "12.2");
  REQUIRE(r.gpus.size() == 1);
  const auto& g = r.gpus[0];
  CHECK(g.product_name == "NVIDIA A100-SXM4-80GB");
  CHECK(g.pci_id == "10de:20b2");
  CHECK(g.bus_id == "00000000:01:00.0");
  CHECK(g.link.gen_current == 4);
  CHECK(g.link.gen_max == 4);
  CHECK(g.link.width_current == 16);
  CHECK(g.power_limit_w == Approx(500));
  CHECK(g.min_power_limit_w == Approx(100));
  CHECK(g.pstate == "P0");
}

TEST_CASE("nvidia-smi -q -x: older schema power elements (telegraf RTX 3090, Tesla T4)", "[inspect]") {
  auto r = parse_nvsmi_xml(data("telegraf-rtx-3090/nvidia-smi-q.xml"), "3090.xml");
  REQUIRE(r.gpus.size() == 1);
  CHECK(r.gpus[0].power_limit_w == Approx(200));
  CHECK(r.gpus[0].default_power_limit_w == Approx(350));
  CHECK(r.gpus[0].max_power_limit_w == Approx(375));
  CHECK(r.gpus[0].link.gen_current == 1);
  CHECK(r.gpus[0].pstate == "P8");
  auto t = parse_nvsmi_xml(data("telegraf-tesla-t4/nvidia-smi-q.xml"), "t4.xml");
  REQUIRE(t.gpus.size() == 1);
  CHECK(t.gpus[0].link.width_current == 8);
  CHECK(t.gpus[0].link.width_max == 16);
  CHECK(t.gpus[0].power_limit_w == Approx(70));
}

TEST_CASE("topo -m and nvlink -s: the HPE DL380a H100 NVLink captures", "[inspect]") {
  auto topo = parse_topo(data("hpe-dl380a-2x-h100-nvlink/topo-m.txt"), "topo");
  REQUIRE(topo.gpus.size() == 2);
  CHECK(topo.links[0][1] == "NV12");
  CHECK(topo.links[1][1] == "X");
  CHECK(topo.numa[0] == 1);
  auto nv = parse_nvlink(data("hpe-dl380a-2x-h100-nvlink/nvlink-s.txt"), "nvl");
  REQUIRE(nv.gpus.size() == 2);
  CHECK(nv.gpus[1].name == "NVIDIA H100 PCIe");
  CHECK(nv.gpus[0].up == 12);
  CHECK(nv.gpus[0].listed == 18);
  auto a100 = parse_nvlink(data("hpe-dl380-2x-a100-pcie/nvlink-s.txt"), "nvl");
  REQUIRE(a100.gpus.size() == 2);
  CHECK(a100.gpus[0].up == 0);
}

TEST_CASE("topo -m of nvidia-smi 580: the header's terminal escapes are not part of the column names", "[inspect]") {
  // Saved to a file, nvidia-smi 580 still underlines the header: ESC[4mGPU0<TAB>CPU Affinity...ESC[0m.
  auto topo = parse_topo(data("h200-vm-busy/topo-m.txt"), "topo");
  REQUIRE(topo.gpus.size() == 1);
  CHECK(topo.gpus[0] == "GPU0");
  CHECK(topo.numa[0] == 0);
  CHECK(strip_terminal_escapes("\x1b[4mGPU0\tGPU1\x1b[0m\nGPU0\t X\x1b[1;31m") == "GPU0\tGPU1\nGPU0\t X");
  CHECK(strip_terminal_escapes("\x1b[") == "\x1b[");  // cut short: kept, not read past the end
  auto two = parse_topo("\t\x1b[4mGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\x1b[0m\n"
                        "GPU0\t X \tNV4\t0-15\t0\nGPU1\tNV4\t X \t0-15\t0\n", "topo");
  REQUIRE(two.gpus.size() == 2);
  CHECK(two.links[0][1] == "NV4");
}

TEST_CASE("lspci -vv: the port above each GPU and NIC, from the bridges' secondary bus", "[inspect]") {
  // A published server dump with every root port: the P100s hang under 00:02.0 and 80:02.0.
  auto f = parse_lspci(data("cmlgpu-2x-p100/lspci-vv.txt"), "lspci");
  int gpus = 0;
  for (const auto& x : f) {
    if (!x.is_gpu) continue;
    ++gpus;
    CHECK(x.link.host_port == (x.address == "04:00.0" ? "00:02.0" : "80:02.0"));
    CHECK(x.link.host_gen_max == 3);
    CHECK(x.link.host_width_max == 16);
  }
  CHECK(gpus == 2);
  // Without bridges in the dump there is no port, and nothing is guessed.
  for (const auto& x : parse_lspci(data("hand/riser-gen1/lspci-vv.txt"), "lspci")) CHECK(x.link.host_port.empty());
  // A port whose link is down prints Width x0: read, not refused.
  auto down = parse_lspci("00:03.2 PCI bridge: Intel Corporation Root Port\n\tBus: primary=00, secondary=09, "
                          "subordinate=09, sec-latency=0\n\t\tLnkCap:\tPort #0, Speed 8GT/s, Width x8\n"
                          "\t\tLnkSta:\tSpeed unknown (downgraded), Width x0 (downgraded)\n",
                          "lspci");
  CHECK(down.empty());
}

TEST_CASE("lspci -vv: links and classes; /proc files", "[inspect]") {
  auto f = parse_lspci(data("hand/riser-gen1/lspci-vv.txt"), "lspci");
  REQUIRE(f.size() == 3);
  CHECK(f[1].is_gpu);
  CHECK(f[1].link.gen_current == 1);
  CHECK(f[1].link.gen_max == 4);
  CHECK(f[1].link.width_current == 8);
  CHECK(f[2].is_nic);
  CHECK(f[2].link.gen_current == 3);
  auto cpu = parse_cpuinfo(data("dev-vm-proc/cpuinfo"), "cpuinfo");
  CHECK(cpu.model == "AMD EPYC");
  CHECK(cpu.logical_cpus == 2);
  CHECK(cpu.sockets == 1);
  CHECK(parse_meminfo("MemTotal:       24683620 kB\n", "m") == Approx(24683620 / 1048576.0));
}

TEST_CASE("rocm-smi --showtopo --json", "[inspect]") {
  auto r = parse_rocm_topo(R"({"card0": {"(Topology) Numa Node": "0"}, "card1": {"(Topology) Numa Node": "1"},
    "system": {"(Topology) Link type between DRM devices 0 and 1": "XGMI"}})", "rocm.json");
  CHECK(r.cards == 2);
  CHECK(r.numa[1] == 1);
  REQUIRE(r.links.size() == 1);
  CHECK(r.links[0] == "0-1 XGMI");
  CHECK_THROWS_AS(parse_rocm_topo("[]", "r"), InputError);
}

TEST_CASE("catalog matching: PCI ids, product names, CPU model names", "[inspect]") {
  const Catalog& c = Catalog::builtin();
  CHECK(name_key("NVIDIA GeForce RTX 3090") == "rtx3090");
  CHECK(std::string(gpu_by_name("NVIDIA A100-PCIE-40GB")->part_id) == "nvidia-a100-pcie-40gb");
  CHECK(std::string(gpu_by_name("Tesla T4")->part_id) == "nvidia-t4");
  CHECK(gpu_by_name("NVIDIA A10G") == nullptr);  // not in the catalog: stays unmatched
  for (const char* id : {"10de:2330", "10de:2204", "1002:74a1"}) CHECK(c.find<Gpu>(gpu_by_pci_id(id)->part_id) != nullptr);
  const Cpu* x3d = match_cpu("AMD Ryzen 9 7950X3D 16-Core Processor", c);
  REQUIRE(x3d);
  CHECK(x3d->id == "amd-ryzen-9-7950x3d");
  REQUIRE(match_cpu("Intel(R) Xeon(R) Platinum 8480+", c));
  CHECK(match_cpu("Intel(R) Xeon(R) Platinum 8480+", c)->id == "intel-xeon-platinum-8480-plus");
  CHECK(match_cpu("AMD EPYC", c) == nullptr);
}

TEST_CASE("findings on real captures without a plan", "[inspect]") {
  const Catalog& c = Catalog::builtin();
  auto idle3090 = inspect_from_dir(dir("telegraf-rtx-3090"), c);
  auto d = inspect_findings(idle3090, nullptr);
  CHECK(has(d, "INS004", Severity::Info));     // Gen1 at P8: power management
  CHECK(has(d, "INS006", Severity::Warning));  // 200 W of the default 350 W
  auto t4 = inspect_findings(inspect_from_dir(dir("telegraf-tesla-t4"), c), nullptr);
  CHECK(has(t4, "INS003", Severity::Warning));  // x8 of x16 at P0
  auto h100 = inspect_from_dir(dir("hpe-dl380a-2x-h100-nvlink"), c);
  REQUIRE(h100.gpus.size() == 2);
  REQUIRE(h100.gpus[0].part);
  CHECK(h100.gpus[0].part->id == "nvidia-h100-pcie-80gb");
}

TEST_CASE("findings against the plan: the hand-written failure shapes", "[inspect]") {
  const Catalog& c = Catalog::builtin();
  Build two3090 = load_build(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/seed-two-3090.json", c);
  Build tr = load_build(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/threadripper-pro-4x-a6000.json", c);
  auto run = [&](const char* d, const Build& plan) { return inspect_findings(inspect_from_dir(dir(std::string("hand/") + d), c), &plan); };
  auto ok = run("two-3090-as-planned", two3090);
  for (const auto& f : ok) CHECK(f.severity == Severity::Info);
  CHECK(has(run("x4-link", two3090), "INS003", Severity::Warning));
  auto riser = run("riser-gen1", two3090);
  CHECK(has(riser, "INS004", Severity::Warning));
  CHECK(has(riser, "INS009", Severity::Warning));
  CHECK(has(run("nvlink-down", two3090), "INS005", Severity::Error));
  auto old = run("old-driver", two3090);
  CHECK(has(old, "INS007", Severity::Error));
  CHECK(has(old, "INS011", Severity::Warning));
  auto sockets = run("two-sockets", tr);
  CHECK(has(sockets, "INS008", Severity::Warning));
  CHECK(has(sockets, "INS010", Severity::Warning));
  CHECK(has(run("low-power", tr), "INS006", Severity::Warning));
  CHECK(has(run("two-3090-as-planned", tr), "INS001", Severity::Error));
  CHECK(has(run("two-3090-as-planned", tr), "INS002", Severity::Error));  // RTX 3090s where the plan has A6000s
}

TEST_CASE("every INS code is documented in docs/inspect.md with its name and severity", "[inspect]") {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/docs/inspect.md");
  REQUIRE(in);
  std::stringstream s;
  s << in.rdbuf();
  std::string doc = s.str();
  std::set<std::string> seen;
  for (const auto& c : inspect_codes()) {
    CHECK(seen.insert(c.code).second);
    CHECK(doc.find(fmt::format("| {} | {} | {} |", c.code, c.name, severity_name(c.severity))) != std::string::npos);
  }
}

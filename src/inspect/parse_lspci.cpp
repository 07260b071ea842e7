// `lspci -vv`: every GPU (VGA, 3D and display controllers and processing accelerators of NVIDIA and
// AMD) and network controller (Ethernet, InfiniBand, Network), each with what its PCIe link can do
// (LnkCap: speed and width) and what it negotiated (LnkSta), and its NUMA node. Speeds are
// PCIe transfer rates: 2.5, 5, 8, 16, 32 and 64 GT/s are generations 1 to 6 (PCI-SIG, PCI Express
// Base Specification 6.0, §4.2). The layout is pciutils' (ls-caps.c): a function starts at the
// first column with its address; its details are indented. Other text at the first column
// (besides lspci's own "lspci: ..." warnings), or indented text before any function, is an error
// naming file:line:col. PCI bridges are read for the port above each GPU and NIC: the bridge whose
// "Bus: ... secondary=NN" is the device's bus, and that port's LnkCap is what the host side of the
// link can do (a root port of a board that splits x16 into x8/x8 says x8).
#include <fmt/format.h>

#include <cctype>
#include <cstdlib>
#include <map>
#include <utility>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

namespace {

bool hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// "0000:01:00.0 " or "01:00.0 ": the length of the address (without the blank after it), or 0
// when the line does not start with one.
std::size_t address_length(std::string_view l) {
  auto bus_dev_fn = [&](std::size_t at) {
    return l.size() > at + 7 && hex(l[at]) && hex(l[at + 1]) && l[at + 2] == ':' && hex(l[at + 3]) && hex(l[at + 4]) &&
           l[at + 5] == '.' && l[at + 6] >= '0' && l[at + 6] <= '7' && l[at + 7] == ' ';
  };
  if (bus_dev_fn(0)) return 7;
  if (l.size() > 5 && hex(l[0]) && hex(l[1]) && hex(l[2]) && hex(l[3]) && l[4] == ':' && bus_dev_fn(5)) return 12;
  return 0;
}

int gen_of_speed(double gt_s) {
  const double speeds[] = {2.5, 5, 8, 16, 32, 64};
  for (int i = 0; i < 6; ++i)
    if (gt_s == speeds[i]) return i + 1;
  return -1;
}

// "Speed 16GT/s" and "Width x16" inside a LnkCap/LnkSta line; 0 for "Speed unknown".
void read_link(std::string_view body, int& gen, int& width, const std::string& file, int lno, int col) {
  auto bad = [&](const std::string& why) { return InputError(InputIssue{file, "", lno, col, why}); };
  auto sp = body.find("Speed ");
  auto wd = body.find("Width x");
  if (sp == std::string_view::npos || wd == std::string_view::npos) throw bad("a link line without \"Speed\" and \"Width x\"");
  std::string_view unit;
  auto s = leading_number(body.substr(sp + 6), &unit);
  if (s) {
    if (unit.substr(0, 4) != "GT/s") throw bad("a link speed that is not in GT/s");
    gen = gen_of_speed(*s);
    if (gen < 0) throw bad(fmt::format("{}GT/s is not a PCIe transfer rate (2.5, 5, 8, 16, 32, 64)", *s));
  } else if (body.substr(sp + 6, 7) != "unknown") {
    throw bad("a link speed that is neither a number of GT/s nor \"unknown\"");
  }
  auto w = leading_number(body.substr(wd + 7));
  // x0 is a port whose link is down (nothing trained behind it): known, and no lanes.
  if (!w || *w != static_cast<int>(*w) || *w < 0 || *w > 32) throw bad("a link width that is not x0..x32");
  width = static_cast<int>(*w);
}

// The bus number of "0000:01:00.0" or "01:00.0" (hex), with the domain when printed ("" if not).
int bus_of(const std::string& address) {
  return static_cast<int>(std::strtol(address.substr(address.size() - 7, 2).c_str(), nullptr, 16));
}
std::string domain_of(const std::string& address) { return address.size() > 7 ? address.substr(0, 4) : ""; }

// "Bus: primary=00, secondary=01, subordinate=01, sec-latency=0": the secondary bus, or -1.
int secondary_bus(std::string_view body) {
  auto at = body.find("secondary=");
  if (at == std::string_view::npos || body.size() < at + 12) return -1;
  std::string_view h = body.substr(at + 10, 2);
  if (!hex(h[0]) || !hex(h[1])) return -1;
  return static_cast<int>(std::strtol(std::string(h).c_str(), nullptr, 16));
}

bool is_gpu_function(const std::string& cls, const std::string& name) {
  bool gpu_class = cls == "VGA compatible controller" || cls == "3D controller" || cls == "Display controller" ||
                   cls == "Processing accelerators";
  return gpu_class && (name.find("NVIDIA") != std::string::npos || name.find("[AMD/ATI]") != std::string::npos);
}

}  // namespace

std::vector<PciFunction> parse_lspci(std::string_view text, const std::string& file) {
  require_text(text, file);
  std::vector<PciFunction> all;
  std::vector<int> secondary;  // per function: the bus behind it when it is a bridge, else -1
  auto lines = split_lines(text);
  for (std::size_t li = 0; li < lines.size(); ++li) {
    int lno = static_cast<int>(li) + 1;
    std::string_view line = lines[li];
    if (trim(line).empty()) continue;
    bool indented = line.front() == '\t' || line.front() == ' ';
    if (!indented) {
      if (line.rfind("lspci:", 0) == 0) continue;  // lspci's own warnings (e.g. libkmod)
      std::size_t a = address_length(line);
      auto colon = line.find(": ", a);
      if (!a || colon == std::string_view::npos)
        throw InputError(InputIssue{file, "", lno, 1,
                                    "expected a PCI function line (\"01:00.0 CLASS: NAME\"): this is not `lspci -vv` output"});
      require_name(line, "PCI function line", file, lno, 1);
      if (all.size() >= kMaxPciFunctions)
        throw InputError(InputIssue{file, "", lno, 1, fmt::format("more than {} PCI functions", kMaxPciFunctions)});
      PciFunction f;
      f.address = std::string(line.substr(0, a));
      f.cls = std::string(line.substr(a + 1, colon - a - 1));
      f.name = std::string(trim(line.substr(colon + 2)));
      f.line = lno;
      f.is_gpu = is_gpu_function(f.cls, f.name);
      f.is_nic = f.cls == "Ethernet controller" || f.cls == "Infiniband controller" || f.cls == "Network controller";
      all.push_back(std::move(f));
      secondary.push_back(-1);
      continue;
    }
    int col = static_cast<int>(line.find_first_not_of(" \t")) + 1;
    if (all.empty())
      throw InputError(InputIssue{file, "", lno, col, "indented detail before any PCI function line: not `lspci -vv` output"});
    std::string_view body = trim(line);
    auto& f = all.back();
    if (body.rfind("LnkCap:", 0) == 0) read_link(body.substr(7), f.link.gen_max, f.link.width_max, file, lno, col);
    else if (body.rfind("LnkSta:", 0) == 0) read_link(body.substr(7), f.link.gen_current, f.link.width_current, file, lno, col);
    else if (body.rfind("Bus: ", 0) == 0) secondary.back() = secondary_bus(body);
    else if (body.rfind("NUMA node:", 0) == 0) {
      auto n = leading_number(body.substr(10));
      if (!n || *n != static_cast<int>(*n) || *n > 4096)
        throw InputError(InputIssue{file, "", lno, col, "\"NUMA node:\" without a node number"});
      f.numa_node = static_cast<int>(*n);
    }
  }
  std::vector<PciFunction> kept;
  std::size_t gpus = 0;
  // The port above each GPU and NIC, by (domain, secondary bus): one look-up per device.
  std::map<std::pair<std::string, int>, const PciFunction*> port_of_bus;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (secondary[i] >= 0 && all[i].link.width_max) port_of_bus[{domain_of(all[i].address), secondary[i]}] = &all[i];
  for (auto& f : all) {
    if (!f.is_gpu && !f.is_nic) continue;
    auto it = port_of_bus.find({domain_of(f.address), bus_of(f.address)});
    if (it == port_of_bus.end()) continue;
    f.link.host_port = it->second->address;
    f.link.host_gen_max = it->second->link.gen_max;
    f.link.host_width_max = it->second->link.width_max;
  }
  for (auto& f : all) {
    if (f.is_gpu && ++gpus > kMaxInspectGpus)
      throw InputError(InputIssue{file, "", f.line, 1, fmt::format("more than {} GPUs", kMaxInspectGpus)});
    if (f.is_gpu || f.is_nic) kept.push_back(std::move(f));
  }
  return kept;
}

}  // namespace rigplan::inspect

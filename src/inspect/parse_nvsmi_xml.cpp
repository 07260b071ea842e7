// `nvidia-smi -q -x`: per GPU its product name, PCI bus and device id, PCIe generation and width
// (current and max), performance state, power limits (current, default, min, max) and memory; for
// the machine the driver version and the CUDA version (the newest CUDA the driver supports).
// Element names follow NVIDIA's DTDs nvsmi_device_v10..v13: power limits moved from
// <power_readings><power_limit> to <gpu_power_readings><current_power_limit> in v12; both are read.
// A word where a number goes ("N/A", "[Not Supported]") means unknown; a malformed number is an
// error naming the element path and its line:col.
#include <fmt/format.h>

#include <cctype>
#include <regex>

#include "inspect/parsers.hpp"
#include "inspect/xml_reader.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

namespace {

const XmlElement* find(const XmlElement& e, std::string_view path) {
  const XmlElement* cur = &e;
  while (cur && !path.empty()) {
    auto slash = path.find('/');
    cur = cur->child(path.substr(0, slash));
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
  }
  return cur;
}

struct GpuReader {
  const XmlElement& gpu;
  std::string where;  // "/nvidia_smi_log/gpu[2]"
  const std::string& file;

  [[noreturn]] void fail(const XmlElement& e, const std::string& path, const std::string& why) const {
    throw InputError(InputIssue{file, where + "/" + path, e.line, e.column, why});
  }
  std::string text(std::string_view path) const {
    const XmlElement* e = find(gpu, path);
    return e ? e->text : "";
  }
  // A number with one of the units `units` after it ("" allows none). Unknown when absent or a word.
  std::optional<double> number(const std::string& path, std::initializer_list<std::string_view> units) const {
    const XmlElement* e = find(gpu, path);
    if (!e || e->text.empty() || !std::isdigit(static_cast<unsigned char>(e->text[0]))) return std::nullopt;
    std::string_view rest;
    auto v = leading_number(e->text, &rest);
    rest = trim(rest);
    bool unit_ok = false;
    for (auto u : units) unit_ok = unit_ok || rest == u;
    if (!v || !unit_ok) fail(*e, path, fmt::format("\"{}\" is not a number in the form nvidia-smi writes", e->text));
    return v;
  }
  // First of several paths (schema versions) that holds a number.
  std::optional<double> first_number(std::initializer_list<const char*> paths, std::initializer_list<std::string_view> units) const {
    for (const char* p : paths)
      if (auto v = number(p, units)) return v;
    return std::nullopt;
  }
  int whole(const std::string& path, std::initializer_list<std::string_view> units, int lo, int hi) const {
    auto v = number(path, units);
    if (!v) return 0;
    if (*v != static_cast<int>(*v) || *v < lo || *v > hi)
      fail(*find(gpu, path), path, fmt::format("{} is not a whole number in {}..{}", *v, lo, hi));
    return static_cast<int>(*v);
  }
};

std::string pci_id_from(const GpuReader& r) {
  std::string raw = r.text("pci/pci_device_id");  // "20B210DE": device id, then vendor id
  // Unknown when not given as hex ("N/A", or "[REDACTED]" in shared captures); refused when malformed.
  if (raw.empty() || !std::isxdigit(static_cast<unsigned char>(raw[0]))) return "";
  if (raw.size() != 8 || raw.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
    r.fail(*find(r.gpu, "pci/pci_device_id"), "pci/pci_device_id",
           fmt::format("\"{}\" is not an 8-hex-digit device and vendor id", raw));
  std::string lower;
  for (char c : raw) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.substr(4, 4) + ":" + lower.substr(0, 4);
}

std::string version(const XmlElement& root, const char* name, const std::string& file) {
  const XmlElement* e = root.child(name);
  if (!e || e->text.empty() || !std::isdigit(static_cast<unsigned char>(e->text[0]))) return "";
  static const std::regex kVersion(R"(^[0-9]{1,6}(\.[0-9]{1,6}){0,3}$)");  // the build format's version pattern
  if (!std::regex_match(e->text, kVersion))
    throw InputError(InputIssue{file, std::string("/nvidia_smi_log/") + name, e->line, e->column,
                                fmt::format("\"{}\" is not a version number", e->text)});
  return e->text;
}

}  // namespace

NvsmiReport parse_nvsmi_xml(std::string_view text, const std::string& file) {
  auto root = parse_xml(text, file);
  if (root->name != "nvidia_smi_log")
    throw InputError(InputIssue{file, "/" + root->name, root->line, root->column,
                                fmt::format("the root element is <{}>, not nvidia-smi's <nvidia_smi_log> (is this "
                                            "`nvidia-smi -q -x` output?)",
                                            root->name)});
  NvsmiReport r;
  r.driver = version(*root, "driver_version", file);
  r.cuda = version(*root, "cuda_version", file);
  int n = 0;
  for (const auto& c : root->children) {
    if (c->name != "gpu") continue;
    if (static_cast<std::size_t>(n) >= kMaxInspectGpus)
      throw InputError(InputIssue{file, fmt::format("/nvidia_smi_log/gpu[{}]", n + 1), c->line, c->column,
                                  fmt::format("more than {} GPUs", kMaxInspectGpus)});
    GpuReader g{*c, fmt::format("/nvidia_smi_log/gpu[{}]", n + 1), file};
    InspectedGpu gpu;
    gpu.index = n++;
    gpu.product_name = g.text("product_name");
    require_name(gpu.product_name, "product name", file, c->line, c->column);
    gpu.bus_id = g.text("pci/pci_bus_id");
    if (gpu.bus_id.empty() && c->attributes.count("id")) gpu.bus_id = c->attributes.at("id");
    gpu.pci_id = pci_id_from(g);
    gpu.pstate = g.text("performance_state");
    const std::string link = "pci/pci_gpu_link_info/";
    gpu.link.gen_max = g.whole(link + "pcie_gen/max_link_gen", {""}, 1, 7);
    gpu.link.gen_current = g.whole(link + "pcie_gen/current_link_gen", {""}, 1, 7);
    gpu.link.host_gen_max = g.whole(link + "pcie_gen/max_host_link_gen", {""}, 1, 7);  // newer drivers; N/A in VMs
    gpu.link.width_max = g.whole(link + "link_widths/max_link_width", {"x", ""}, 1, 32);
    gpu.link.width_current = g.whole(link + "link_widths/current_link_width", {"x", ""}, 1, 32);
    gpu.power_limit_w = g.first_number({"gpu_power_readings/current_power_limit", "power_readings/power_limit",
                                        "power_readings/current_power_limit", "power_readings/enforced_power_limit"},
                                       {"W"});
    gpu.default_power_limit_w = g.first_number({"gpu_power_readings/default_power_limit", "power_readings/default_power_limit"}, {"W"});
    gpu.min_power_limit_w = g.first_number({"gpu_power_readings/min_power_limit", "power_readings/min_power_limit"}, {"W"});
    gpu.max_power_limit_w = g.first_number({"gpu_power_readings/max_power_limit", "power_readings/max_power_limit"}, {"W"});
    gpu.memory_mib = g.number("fb_memory_usage/total", {"MiB"});
    r.gpus.push_back(std::move(gpu));
  }
  return r;
}

}  // namespace rigplan::inspect

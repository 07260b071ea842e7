// Machine formats of `rigplan inspect`: JSON (schema_version 1; the fields below are the
// contract), GitHub workflow annotations and JUnit XML, shaped as check's are so one CI step can
// read both. Annotations and the test case name the plan file when there is one (the thing to
// fix or to update), else the directory or "live".
#include <fmt/format.h>

#include <cmath>

#include "report/ci_text.hpp"
#include "rigplan/inspect_report.hpp"

namespace rigplan {

using nlohmann::ordered_json;

namespace {

ordered_json link_json(const LinkState& l) {
  auto n = [](int v) { return v ? ordered_json(v) : ordered_json(nullptr); };
  return {{"gen", n(l.gen_current)}, {"width", n(l.width_current)}, {"max_gen", n(l.gen_max)}, {"max_width", n(l.width_max)}};
}

template <class T>
ordered_json opt(const std::optional<T>& v) {
  return v ? ordered_json(*v) : ordered_json(nullptr);
}

std::string subject(const InspectView& v) {
  return v.plan_file.empty() ? (v.machine->origin.empty() ? "live" : v.machine->origin) : v.plan_file;
}

}  // namespace

ordered_json inspect_json(const InspectView& v) {
  const InspectedMachine& m = *v.machine;
  ordered_json j;
  j["origin"] = m.origin;
  j["against"] = v.plan_file.empty() ? ordered_json(nullptr) : ordered_json(v.plan_file);
  j["ok"] = v.ok();
  ordered_json src = ordered_json::array();
  for (const auto& s : m.sources)
    src.push_back({{"name", s.name}, {"file", s.file}, {"read", s.read}, {"why", s.why}});
  j["sources"] = src;
  j["driver"] = m.driver.empty() ? ordered_json(nullptr) : ordered_json(m.driver);
  j["cuda"] = m.cuda.empty() ? ordered_json(nullptr) : ordered_json(m.cuda);
  ordered_json gpus = ordered_json::array();
  for (const auto& g : m.gpus)
    gpus.push_back({{"index", g.index},
                    {"product_name", g.product_name},
                    {"bus_id", g.bus_id},
                    {"pci_id", g.pci_id},
                    {"pstate", g.pstate},
                    {"link", link_json(g.link)},
                    {"power_limit_w", opt(g.power_limit_w)},
                    {"default_power_limit_w", opt(g.default_power_limit_w)},
                    {"min_power_limit_w", opt(g.min_power_limit_w)},
                    {"max_power_limit_w", opt(g.max_power_limit_w)},
                    {"memory_mib", opt(g.memory_mib)},
                    {"numa_node", opt(g.numa_node)},
                    {"nvlinks_up", opt(g.nvlinks_up)},
                    {"nvlinks_listed", opt(g.nvlinks_listed)},
                    {"part", g.part ? ordered_json(g.part->id) : ordered_json(nullptr)},
                    {"matched_by", g.matched_by}});
  j["gpus"] = gpus;
  j["gpu_links"] = m.gpu_links;
  j["topo_nics"] = m.topo_nics;          // topo -m's NIC columns
  j["gpu_nic_links"] = m.gpu_nic_links;  // [gpu][nic] link codes
  ordered_json nics = ordered_json::array();
  for (const auto& f : m.pci)
    if (f.is_nic) nics.push_back({{"address", f.address}, {"class", f.cls}, {"name", f.name}, {"link", link_json(f.link)}, {"numa_node", opt(f.numa_node)}});
  j["nics"] = nics;
  if (m.cpu)
    j["cpu"] = {{"model", m.cpu->model},
                {"sockets", m.cpu->sockets ? ordered_json(m.cpu->sockets) : ordered_json(nullptr)},
                {"logical_cpus", m.cpu->logical_cpus},
                {"part", m.cpu_part ? ordered_json(m.cpu_part->id) : ordered_json(nullptr)}};
  else
    j["cpu"] = nullptr;
  j["memory_gib"] = m.memory_gib ? ordered_json(std::round(*m.memory_gib * 10) / 10) : ordered_json(nullptr);
  j["amd_gpus"] = m.amd_gpus;
  j["unmatched"] = m.unmatched;
  ordered_json diags = ordered_json::array();
  for (const auto& d : *v.findings)
    diags.push_back({{"code", d.code}, {"severity", severity_name(d.severity)}, {"message", d.message}, {"parts", d.parts}, {"hint", d.hint}});
  j["diagnostics"] = diags;
  j["as_built"] = as_built_json(m);
  return j;
}

std::string inspect_github(const InspectView& v) {
  std::string out;
  for (const auto& d : *v.findings) {
    const char* level = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "notice";
    std::string msg = d.message + (d.hint.empty() ? "" : " — hint: " + d.hint);
    out += fmt::format("::{} file={},title={}::{}\n", level, gh_prop(subject(v)), gh_prop("rigplan " + d.code), gh_escape(msg));
  }
  return out;
}

std::string inspect_junit(const InspectView& v) {
  int e = 0, w = 0;
  for (const auto& d : *v.findings) {
    if (d.severity == Severity::Error) ++e;
    if (d.severity == Severity::Warning) ++w;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuite name=\"rigplan inspect\" tests=\"1\" failures=\"{}\">\n", v.ok() ? 0 : 1);
  out += fmt::format("  <testcase classname=\"rigplan.inspect\" name=\"{}\" file=\"{}\">\n", xml(subject(v)), xml(subject(v)));
  if (!v.ok()) {
    std::string text;
    for (const auto& d : *v.findings)
      if (d.severity == Severity::Error || (v.strict && d.severity == Severity::Warning))
        text += fmt::format("{} {}: {}\n", severity_name(d.severity), d.code, d.message);
    out += fmt::format("    <failure message=\"{} error(s), {} warning(s)\">{}</failure>\n", e, w, xml(text));
  }
  out += "  </testcase>\n";
  return out + "</testsuite>\n";
}

}  // namespace rigplan

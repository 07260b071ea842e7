// Text report of `rigplan inspect` (see inspect_report.hpp): the sources read and skipped, the
// GPUs with their links, power limits, NUMA nodes and NVLinks, the NICs, CPU and memory, what
// the catalog did not know, then the findings grouped by severity as check prints them.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rigplan/inspect_report.hpp"
#include "rigplan/table.hpp"

namespace rigplan {

bool InspectView::ok() const {
  for (const auto& d : *findings)
    if (d.severity == Severity::Error || (strict && d.severity == Severity::Warning)) return false;
  return true;
}

namespace {

std::string link_text(const LinkState& l) {
  auto one = [](int gen, int width) {
    if (!gen && !width) return std::string("?");
    return fmt::format("Gen{} x{}", gen ? std::to_string(gen) : "?", width ? std::to_string(width) : "?");
  };
  return one(l.gen_current, l.width_current) + " of " + one(l.gen_max, l.width_max);
}

std::string watts(const std::optional<double>& w) { return w ? fmt::format("{:g} W", *w) : "?"; }

std::string gpu_table(const InspectedMachine& m) {
  Table t;
  t.headers = {"GPU", "MODEL", "BUS", "LINK NOW OF MAX", "STATE", "POWER LIMIT (DEFAULT)", "NUMA", "NVLINK UP", "CATALOG"};
  for (const auto& g : m.gpus) {
    std::string nvl = g.nvlinks_listed ? fmt::format("{}/{}", *g.nvlinks_up, *g.nvlinks_listed) : "-";
    t.rows.push_back({std::to_string(g.index), g.product_name, g.bus_id, link_text(g.link), g.pstate.empty() ? "?" : g.pstate,
                      watts(g.power_limit_w) + " (" + watts(g.default_power_limit_w) + ")",
                      g.numa_node ? std::to_string(*g.numa_node) : "?", nvl, g.part ? g.part->id : "(not matched)"});
  }
  return t.render();
}

}  // namespace

std::string inspect_text(const InspectView& v) {
  const InspectedMachine& m = *v.machine;
  std::string out = fmt::format("Machine as built ({}){}\n", m.origin == "live" ? "this machine" : m.origin,
                                v.plan_file.empty() ? "" : ", against " + v.plan_file);
  int e = 0, w = 0, i = 0;
  for (const auto& d : *v.findings) (d.severity == Severity::Error ? e : d.severity == Severity::Warning ? w : i)++;
  out += fmt::format("{}: {} error{}, {} warning{}, {} note{}\n\n", v.ok() ? "OK" : "FAIL", e, e == 1 ? "" : "s", w,
                     w == 1 ? "" : "s", i, i == 1 ? "" : "s");
  out += "Read:\n";
  for (const auto& s : m.sources)
    out += s.read ? fmt::format("  {:<28} {}\n", s.name, s.file) : fmt::format("  {:<28} skipped: {}\n", s.name, s.why);
  out += "\n";
  if (!m.driver.empty() || !m.cuda.empty())
    out += fmt::format("Driver {}, CUDA {} (the newest CUDA this driver supports)\n\n", m.driver.empty() ? "?" : m.driver,
                       m.cuda.empty() ? "?" : m.cuda);
  if (m.gpus.empty()) out += "GPUs: none reported\n\n";
  else out += fmt::format("GPUs: {}\n", m.gpus.size()) + gpu_table(m) + "\n";
  if (!m.gpu_links.empty()) {
    Table t;
    t.headers = {""};
    for (std::size_t k = 0; k < m.gpu_links.size(); ++k) t.headers.push_back("GPU" + std::to_string(k));
    for (std::size_t k = 0; k < m.gpu_links.size(); ++k) {
      std::vector<std::string> row{"GPU" + std::to_string(k)};
      row.insert(row.end(), m.gpu_links[k].begin(), m.gpu_links[k].end());
      t.rows.push_back(row);
    }
    out += "GPU links (nvidia-smi topo -m):\n" + t.render() + "\n";
  }
  // Each NIC topo -m lists, with the GPUs nearest it: the ones a job should pair with it.
  if (!m.topo_nics.empty() && !m.gpu_nic_links.empty()) {
    static const char* kNear[] = {"PIX", "PXB", "PHB", "NODE", "SYS"};
    out += "NICs (nvidia-smi topo -m), with the GPUs nearest each:\n";
    for (std::size_t n = 0; n < m.topo_nics.size(); ++n) {
      std::string nearest;
      for (const char* code : kNear) {
        std::string gpus;
        for (std::size_t g = 0; g < m.gpu_nic_links.size(); ++g)
          if (n < m.gpu_nic_links[g].size() && m.gpu_nic_links[g][n] == code) gpus += fmt::format("{}GPU{}", gpus.empty() ? "" : ", ", g);
        if (!gpus.empty()) {
          nearest = fmt::format("{} ({})", gpus, code);
          break;
        }
      }
      out += fmt::format("  {}  {}\n", m.topo_nics[n], nearest.empty() ? "no GPU path given" : nearest);
    }
    out += "\n";
  }
  if (m.amd_gpus)
    out += fmt::format("AMD GPUs (rocm-smi): {}{}\n\n", m.amd_gpus,
                       m.amd_links.empty() ? "" : fmt::format(", links: {}", fmt::join(m.amd_links, ", ")));
  bool nic = false;
  for (const auto& f : m.pci) {
    if (!f.is_nic) continue;
    if (!nic) out += "NICs (lspci):\n";
    nic = true;
    out += fmt::format("  {}  {}  {}\n", f.address, f.name, link_text(f.link));
  }
  if (nic) out += "\n";
  if (m.cpu)
    out += fmt::format("CPU: {}{}, {} logical CPUs -> {}\n", m.cpu->model.empty() ? "(no model name)" : m.cpu->model,
                       m.cpu->sockets ? fmt::format(" x {} socket{}", m.cpu->sockets, m.cpu->sockets == 1 ? "" : "s") : "",
                       m.cpu->logical_cpus, m.cpu_part ? m.cpu_part->id : "(not matched)");
  if (m.memory_gib) out += fmt::format("Memory: {:.1f} GiB (MemTotal: what the kernel can use)\n", *m.memory_gib);
  if (m.cpu || m.memory_gib) out += "\n";
  if (!m.unmatched.empty()) {
    out += "Not identified in the catalog:\n";
    for (const auto& u : m.unmatched) out += "  " + u + "\n";
    out += "\n";
  }
  if (v.findings->empty()) return out + "No findings.\n";
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
    bool header = false;
    for (const auto& d : *v.findings) {
      if (d.severity != s) continue;
      if (!header) out += fmt::format("{}:\n", s == Severity::Error ? "Errors" : s == Severity::Warning ? "Warnings" : "Notes");
      header = true;
      out += fmt::format("  {} {}\n", d.code, d.message);
      if (!d.hint.empty()) out += fmt::format("          hint: {}\n", d.hint);
    }
  }
  return out;
}

}  // namespace rigplan

// The predicted `nvidia-smi topo -m` matrix as an HTML table (see sections.hpp): the same cells as
// `rigplan topo` prints, each cell classed by its link kind (NV#, PIX, PXB, PHB, NODE, SYS) so NVLink
// stands out in bold and cross-socket paths in italics — the text of the cell says it either way.
#include <fmt/format.h>

#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

namespace {

std::string kind_class(const std::string& link) {
  if (link.rfind("NV", 0) == 0) return "lk-NV";
  for (const char* k : {"X", "PIX", "PXB", "PHB", "NODE", "SYS"})
    if (link == k) return std::string("lk-") + k;
  return "lk-other";
}

}  // namespace

std::string topology_table(const Topology& t) {
  if (t.devices.empty()) return "<p class=\"muted\">No GPUs or NICs: no topology to predict.</p>\n";
  std::string out = "<table class=\"topo\">\n<thead><tr><th></th>";
  for (const auto& d : t.devices) out += "<th scope=\"col\">" + esc(d) + "</th>";
  out += "<th scope=\"col\">CPU affinity</th><th scope=\"col\">NUMA affinity</th><th scope=\"col\">part</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < t.devices.size(); ++i) {
    out += "<tr><th scope=\"row\">" + esc(t.devices[i]) + "</th>";
    for (std::size_t j = 0; j < t.links[i].size(); ++j)
      out += "<td class=\"" + kind_class(t.links[i][j]) + "\">" + esc(t.links[i][j]) + "</td>";
    out += "<td>" + esc(t.cpu_affinity[i]) + "</td><td>" + esc(t.numa_affinity[i]) + "</td><td>" + esc(t.parts[i]) + "</td></tr>\n";
  }
  out += "</tbody>\n</table>\n";
  for (const auto& pr : t.nvlink)
    out += pr.joined ? fmt::format("<p>NVLink: {} ({}) and {} ({}) bridged, NV{}</p>\n", esc(t.devices[pr.a]), esc(pr.slot_a),
                                   esc(t.devices[pr.b]), esc(pr.slot_b), pr.links)
                     : fmt::format("<p>NVLink: {} ({}) and {} ({}) not joined: {}</p>\n", esc(t.devices[pr.a]), esc(pr.slot_a),
                                   esc(t.devices[pr.b]), esc(pr.slot_b), esc(pr.why));
  out += "<p class=\"muted\">X self · NV# NVLink bond of # links · PIX one PCIe bridge · PXB several bridges · PHB via the CPU "
         "host bridge · NODE across host bridges in one NUMA node · SYS across sockets. One NUMA node per socket assumed.</p>\n";
  // Peer-to-peer between the GPUs, as `nvidia-smi topo -p2p r` would print it: a pair without it
  // (not OK) is classed like a cross-socket path, and the notes say why, with their sources.
  std::size_t n = t.p2p.status.size();
  if (n >= 2) {
    out += "<h3>Peer-to-peer (nvidia-smi topo -p2p r, predicted for NVIDIA's driver)</h3>\n<table class=\"topo\">\n<thead><tr><th></th>";
    for (std::size_t i = 0; i < n; ++i) out += fmt::format("<th scope=\"col\">GPU{}</th>", i);
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < n; ++i) {
      out += fmt::format("<tr><th scope=\"row\">GPU{}</th>", i);
      for (std::size_t j = 0; j < n; ++j) {
        std::string code = i == j ? "X" : p2p_code(t.p2p.status[i][j]);
        out += fmt::format("<td class=\"{}\">{}</td>", code == "X" ? "lk-X" : code == "OK" ? "lk-PIX" : "lk-SYS", esc(code));
      }
      out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    for (const auto& note : t.p2p.notes) out += "<p>" + esc(note) + "</p>\n";
    out += "<p class=\"muted\">OK peer access · CNS chipset not supported · GNS GPU not supported · NS not supported · U "
           "unknown. Without peer access NCCL stages copies through host memory.</p>\n";
  }
  return out;
}

}  // namespace rigplan::html

// Text report of a check: verdict, slot drawing, power table, diagnostics (see check_report.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "rigplan/check_report.hpp"
#include "rigplan/table.hpp"
#include "util/number_text.hpp"

namespace rigplan {

namespace {

std::string verdict(const CheckResult& r, bool strict) {
  int e = r.count(Severity::Error), w = r.count(Severity::Warning), i = r.count(Severity::Info);
  return fmt::format("{}: {} error{}, {} warning{}, {} note{}", r.ok(strict) ? "OK" : "FAIL", e, e == 1 ? "" : "s", w,
                     w == 1 ? "" : "s", i, i == 1 ? "" : "s");
}

std::string slot_drawing(const Build& b, const Placement& p) {
  if (!b.board) return "";
  int last = 0;
  for (const auto& s : b.board->slots) last = std::max(last, s.position);
  for (const auto& c : p.cards) last = std::max(last, c.covers_to);
  if (b.chassis) last = std::max(last, b.chassis->expansion_slots);
  std::map<int, const BoardSlot*> slot_at;
  for (const auto& s : b.board->slots) slot_at[s.position] = &s;
  Table t;
  t.headers = {"OPENING", "SLOT", "WIRED", "CARD", "LINK", "GB/s"};
  t.right_align = {true, false, false, false, false, true};
  for (int pos = 1; pos <= last; ++pos) {
    std::vector<std::string> row{std::to_string(pos), "", "", "", "", ""};
    if (auto it = slot_at.find(pos); it != slot_at.end())
      row[1] = it->second->name, row[2] = fmt::format("x{} gen{} {}", it->second->lanes, it->second->gen, it->second->source);
    for (const auto& c : p.cards) {
      if (c.slot.empty()) continue;
      if (c.position == pos) {
        bool shared = !row[3].empty() && row[3].rfind("│", 0) != 0;  // a bifurcation riser's second card
        std::string link = c.slot_lanes == 0 ? "disabled" : fmt::format("PCIe {} x{}", c.gen, c.lanes);
        row[3] = shared ? row[3] + " + " + c.part : c.part;
        row[4] = shared ? row[4] + " + " + link : link;
        row[5] = shared ? row[5] + " + " + fmt::format("{:.1f}", c.bandwidth_gb_s) : fmt::format("{:.1f}", c.bandwidth_gb_s);
      } else if (pos > c.position && pos <= c.covers_to && row[3].empty()) {
        row[3] = "│ covered by " + c.part;
      }
    }
    if (b.chassis && pos > b.chassis->expansion_slots) row[0] += "!";
    t.rows.push_back(row);
  }
  std::string out = fmt::format("Slots on {}{}:\n", b.board->id,
                                p.automatic ? " (placed by rigplan)" : " (as given)");
  out += t.render();
  for (const auto& c : p.cards)
    if (c.slot.empty()) out += fmt::format("  not placed: {}\n", c.part);
  for (const auto& pr : nvlink_pairs(b, p))
    out += pr.joined ? fmt::format("  NVLink: {} + {} bridged by {} ({} openings)\n", pr.slot_a, pr.slot_b, pr.bridge, pr.gap)
                     : fmt::format("  NVLink: {} + {} not joined: {}\n", pr.slot_a, pr.slot_b, pr.why);
  if (p.search_truncated)
    out += fmt::format(
        "  note: so many cards and slots that the placement search stopped after {} steps; this is the best "
        "placement it found, not necessarily the best there is (give each card's \"slots\" to place them yourself)\n",
        kMaxPlacementSteps);
  return out;
}

std::string power_table(const Build& b, const PowerBudget& p) {
  Table t;
  t.headers = {"PART", "COUNT", "EACH W", "TOTAL W"};
  t.right_align = {false, true, true, true};
  for (const auto& l : p.lines)
    t.rows.push_back({l.part, std::to_string(l.count), l.known ? fmt::format("{:.0f}", l.each_w) : "unknown",
                      l.known ? fmt::format("{:.0f}", l.total_w) : "unknown"});
  t.rows.push_back({p.complete() ? "sustained DC load" : "sustained DC load (at least: some power unknown)", "", "",
                    fmt::format("{:.0f}", p.sustained_w)});
  t.rows.push_back({"transient peak (under 1 ms)", "", "", fmt::format("{:.0f}", p.transient_w)});
  t.rows.push_back({"transient peak (1-10 ms)", "", "", fmt::format("{:.0f}", p.transient_ms_w)});
  if (b.psu) {
    std::string label = "PSU " + b.psu->id;
    if (b.psu_redundant > 0)  // the modules that carry the load: N of an N+M set
      label += fmt::format(" ({} of {} carry the load, {}+{})", b.psu_carrying(), b.psu_count, b.psu_carrying(),
                           b.psu_redundant);
    t.rows.push_back({label, b.psu_count > 1 ? std::to_string(b.psu_carrying()) : "", "", fmt::format("{:.0f}", p.psu_w)});
  }
  if (p.cpu_w > 0 && p.workload_dc_w != p.sustained_w)
    t.rows.push_back({fmt::format("DC load during the workload (CPUs at {:.0f} %)", p.cpu_load * 100), "", "",
                      fmt::format("{:.0f}", p.workload_dc_w)});
  t.rows.push_back({p.efficiency > 0 ? fmt::format("wall draw (at {:.1f} % efficiency, 80 PLUS {})", p.efficiency * 100,
                                                   eighty_plus_category_name(p.efficiency_category))
                                     : "wall draw (at 80 % efficiency)",
                    "", "", fmt::format("{:.0f}", p.wall_w)});
  t.rows.push_back({fmt::format("heat output ({} BTU/h)", grouped(heat_btu_per_hour(p.wall_w))), "", "",
                    fmt::format("{:.0f}", p.wall_w)});
  if (b.outlet) t.rows.push_back({"outlet " + b.outlet->id + " continuous", "", "", fmt::format("{:.0f}", p.outlet_w)});
  std::string out = "Power:\n" + t.render();
  if (p.groups.empty()) return out;
  Table g;  // PSU groups: each group's load against its units, and each circuit's wall draw
  g.headers = {"PSU GROUP", "PSUS", "OUTLET", "CIRCUIT", "LOAD W", "PEAK 1-10 MS W", "PSU W", "WALL W"};
  g.right_align = {false, false, false, false, true, true, true, true};
  for (const auto& x : p.groups)
    g.rows.push_back({x.name + (x.platform ? " (platform)" : ""),
                      x.psu ? fmt::format("{} x {}", x.psus, x.psu->id) : std::to_string(x.psus), x.outlet ? x.outlet->id : "",
                      x.circuit, fmt::format("{:.0f}", x.sustained_w), fmt::format("{:.0f}", x.transient_ms_w),
                      fmt::format("{:.0f}", x.psu_w), fmt::format("{:.0f}", x.wall_w)});
  Table c;
  c.headers = {"CIRCUIT", "OUTLET", "GROUPS", "WALL W", "LIMIT W"};
  c.right_align = {false, false, false, true, true};
  for (const auto& x : p.circuits)
    c.rows.push_back({x.name, x.outlet ? x.outlet->id : "", fmt::format("{}", fmt::join(x.groups, ", ")),
                      fmt::format("{:.0f}", x.wall_w), fmt::format("{:.0f}", x.limit_w)});
  return out + "\n" + g.render() + "\n" + c.render();
}

}  // namespace

std::string check_text(const CheckedBuild& c, bool strict) {
  const auto& b = c.build;
  std::string out = fmt::format("{}{}\n", b.name.empty() ? b.file : b.name, b.name.empty() || b.file.empty() ? "" : "  (" + b.file + ")");
  out += verdict(c.result, strict) + "\n\n";
  if (b.barebone)
    out += fmt::format("Barebone {}: board {}, chassis {}, {}x PSU {} ({}+{})\n\n", b.barebone->id,
                       b.board ? b.board->id : "?", b.chassis ? b.chassis->id : "?", b.psu_count,
                       b.psu ? b.psu->id : "?", b.psu_carrying(), b.psu_redundant);
  if (std::string d = slot_drawing(b, c.result.placement); !d.empty()) out += d + "\n";
  out += power_table(b, c.result.power) + "\n";
  if (c.result.diagnostics.empty()) {
    out += "No findings.\n";
    return out;
  }
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
    bool header = false;
    for (const auto& d : c.result.diagnostics) {
      if (d.severity != s) continue;
      if (!header) {
        out += fmt::format("{}:\n", s == Severity::Error ? "Errors" : s == Severity::Warning ? "Warnings" : "Notes");
        header = true;
      }
      out += fmt::format("  {} {}\n", d.code, d.message);
      if (!d.hint.empty()) out += fmt::format("          hint: {}\n", d.hint);
    }
  }
  return out;
}

namespace {

// The predicted `nvidia-smi topo -p2p r` matrix over the GPUs and why a card or pair lost P2P.
std::string p2p_text(const Topology& t) {
  std::size_t n = t.p2p.status.size();
  if (n < 2) return "";
  Table tab;
  tab.headers = {""};
  for (std::size_t i = 0; i < n; ++i) tab.headers.push_back("GPU" + std::to_string(i));
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<std::string> row{"GPU" + std::to_string(i)};
    for (std::size_t j = 0; j < n; ++j) row.push_back(i == j ? "X" : p2p_code(t.p2p.status[i][j]));
    tab.rows.push_back(row);
  }
  std::string out = "\nP2P (`nvidia-smi topo -p2p r`, predicted for NVIDIA's driver):\n" + tab.render();
  for (const auto& note : t.p2p.notes) out += "P2P: " + note + "\n";
  return out;
}

}  // namespace

std::string topology_text(const Topology& t) {
  Table tab;
  tab.headers = {""};
  for (const auto& d : t.devices) tab.headers.push_back(d);
  tab.headers.insert(tab.headers.end(), {"CPU Affinity", "NUMA Affinity", "PART"});
  for (std::size_t i = 0; i < t.devices.size(); ++i) {
    std::vector<std::string> row{t.devices[i]};
    for (const auto& l : t.links[i]) row.push_back(l);
    row.insert(row.end(), {t.cpu_affinity[i], t.numa_affinity[i], t.parts[i]});
    tab.rows.push_back(row);
  }
  std::string out = tab.render();
  for (const auto& pr : t.nvlink)
    out += pr.joined ? fmt::format("NVLink: {} ({}) and {} ({}) bridged, NV{}\n", t.devices[pr.a], pr.slot_a, t.devices[pr.b],
                                   pr.slot_b, pr.links)
                     : fmt::format("NVLink: {} ({}) and {} ({}) not joined: {}\n", t.devices[pr.a], pr.slot_a, t.devices[pr.b],
                                   pr.slot_b, pr.why);
  out += p2p_text(t);
  return out +
         "\nLegend: X self · NV# NVLink bond of # links · PIX one PCIe bridge · PXB several bridges · PHB via the "
         "CPU host bridge · NODE across host bridges in one NUMA node · SYS across sockets\n"
         "Affinity: the CPUs and NUMA node of the socket each device hangs off, one NUMA node per socket assumed\n" +
         (t.p2p.status.size() > 1 ? "P2P: OK peer access · CNS chipset not supported · GNS GPU not supported · NS not supported "
                                     "· U unknown; without it NCCL stages copies through host memory\n"
                                   : "");
}

}  // namespace rigplan

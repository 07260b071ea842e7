// The machine against the plan: GPU count and models (INS001, INS002), NVLink (INS005), power
// limits (INS006), driver and CUDA (INS007), NUMA placement of the GPUs (INS008), CPU (INS010)
// and memory (INS011). Without a plan the checks that need none still run: NVLink links down on a
// card whose others are up, a power limit below the card's default, GPUs on several NUMA nodes.
#include <algorithm>
#include <map>
#include <set>

#include "inspect/findings.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::inspect {

namespace {

// MemTotal is the RAM the kernel can use: installed DIMMs less what firmware and the kernel image
// keep (proc(5), "MemTotal"). It is typically within a few percent of the installed total, so
// less than this fraction of the planned memory means DIMMs are missing, not reserved.
constexpr double kMemTotalFraction = 0.9;
// Power limits are set and reported in whole watts or hundredths; a difference under this is equal.
constexpr double kPowerTolerance_w = 1.0;

void gpus_vs_plan(const InspectedMachine& m, const Build& plan, std::vector<Diagnostic>& out) {
  int have = static_cast<int>(m.gpus.size());
  if (have != plan.gpu_count())
    out.push_back(finding("INS001", fmt::format("the machine has {} GPU{}, the plan {}", have, have == 1 ? "" : "s",
                                                plan.gpu_count()),
                          {}, have < plan.gpu_count() ? "a GPU that is missing may be unseated or without power; see "
                                                        "dmesg for Xid or 'fallen off the bus'"
                                                      : ""));
  std::map<std::string, int> planned, built;
  for (const auto& e : plan.gpus) planned[e.part->id] += e.count;
  for (const auto& g : m.gpus)
    if (g.part) ++built[g.part->id];
  for (const auto& [id, n] : planned)
    if (built[id] < n && have == plan.gpu_count())
      out.push_back(finding("INS002", fmt::format("the plan has {} x {}, the machine {}", n, id, built[id]), {id}));
  for (const auto& g : m.gpus) {
    if (!g.part)
      out.push_back(finding("INS002", fmt::format("{} is not a GPU the catalog knows, so it cannot be checked against the plan",
                                                  gpu_label(g)),
                            {}, "add the part to a --catalog overlay (docs/catalog-data-guide.md)"));
    else if (!planned.count(g.part->id))
      out.push_back(finding("INS002", fmt::format("{} is a {}, which the plan does not have", gpu_label(g), g.part->id),
                            {g.part->id}));
  }
}

bool plan_expects_nvlink(const Build& plan) {
  if (plan.bridge) return true;
  for (const auto& e : plan.gpus)
    if (e.part->nvlink && e.part->nvlink->via != "bridge") return true;  // SXM/OAM boards: NVSwitch or mesh
  return false;
}

void nvlink(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out) {
  bool expected = plan && plan_expects_nvlink(*plan) && m.gpus.size() > 1;
  bool any_report = false;
  for (const auto& g : m.gpus) {
    if (!g.nvlinks_listed) continue;
    any_report = true;
    int up = *g.nvlinks_up, listed = *g.nvlinks_listed;
    std::vector<std::string> parts;
    if (g.part) parts.push_back(g.part->id);
    if (expected && up == 0)
      out.push_back(finding("INS005", fmt::format("{} has no NVLink up, and the plan has NVLink", gpu_label(g)), parts,
                            plan->bridge ? "seat the NVLink bridge(s) firmly on both cards, with the machine off"
                                         : "on NVSwitch boards start nvidia-fabricmanager; check nvidia-smi -q "
                                           "'Fabric' state"));
    else if (expected && g.part && g.part->nvlink && up < g.part->nvlink->links)
      out.push_back(finding("INS005", fmt::format("{} has {} NVLink link{} up, the card has {}", gpu_label(g), up,
                                                  up == 1 ? "" : "s", g.part->nvlink->links),
                            parts, "a link down is a bridge not fully seated or a fault; see nvidia-smi nvlink -e"));
    else if (!expected && up > 0 && up < listed)
      out.push_back(finding("INS005", Severity::Info,
                            fmt::format("{} has {} of {} NVLink links up", gpu_label(g), up, listed), parts,
                            "normal where a bridge joins only some links (two-way bridges on PCIe cards); otherwise "
                            "see nvidia-smi nvlink -e"));
  }
  if (expected && !any_report && !m.gpu_links.empty()) {
    bool nv = false;
    for (const auto& row : m.gpu_links)
      for (const auto& c : row) nv = nv || c.rfind("NV", 0) == 0;
    if (!nv)
      out.push_back(finding("INS005", "topo -m shows no NVLink between any two GPUs, and the plan has NVLink", {},
                            "seat the bridges, or start nvidia-fabricmanager on NVSwitch boards"));
  }
}

void power(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out) {
  std::map<std::string, std::optional<double>> planned;  // part -> planned limit
  if (plan)
    for (const auto& e : plan->gpus) planned[e.part->id] = e.power_limit_w;
  for (const auto& g : m.gpus) {
    if (!g.power_limit_w) continue;
    std::vector<std::string> parts;
    if (g.part) parts.push_back(g.part->id);
    std::optional<double> want;
    if (g.part && planned.count(g.part->id)) want = planned[g.part->id];
    if (want) {
      if (std::abs(*g.power_limit_w - *want) > kPowerTolerance_w)
        out.push_back(finding("INS006", fmt::format("{} has a power limit of {:g} W, the plan {:g} W", gpu_label(g),
                                                    *g.power_limit_w, *want),
                              parts, fmt::format("sudo nvidia-smi -i {} -pl {:g} (and make it persist at boot)", g.index, *want)));
    } else if (g.default_power_limit_w && *g.power_limit_w + kPowerTolerance_w < *g.default_power_limit_w) {
      out.push_back(finding("INS006", fmt::format("{} has a power limit of {:g} W, below the card's default {:g} W", gpu_label(g),
                                                  *g.power_limit_w, *g.default_power_limit_w),
                            parts,
                            fmt::format("if not meant, restore it: sudo nvidia-smi -i {} -pl {:g}; if meant, write "
                                        "power_limit_w in the build so the plan says so",
                                        g.index, *g.default_power_limit_w)));
    }
  }
}

void software(const InspectedMachine& m, const Build& plan, std::vector<Diagnostic>& out) {
  using namespace rules;
  const auto& sw = plan.software;
  if (!sw.cuda.empty() && !m.cuda.empty() && version_less(parse_version(m.cuda), parse_version(sw.cuda)))
    out.push_back(finding("INS007", fmt::format("the driver supports CUDA up to {}, the plan uses CUDA {}", m.cuda, sw.cuda),
                          {}, fmt::format("install a driver of the CUDA {} branch or newer", sw.cuda)));
  if (!sw.driver.empty() && !m.driver.empty()) {
    Version have = parse_version(m.driver), want = parse_version(sw.driver);
    if (version_less(have, want))
      out.push_back(finding("INS007", fmt::format("driver {} is older than the planned {}", m.driver, sw.driver), {},
                            fmt::format("install driver {} or newer", sw.driver)));
    else if (!have.empty() && !want.empty() && have[0] != want[0])
      out.push_back(finding("INS007", Severity::Info,
                            fmt::format("driver {} is another branch than the planned {}", m.driver, sw.driver)));
  }
}

void numa(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out) {
  std::set<int> nodes;
  for (const auto& g : m.gpus)
    if (g.numa_node) nodes.insert(*g.numa_node);
  for (const auto& n : m.amd_numa)
    if (n) nodes.insert(*n);
  if (nodes.size() < 2) return;
  std::string list;
  for (const auto& g : m.gpus)
    if (g.numa_node) list += fmt::format("{}GPU{}: node {}", list.empty() ? "" : ", ", g.index, *g.numa_node);
  bool single_socket_plan = plan && plan->cpu_count < 2;
  // On NVLink/NVSwitch machines (every pair of GPUs on different nodes is NV# in topo -m) GPU
  // traffic never crosses the socket link; only the CPU and NIC affinity of each GPU matters.
  bool all_nvlink = !m.gpu_links.empty();
  for (std::size_t i = 0; i < m.gpus.size() && all_nvlink; ++i)
    for (std::size_t j = 0; j < m.gpus.size(); ++j)
      if (i != j && m.gpus[i].numa_node && m.gpus[j].numa_node && *m.gpus[i].numa_node != *m.gpus[j].numa_node &&
          (i >= m.gpu_links.size() || j >= m.gpu_links[i].size() || m.gpu_links[i][j].rfind("NV", 0) != 0)) {
        all_nvlink = false;
        break;
      }
  out.push_back(finding("INS008", single_socket_plan ? Severity::Warning : Severity::Info,
                        fmt::format("the GPUs hang off {} NUMA nodes ({}){}", nodes.size(), list,
                                    single_socket_plan ? ", and the plan has one CPU socket" : ""),
                        {},
                        all_nvlink ? "every GPU pair across nodes is joined by NVLink, so GPU traffic stays off the "
                                     "socket link; bind each GPU's data-loading processes and NIC to its own node"
                                   : "traffic between GPUs of different nodes crosses the socket link (SYS in topo -m); "
                                     "keep a job's GPUs on one node, or set NCCL and CPU affinity per node"));
}

// topo -m's SYS joins GPUs on different sockets; between two GPUs of one NUMA node it means the
// PCIe tree is hidden (a virtual machine) or peer traffic is routed through the CPU.
void sys_same_node(const InspectedMachine& m, std::vector<Diagnostic>& out) {
  std::string pairs;
  int n = 0;
  for (std::size_t i = 0; i < m.gpus.size() && i < m.gpu_links.size(); ++i)
    for (std::size_t j = i + 1; j < m.gpus.size() && j < m.gpu_links[i].size(); ++j)
      if (m.gpu_links[i][j] == "SYS" && m.gpus[i].numa_node && m.gpus[j].numa_node &&
          *m.gpus[i].numa_node == *m.gpus[j].numa_node && ++n <= 4)
        pairs += fmt::format("{}GPU{}-GPU{}", pairs.empty() ? "" : ", ", i, j);
  if (!n) return;
  out.push_back(finding("INS012", fmt::format("topo -m shows SYS between GPUs of one NUMA node ({}{})", pairs,
                                              n > 4 ? fmt::format(" and {} more pairs", n - 4) : ""),
                        {},
                        "in a virtual machine the hypervisor hides the PCIe tree; on bare metal GPUs of one socket show "
                        "NODE, PHB, PXB or PIX. Check peer-to-peer with nvidia-smi topo -p2p r"));
}

void cpu_memory(const InspectedMachine& m, const Build& plan, std::vector<Diagnostic>& out) {
  if (plan.cpu && m.cpu) {
    if (!m.cpu_part || m.cpu_part->id != plan.cpu->id)
      out.push_back(finding("INS010", fmt::format("the CPU is \"{}\", the plan {}", m.cpu->model, plan.cpu->name), {plan.cpu->id}));
    if (m.cpu->sockets && m.cpu->sockets != plan.cpu_count)
      out.push_back(finding("INS010", fmt::format("the machine has {} CPU socket{}, the plan {}", m.cpu->sockets,
                                                  m.cpu->sockets == 1 ? "" : "s", plan.cpu_count),
                            {plan.cpu->id}));
  }
  double want = plan.system_memory_gib();
  if (want > 0 && m.memory_gib && *m.memory_gib < kMemTotalFraction * want)
    out.push_back(finding("INS011", fmt::format("the kernel sees {:.1f} GiB of memory, the plan has {:g} GiB", *m.memory_gib, want),
                          {}, "a DIMM may be unseated or in a slot the board does not use; check dmidecode -t memory"));
}

}  // namespace

Diagnostic finding(const char* code, Severity sev, std::string message, std::vector<std::string> parts, std::string hint) {
  return Diagnostic{code, sev, std::move(message), std::move(parts), std::move(hint)};
}

Diagnostic finding(const char* code, std::string message, std::vector<std::string> parts, std::string hint) {
  Severity sev = Severity::Warning;
  for (const auto& c : inspect_codes())
    if (std::string_view(c.code) == code) sev = c.severity;
  return finding(code, sev, std::move(message), std::move(parts), std::move(hint));
}

std::string gpu_label(const InspectedGpu& g) {
  return fmt::format("GPU{} ({}{})", g.index, g.product_name.empty() ? "unnamed" : g.product_name,
                     g.bus_id.empty() ? "" : ", " + g.bus_id);
}

void compare_plan(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out) {
  if (plan) gpus_vs_plan(m, *plan, out);
  nvlink(m, plan, out);
  power(m, plan, out);
  if (plan) software(m, *plan, out);
  numa(m, plan, out);
  sys_same_node(m, out);
  if (plan) cpu_memory(m, *plan, out);
}

}  // namespace rigplan::inspect

namespace rigplan {

std::vector<Diagnostic> inspect_findings(const InspectedMachine& m, const Build* plan) {
  std::vector<Diagnostic> out;
  inspect::compare_links(m, plan, out);
  inspect::compare_plan(m, plan, out);
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.severity != b.severity) return static_cast<int>(a.severity) < static_cast<int>(b.severity);
    return a.code < b.code;
  });
  return out;
}

}  // namespace rigplan

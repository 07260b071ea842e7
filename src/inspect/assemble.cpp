// One InspectedMachine from the reports that were read. nvidia-smi's XML is the list of NVIDIA
// GPUs; `topo -m` adds each GPU's NUMA node and the GPU-to-GPU links, `nvlink -s` the NVLinks up,
// both by GPU index (nvidia-smi numbers GPUs the same way in all three). Without the XML, the
// GPUs are those lspci lists (NVIDIA and AMD). lspci also gives the NICs. Reports that disagree
// on the GPU count are refused: they were not saved from the same machine, or not at one time.
#include "inspect/assemble.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "inspect/match.hpp"
#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

namespace {

const Reports::Text* text(const Reports& r, const char* name) {
  auto it = r.texts.find(name);
  return it == r.texts.end() ? nullptr : &it->second;
}

// "00000000:01:00.0" and "0000:01:00.0" and "01:00.0" name the same function.
std::string short_bus(const std::string& bus) {
  return bus.size() >= 7 ? bus.substr(bus.size() - 7) : bus;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

InspectedMachine assemble(const Reports& r, const Catalog& catalog) {
  InspectedMachine m;
  m.sources = r.notes;
  std::vector<PciFunction> pci;
  if (auto t = text(r, InspectFiles::kLspci)) pci = parse_lspci(t->body, t->cite);
  if (auto t = text(r, InspectFiles::kNvsmiXml)) {
    auto x = parse_nvsmi_xml(t->body, t->cite);
    m.driver = x.driver;
    m.cuda = x.cuda;
    m.gpus = std::move(x.gpus);
    // lspci's NUMA node for the same bus address, when the XML lacks one: looked up by address
    // (matching every GPU against every function was quadratic: 20,000 x 100,000 took 55 s).
    std::unordered_map<std::string, const PciFunction*> by_bus;
    for (const auto& f : pci)
      if (f.is_gpu) by_bus[lower(short_bus(f.address))] = &f;  // the last of a repeated address, as before
    // lspci's port above the GPU, when it printed the bridges: what the host side can do.
    for (auto& g : m.gpus)
      if (auto it = by_bus.find(lower(short_bus(g.bus_id))); it != by_bus.end()) {
        const PciFunction& f = *it->second;
        g.numa_node = f.numa_node;
        if (!f.link.host_port.empty()) {
          g.link.host_port = f.link.host_port;
          g.link.host_width_max = f.link.host_width_max;
          if (f.link.host_gen_max) g.link.host_gen_max = f.link.host_gen_max;
        }
      }
  } else {
    int i = 0;
    for (const auto& f : pci)
      if (f.is_gpu) m.gpus.push_back(gpu_from_lspci(f, i++));
  }
  // Without nvidia-smi's XML or lspci, the GPUs are those nvlink -s names, else those topo -m numbers.
  std::optional<NvlinkReport> nv;
  if (auto t = text(r, InspectFiles::kNvlink)) nv = parse_nvlink(t->body, t->cite);
  if (m.gpus.empty() && nv)
    for (const auto& g : nv->gpus) {
      InspectedGpu gpu;
      gpu.index = static_cast<int>(m.gpus.size());
      gpu.product_name = g.name;
      m.gpus.push_back(gpu);
    }
  if (auto t = text(r, InspectFiles::kTopo)) {
    auto topo = parse_topo(t->body, t->cite);
    if (m.gpus.empty())
      for (std::size_t i = 0; i < topo.gpus.size(); ++i) {
        InspectedGpu gpu;
        gpu.index = static_cast<int>(i);
        m.gpus.push_back(gpu);
      }
    if (!m.gpus.empty() && topo.gpus.size() != m.gpus.size())
      throw InputError(InputIssue{t->cite, "", 0, 0,
                                  fmt::format("names {} GPUs but the GPU list has {}: reports from different machines?",
                                              topo.gpus.size(), m.gpus.size())});
    m.gpu_links = topo.links;
    m.topo_nics = topo.nics;
    m.gpu_nic_links = topo.gpu_nic;
    for (std::size_t i = 0; i < m.gpus.size(); ++i)
      if (topo.numa[i]) m.gpus[i].numa_node = topo.numa[i];
  }
  if (nv) {
    const auto* t = text(r, InspectFiles::kNvlink);
    for (const auto& g : nv->gpus) {
      if (g.index < 0 || static_cast<std::size_t>(g.index) >= m.gpus.size())
        throw InputError(InputIssue{t->cite, "", 0, 0,
                                    fmt::format("reports GPU {} but the GPU list has {} GPUs: reports from different "
                                                "machines?",
                                                g.index, m.gpus.size())});
      m.gpus[g.index].nvlinks_up = g.up;
      m.gpus[g.index].nvlinks_listed = g.listed;
    }
  }
  for (auto& f : pci)
    if (f.is_nic) m.pci.push_back(f);
  for (auto& f : pci)
    if (f.is_gpu) m.pci.push_back(f);
  if (auto t = text(r, InspectFiles::kCpuinfo)) {
    m.cpu = parse_cpuinfo(t->body, t->cite);
    m.cpu_part = match_cpu(m.cpu->model, catalog);
    if (!m.cpu_part)
      m.unmatched.push_back(fmt::format("CPU \"{}\": no catalog CPU of that model", m.cpu->model));
  }
  if (auto t = text(r, InspectFiles::kMeminfo)) m.memory_gib = parse_meminfo(t->body, t->cite);
  if (auto t = text(r, InspectFiles::kRocm)) {
    auto rocm = parse_rocm_topo(t->body, t->cite);
    m.amd_gpus = rocm.cards;
    m.amd_numa = rocm.numa;
    m.amd_links = rocm.links;
  }
  int nameless = 0;  // GPUs only topo -m numbered: no report names their model
  for (auto& g : m.gpus) {
    if (g.product_name.empty() && g.pci_id.empty()) {
      ++nameless;
      continue;
    }
    match_gpu(g, catalog);
    if (!g.part)
      m.unmatched.push_back(fmt::format("GPU{} \"{}\"{}: not in the catalog", g.index, g.product_name,
                                        g.pci_id.empty() ? "" : " (PCI id " + g.pci_id + ")"));
  }
  if (nameless)
    m.unmatched.push_back(fmt::format("{} GPU{}: the reports name no model (topo -m numbers GPUs only); add "
                                      "nvidia-smi -q -x or lspci -vv to identify them",
                                      nameless, nameless == 1 ? "" : "s"));
  return m;
}

}  // namespace rigplan::inspect

// Matching what the machine reports to catalog parts: GPUs by PCI device id, else by product
// name (pci_ids.cpp); the CPU by its /proc/cpuinfo model name, whose words must include every
// word of a catalog CPU's name once the "(R)", "(TM)" and "CPU" marks Intel and AMD add are
// dropped ("AMD EPYC 9654 96-Core Processor" holds "amd epyc 9654"); the longest such name wins,
// so "Ryzen 9 7950X3D" is never taken for "Ryzen 9 7950X".
#include "inspect/match.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>
#include <sstream>

#include "inspect/pci_ids.hpp"

namespace rigplan::inspect {

namespace {

std::set<std::string> words(std::string_view s) {
  std::string clean;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.substr(i, 3) == "(R)" || s.substr(i, 3) == "(r)") { i += 2; clean += ' '; continue; }
    if (s.substr(i, 4) == "(TM)" || s.substr(i, 4) == "(tm)") { i += 3; clean += ' '; continue; }
    clean += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
  }
  std::set<std::string> out;
  std::istringstream in(clean);
  std::string w;
  while (in >> w)
    if (w != "cpu" && w != "processor") out.insert(w);
  return out;
}

// The bracketed model in an lspci name: "NVIDIA Corporation GA102 [GeForce RTX 3090] (rev a1)" -> "GeForce RTX 3090".
std::string lspci_model(const std::string& name) {
  std::string n = name;
  if (auto rev = n.find(" (rev "); rev != std::string::npos) n = n.substr(0, rev);
  if (auto pi = n.find(" (prog-if "); pi != std::string::npos) n = n.substr(0, pi);
  auto close = n.rfind(']');
  auto open = close == std::string::npos ? std::string::npos : n.rfind('[', close);
  if (open == std::string::npos) return "";
  return n.substr(open + 1, close - open - 1);
}

}  // namespace

void match_gpu(InspectedGpu& g, const Catalog& c) {
  const PciIdEntry* e = nullptr;
  if (!g.pci_id.empty() && (e = gpu_by_pci_id(g.pci_id))) {
    g.matched_by = "PCI device id " + g.pci_id;
  } else if ((e = gpu_by_name(g.product_name))) {
    g.matched_by = "product name";
  }
  if (e) g.part = c.find<Gpu>(e->part_id);
  if (!g.part) g.matched_by.clear();
}

InspectedGpu gpu_from_lspci(const PciFunction& f, int index) {
  InspectedGpu g;
  g.index = index;
  g.product_name = lspci_model(f.name);
  if (g.product_name.empty()) g.product_name = f.name;
  g.bus_id = f.address;
  g.link = f.link;
  g.numa_node = f.numa_node;
  return g;
}

const Cpu* match_cpu(const std::string& model, const Catalog& c) {
  if (model.empty()) return nullptr;
  auto have = words(model);
  const Cpu* best = nullptr;
  std::size_t best_words = 0;
  for (const auto& cpu : c.all<Cpu>()) {
    auto need = words(cpu.name);
    bool all = !need.empty();
    for (const auto& w : need) all = all && have.count(w);
    if (all && need.size() > best_words) {
      best = &cpu;
      best_words = need.size();
    }
  }
  return best;
}

}  // namespace rigplan::inspect

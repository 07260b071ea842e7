// GPU PCI ids to catalog parts. Every row is copied from the PCI ID Repository's pci.ids
// (https://pci-ids.ucw.cz, github.com/pciutils/pciids at commit
// c1c12547d626ebf05fd0223144ad87fab5e95d06, 2026-08-22; vendors 10de NVIDIA and 1002 AMD):
// the device id and its bracketed name as written there, then the catalog part that is that GPU.
// A device id names a chip and board class, not a maker's board: a partner RTX 3090 has the
// Founders Edition's id (10de:2204), so it matches the FE part; the report says "matched by PCI
// device id" so a reader knows which it was. Ids pci.ids shares between several catalog parts
// (1002:744c is the RX 7900 XT, XTX and GRE) are left out rather than guessed.
#include "inspect/pci_ids.hpp"

#include <cctype>
#include <vector>

namespace rigplan::inspect {

namespace {

const std::vector<PciIdEntry>& table() {
  static const std::vector<PciIdEntry> t = {
      {"10de:1db5", "Tesla V100 SXM2 32GB", "nvidia-v100-sxm2-32gb"},
      {"10de:1db6", "Tesla V100 PCIe 32GB", "nvidia-v100-pcie-32gb"},
      {"10de:1e02", "TITAN RTX", "nvidia-titan-rtx"},
      {"10de:1e04", "GeForce RTX 2080 Ti", "nvidia-rtx-2080-ti-fe"},
      {"10de:1eb8", "Tesla T4", "nvidia-t4"},
      {"10de:20b0", "A100 SXM4 40GB", "nvidia-a100-sxm4-40gb"},
      {"10de:20b1", "A100 PCIe 40GB", "nvidia-a100-pcie-40gb"},
      {"10de:20f1", "A100 PCIe 40GB", "nvidia-a100-pcie-40gb"},
      {"10de:20b2", "A100 SXM4 80GB", "nvidia-a100-sxm4-80gb"},
      {"10de:20b5", "A100 PCIe 80GB", "nvidia-a100-pcie-80gb"},
      {"10de:20b7", "A30 PCIe", "nvidia-a30"},
      {"10de:2203", "GeForce RTX 3090 Ti", "nvidia-rtx-3090-ti-fe"},
      {"10de:2204", "GeForce RTX 3090", "nvidia-rtx-3090-fe"},
      {"10de:2206", "GeForce RTX 3080", "nvidia-rtx-3080-fe"},
      {"10de:2230", "RTX A6000", "nvidia-rtx-a6000"},
      {"10de:2231", "RTX A5000", "nvidia-rtx-a5000"},
      {"10de:2232", "RTX A4500", "nvidia-rtx-a4500"},
      {"10de:2235", "A40", "nvidia-a40"},
      {"10de:2236", "A10", "nvidia-a10"},
      {"10de:2321", "H100L 94GB", "nvidia-h100-nvl-94gb"},
      {"10de:2330", "H100 SXM5 80GB", "nvidia-h100-sxm5-80gb"},
      {"10de:2331", "H100 PCIe", "nvidia-h100-pcie-80gb"},
      {"10de:2335", "H200 SXM 141GB", "nvidia-h200-sxm-141gb"},
      {"10de:233b", "H200 NVL", "nvidia-h200-nvl-141gb"},
      {"10de:2486", "GeForce RTX 3060 Ti", "nvidia-rtx-3060-ti-fe"},
      {"10de:24b0", "RTX A4000", "nvidia-rtx-a4000"},
      {"10de:2684", "GeForce RTX 4090", "nvidia-rtx-4090-fe"},
      {"10de:26b1", "RTX 6000 Ada Generation", "nvidia-rtx-6000-ada"},
      {"10de:26b2", "RTX 5000 Ada Generation", "nvidia-rtx-5000-ada"},
      {"10de:26b5", "L40", "nvidia-l40"},
      {"10de:26b9", "L40S", "nvidia-l40s"},
      {"10de:2702", "GeForce RTX 4080 SUPER", "nvidia-rtx-4080-super-fe"},
      {"10de:2705", "GeForce RTX 4070 Ti SUPER", "nvidia-rtx-4070-ti-super"},
      {"10de:27b1", "RTX 4500 Ada Generation", "nvidia-rtx-4500-ada"},
      {"10de:27b2", "RTX 4000 Ada Generation", "nvidia-rtx-4000-ada"},
      {"10de:27b8", "L4", "nvidia-l4"},
      {"10de:2901", "B200", "nvidia-b200-sxm-180gb"},
      {"10de:2b85", "GeForce RTX 5090", "nvidia-rtx-5090-fe"},
      {"10de:2bb1", "RTX PRO 6000 Blackwell Workstation Edition", "nvidia-rtx-pro-6000-blackwell-workstation"},
      {"10de:2bb4", "RTX PRO 6000 Blackwell Max-Q Workstation Edition", "nvidia-rtx-pro-6000-blackwell-max-q"},
      {"10de:2bb5", "RTX PRO 6000 Blackwell Server Edition", "nvidia-rtx-pro-6000-blackwell-server"},
      {"10de:2c02", "GeForce RTX 5080", "nvidia-rtx-5080-fe"},
      {"10de:2c05", "GeForce RTX 5070 Ti", "nvidia-rtx-5070-ti"},
      {"1002:7448", "Radeon Pro W7900", "amd-radeon-pro-w7900"},
      {"1002:74a1", "Instinct MI300X", "amd-instinct-mi300x"},
      {"1002:74a5", "Instinct MI325X", "amd-instinct-mi325x"},
  };
  return t;
}

}  // namespace

std::string name_key(std::string_view name) {
  std::string out, word;
  auto flush = [&] {
    if (word != "nvidia" && word != "geforce" && word != "tesla" && word != "amd" && word != "radeon" && word != "ati")
      out += word;
    word.clear();
  };
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else flush();
  }
  flush();
  return out;
}

const PciIdEntry* gpu_by_pci_id(std::string_view pci_id) {
  for (const auto& e : table())
    if (pci_id == e.pci_id) return &e;
  return nullptr;
}

const PciIdEntry* gpu_by_name(std::string_view name) {
  std::string key = name_key(name);
  if (key.empty()) return nullptr;
  for (const auto& e : table())
    if (key == name_key(e.pci_name)) return &e;
  return nullptr;
}

}  // namespace rigplan::inspect

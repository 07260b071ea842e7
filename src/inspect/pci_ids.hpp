// Which catalog part a GPU the machine reports is: its PCI vendor:device id, or failing that its
// product name, looked up in a table taken from the PCI ID Repository (pci.ids).
#pragma once

#include <string>
#include <string_view>

namespace rigplan::inspect {

struct PciIdEntry {
  const char* pci_id;     // "10de:2204"
  const char* pci_name;   // the name in brackets in pci.ids: "GeForce RTX 3090"
  const char* part_id;    // catalog id
};

// By "vendor:device" (lower-case hex); null when not in the table.
const PciIdEntry* gpu_by_pci_id(std::string_view pci_id);
// By a product name (nvidia-smi's <product_name>, or lspci's bracketed name), compared with the
// pci.ids names after dropping vendor and brand words and punctuation; null when none is equal.
const PciIdEntry* gpu_by_name(std::string_view name);
// The comparison key: lower case, letters and digits only, without "nvidia", "geforce", "tesla",
// "amd", "radeon" words ("NVIDIA GeForce RTX 3090" -> "rtx3090").
std::string name_key(std::string_view name);

}  // namespace rigplan::inspect

// The parsers of `rigplan inspect`, one per report a machine gives about itself, each in its own
// file. Each takes the text and the file name to cite, and throws InputError naming file:line
// (or the XML element path) when the text is not the report it should be. Values a tool prints as
// unavailable ("N/A", "[Not Supported]") are unknown, never errors; a malformed number is an error.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/inspect.hpp"

namespace rigplan::inspect {

// `nvidia-smi -q -x`.
struct NvsmiReport {
  std::string driver, cuda;
  std::vector<InspectedGpu> gpus;  // part/matched_by/numa_node left empty
};
NvsmiReport parse_nvsmi_xml(std::string_view text, const std::string& file);

// `nvidia-smi topo -m`: the GPU rows of the matrix.
struct TopoReport {
  std::vector<std::string> gpus;                // "GPU0", ...
  std::vector<std::vector<std::string>> links;  // GPU x GPU ("X", "NV12", "SYS", ...)
  std::vector<std::optional<int>> numa;         // NUMA Affinity per GPU (nullopt: N/A or no column)
};
TopoReport parse_topo(std::string_view text, const std::string& file);

// `nvidia-smi nvlink -s` (also --status): per GPU, links up and links listed.
struct NvlinkReport {
  struct Gpu {
    int index = 0;
    std::string name;
    int up = 0, listed = 0;
  };
  std::vector<Gpu> gpus;
};
NvlinkReport parse_nvlink(std::string_view text, const std::string& file);

// `lspci -vv`: GPUs and NICs with their links.
std::vector<PciFunction> parse_lspci(std::string_view text, const std::string& file);

// /proc/cpuinfo and /proc/meminfo (MemTotal, in GiB).
CpuReport parse_cpuinfo(std::string_view text, const std::string& file);
double parse_meminfo(std::string_view text, const std::string& file);

// `rocm-smi --showtopo --json`.
struct RocmReport {
  int cards = 0;
  std::vector<std::optional<int>> numa;  // per card
  std::vector<std::string> links;        // "0-1 XGMI"
};
RocmReport parse_rocm_topo(std::string_view text, const std::string& file);

// Shared helpers for the line-oriented reports.
std::vector<std::string_view> split_lines(std::string_view text);
std::string_view trim(std::string_view s);
// A leading decimal number of `s` ("16x" -> 16, "500.00 W" -> 500); nullopt when `s` starts with
// no digit. `rest` receives what follows the number.
std::optional<double> leading_number(std::string_view s, std::string_view* rest = nullptr);
// A text file must be text: refuses NUL bytes and files past `max_bytes` (file:line:col).
void require_text(std::string_view text, const std::string& file, std::size_t max_bytes = 16u << 20);

}  // namespace rigplan::inspect

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

// What one report may hold (docs/limits.md): past a limit the report is refused (InputError
// naming the file and line), so no report can make inspect use more than a few hundred MB.
// The largest machines nvidia-smi reports on hold 8-16 GPUs (HGX, DGX-2) and a few hundred PCI
// functions; a product or CPU model name is under 100 bytes.
inline constexpr std::size_t kMaxInspectGpus = 256;       // GPUs (or AMD cards) in one report
inline constexpr std::size_t kMaxNvlinksPerGpu = 64;      // "Link k:" lines under one GPU (H100: 18)
inline constexpr std::size_t kMaxPciFunctions = 16384;    // functions in lspci -vv
inline constexpr std::size_t kMaxTopoColumns = 4096;      // columns of the topo -m header (GPUs, NICs, ...)
inline constexpr std::size_t kMaxInspectName = 512;       // bytes of one name (product, model, class)
inline constexpr std::size_t kMaxReportLine = 64u << 10;  // bytes of one line of a line-oriented report
inline constexpr std::size_t kMaxReportBytes = 16u << 20; // bytes of one line-oriented report
inline constexpr std::size_t kMaxReportLines = 1'000'000; // lines of one line-oriented report

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
  // The NIC columns: their names (the NIC Legend's device name, "mlx5_0", where one is printed)
  // and each GPU's link code to each NIC, [gpu][nic].
  std::vector<std::string> nics;
  std::vector<std::vector<std::string>> gpu_nic;
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
// `text` without the terminal styling escapes (ESC [ digits and semicolons, ending in a letter: SGR
// and the like) that nvidia-smi 5xx prints around the header of `topo -m` and `topo -p2p`, even when
// its output goes to a file. Line breaks are kept, so line numbers stay true.
std::string strip_terminal_escapes(std::string_view text);
// A leading decimal number of `s` ("16x" -> 16, "500.00 W" -> 500); nullopt when `s` starts with
// no digit or the number is above kMaxReportNumber (a count, watts, MiB or kB of any real machine
// is far below it; 400 digits would read as infinity). `rest` receives what follows the number.
inline constexpr double kMaxReportNumber = 1e15;
std::optional<double> leading_number(std::string_view s, std::string_view* rest = nullptr);
// A text file must be text: refuses NUL bytes, files past `max_bytes`, more than
// kMaxReportLines lines and lines longer than kMaxReportLine (file:line:col).
void require_text(std::string_view text, const std::string& file, std::size_t max_bytes = kMaxReportBytes);
// Refuses a name (product, model) longer than kMaxInspectName, naming `what`, file and line.
void require_name(std::string_view name, const char* what, const std::string& file, int line, int col);

}  // namespace rigplan::inspect

// `rigplan inspect`: the machine as built, read from what it reports about itself (nvidia-smi's
// XML and text reports, lspci -vv, /proc/cpuinfo and /proc/meminfo, rocm-smi's topology), matched
// against the catalog, and compared with a planned build. Everything here is data read from the
// machine; nothing is estimated. A value the machine did not report stays unknown (std::nullopt
// or 0 where 0 cannot be real), and the output says so.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/diagnostics.hpp"

namespace rigplan {

// A PCIe link as the device reports it: what it negotiated now and the most it can do. 0 = not
// reported. Generations are 1..6; widths are lanes (1..32).
struct LinkState {
  int gen_current = 0, gen_max = 0, width_current = 0, width_max = 0;
  // What the host side of the link can do: the LnkCap of the port above the device in lspci (a
  // root port or a switch's downstream port, `host_port` its address), or nvidia-smi's
  // max_host_link_gen. A link narrower or slower than the card because the host's port is, is
  // the platform's design (a board that splits x16 into x8/x8, a Gen3 root port), not a fault.
  int host_gen_max = 0, host_width_max = 0;
  std::string host_port;
};

// One GPU from `nvidia-smi -q -x`, completed from `topo -m` and `nvlink -s`.
struct InspectedGpu {
  int index = 0;                    // order in nvidia-smi's report (GPU0, GPU1, ...)
  std::string product_name;         // <product_name>
  std::string bus_id;               // <pci_bus_id>, "00000000:01:00.0"
  std::string pci_id;               // "10de:20b2" from <pci_device_id> ("" when absent)
  std::string pstate;               // <performance_state>, "P0" .. "P12" ("" when absent)
  LinkState link;
  std::optional<double> power_limit_w, default_power_limit_w, min_power_limit_w, max_power_limit_w;
  std::optional<double> memory_mib;  // <fb_memory_usage><total>
  // NVLink, from `nvidia-smi nvlink -s` (or <nvlink> in the XML): links up and links listed.
  // nullopt when no NVLink report was read for this GPU.
  std::optional<int> nvlinks_up, nvlinks_listed;
  std::optional<int> numa_node;      // from `topo -m` (NUMA Affinity)
  const Gpu* part = nullptr;         // the catalog part it matched, or null
  std::string matched_by;            // "PCI device id 10de:2204" | "product name" | ""
};

// One PCIe function from `lspci -vv` that rigplan looks at: GPUs (display/3D/VGA classes) and
// network controllers (Ethernet, InfiniBand, Network).
struct PciFunction {
  std::string address;   // "01:00.0" (with a domain when lspci printed one)
  std::string cls;       // "VGA compatible controller", "Ethernet controller", ...
  std::string name;      // "NVIDIA Corporation GA102 [GeForce RTX 3090] (rev a1)"
  bool is_gpu = false, is_nic = false;
  LinkState link;        // from LnkCap (max) and LnkSta (current); 0 when the lines are absent
  std::optional<int> numa_node;  // "NUMA node: N"
  int line = 0;          // where the function starts in the file
};

struct CpuReport {
  std::string model;     // "model name" of the first processor
  int sockets = 0;       // distinct "physical id" values (0 when the file has none)
  int logical_cpus = 0;  // "processor" entries
};

// What was read, per source, for the "read / skipped" lines of the report.
struct SourceNote {
  std::string name;    // "nvidia-smi -q -x"
  std::string file;    // file or command it came from
  bool read = false;
  std::string why;     // when not read: "not found", "command not installed", ...
};

struct InspectedMachine {
  std::string origin;                 // "live" or the --from directory
  std::string driver, cuda;           // from nvidia-smi (cuda = newest CUDA the driver supports)
  std::vector<InspectedGpu> gpus;
  std::vector<PciFunction> pci;       // GPUs and NICs lspci listed
  std::optional<CpuReport> cpu;
  const Cpu* cpu_part = nullptr;
  std::optional<double> memory_gib;   // MemTotal
  std::vector<std::vector<std::string>> gpu_links;  // topo -m GPU x GPU matrix ("X", "NV12", "SYS", ...)
  std::vector<std::string> topo_nics;               // topo -m's NIC columns ("mlx5_0", ...)
  std::vector<std::vector<std::string>> gpu_nic_links;  // [gpu][nic] link codes from topo -m
  int amd_gpus = 0;                   // cards rocm-smi listed
  std::vector<std::optional<int>> amd_numa;  // per AMD card
  std::vector<std::string> amd_links; // "0-1 XGMI", one per pair rocm-smi reported
  std::vector<SourceNote> sources;
  std::vector<std::string> unmatched;  // what could not be identified in the catalog, in words
};

// The saved-output file names `--from DIR` reads (absent files are skipped and said).
struct InspectFiles {
  static constexpr const char* kNvsmiXml = "nvidia-smi-q.xml";
  static constexpr const char* kTopo = "topo-m.txt";
  static constexpr const char* kNvlink = "nvlink-s.txt";
  static constexpr const char* kLspci = "lspci-vv.txt";
  static constexpr const char* kCpuinfo = "cpuinfo";
  static constexpr const char* kMeminfo = "meminfo";
  static constexpr const char* kRocm = "rocm-smi-topo.json";
};

// Reads the saved outputs in `dir` (throws InputError, naming file and line, on malformed ones).
InspectedMachine inspect_from_dir(const std::string& dir, const Catalog& catalog);
// Runs the commands on this machine (absent ones are skipped and said) and reads their output.
// A command that has not finished after `command_timeout_s` seconds is killed and said to have
// timed out; the others are still read. nvidia-smi -q -x takes 1-2 s on an 8-GPU server.
inline constexpr double kDefaultCommandTimeout_s = 30;
InspectedMachine inspect_live(const Catalog& catalog, double command_timeout_s = kDefaultCommandTimeout_s);

// The as-built machine as a build that `check` accepts: matched GPUs (with their power limits),
// CPU and socket count, driver and CUDA. Unmatched parts are left out (and listed in `unmatched`).
nlohmann::ordered_json as_built_json(const InspectedMachine& m);

// Every difference between the machine and its own limits (links below the card's maximum,
// NVLink links down, a power limit below the default) and, when `plan` is given, the planned
// build. Sorted: errors, warnings, infos; then by code.
std::vector<Diagnostic> inspect_findings(const InspectedMachine& m, const Build* plan);

// The INS finding codes and what each means (docs/inspect.md lists them too).
struct InspectCode {
  const char* code;
  const char* name;
  Severity severity;  // the usual severity; some findings are raised or lowered (see docs)
  const char* what;
};
const std::vector<InspectCode>& inspect_codes();

}  // namespace rigplan

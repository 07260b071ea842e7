// The typed parts of the catalog: one struct per kind, units in the field names (_w watts,
// _mm millimetres, _gib GiB, _gb decimal GB, _gb_s gigabytes/s, _gbps gigabits/s for networks).
// JSON becomes these structs once, in catalog/; rules, sizing and planning only ever see them.
// data/schema/catalog.schema.json documents each field; a test keeps the two in agreement.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/market.hpp"
#include "rigplan/part_kinds.hpp"
#include "rigplan/price.hpp"

namespace rigplan {

struct PartBase {
  std::string id;
  std::string name;
  std::string source;                // URL of the datasheet, manual or vendor page
  std::vector<Price> prices;         // every stated price (launch MSRP, street, list, quote)
  std::optional<Price> price;        // the one costs use, under the catalog's price preference
  std::optional<double> price_usd;   // price->usd: per unit (per module for memory)
  std::string no_price;              // why there is no price (e.g. "sold by quote only"), "" when unknown
  std::string no_recent_price;       // why no price from the 12 months before the catalog date is on record ("" = none said)
  Market market;                     // current / discontinued / used only, with date and source; Unknown when unstated
  std::string origin;                // file the part was loaded from
  std::vector<std::string> verify;   // fields not yet confirmed against the maker's documents
};

struct PcieLink {
  int gen = 0;
  int lanes = 0;
};

// Dense peak throughput, TFLOPS (TOPS for int8); nullopt = not supported in hardware.
struct Tflops {
  std::optional<double> fp64, fp32, tf32, fp16, bf16, fp8, fp4, int8;
};

struct Nvlink {
  int gen = 0;
  int links = 0;
  double bandwidth_gb_s = 0;  // per direction, all links of one GPU together
  int max_gpus = 0;           // GPUs one NVLink domain joins
  std::string via;            // bridge | nvswitch | hybrid_cube_mesh
};

struct PowerConnectors {
  int pcie_6pin = 0, pcie_8pin = 0, eps_8pin = 0, hpwr_12v = 0;  // hpwr_12v: 12VHPWR / 12V-2x6
};

// The power-limit range nvidia-smi reports for a card ("Min Power Limit", "Max Power Limit",
// "Default Power Limit" under -q -d POWER): the driver rejects `nvidia-smi -pl` outside it. Each
// bound is absent where no source gives it; `source` names the capture or datasheet.
struct PowerLimitRange {
  std::optional<double> min_w, max_w, default_w;
  std::string source;
  bool known() const { return min_w || max_w; }
};

// Large square 16-bit GEMMs as timed on a card of this model (torch.mm of random matrices, the
// best TFLOP/s over a range of sizes): the rate its clocks hold under its power limit, where the
// dense peak assumes the rated boost clock for every card. Unknown where no measurement of the
// model is on record (the performance model then takes the peak at its generic share). Where the
// figures were timed in short bursts and a longer measurement shows the card's power limit pulling
// its clocks down under sustained dense math, `sustained_share` is the share of them it holds
// (1 where none is on record), with the measurement it comes from.
struct MeasuredMatmul {
  std::optional<double> fp16_tflops, bf16_tflops;
  std::string source;
  double sustained_share = 1;
  std::string sustained_source;
};

struct Gpu : PartBase {
  std::string vendor, architecture, compute_capability, memory_type;
  // AMD's LLVM target (gfx1100, gfx942): what ROCm's support matrix and PyTorch's ROCm wheels
  // (PYTORCH_ROCM_ARCH) list; "" for other vendors or where no source states it.
  std::string gfx_target;
  int release_year = 0;
  double memory_gib = 0;
  double memory_bandwidth_gb_s = 0;
  bool ecc = false;
  Tflops tflops;
  double tdp_w = 0;
  PowerConnectors power_connectors;
  std::string form_factor;  // pcie | sxm | oam
  double slot_width = 0;    // PCIe cards only
  double length_mm = 0;     // PCIe cards only
  double height_mm = 0;     // PCIe cards: bracket edge to the card's top edge; 0 = not stated
  std::string cooler;       // blower | open_air | flow_through | passive | liquid
  PcieLink pcie;
  std::optional<Nvlink> nvlink;
  int mig_instances = 0;
  PowerLimitRange power_limits;
  MeasuredMatmul measured_matmul;
};

struct Cpu : PartBase {
  std::string vendor, socket, memory_type;
  int cores = 0, threads = 0;
  double base_clock_ghz = 0, boost_clock_ghz = 0;
  int pcie_lanes = 0, pcie_gen = 0;
  // Further usable CPU lanes at a lower generation than pcie_gen, where the maker counts them apart
  // (a Threadripper 7000 on TRX50: 48 PCIe 5.0 lanes plus PCIe 4.0 lanes); 0 = none stated. PCIE004
  // feeds slots and M.2 sockets of that generation or lower from them, and only those.
  int pcie_extra_lanes = 0, pcie_extra_gen = 0;
  int total_pcie_lanes() const { return pcie_lanes + pcie_extra_lanes; }
  int memory_channels = 0;
  double memory_max_gib = 0;
  bool ecc = false;
  std::vector<std::string> dimm_types;  // udimm | rdimm | lrdimm
  double tdp_w = 0, package_power_w = 0;
  bool avx512 = false;
  int max_sockets = 1, release_year = 0;
  // The platform beyond the socket, where the maker lists it: the chipsets the CPU is validated
  // with (a socket is shared by several platforms: sTR5 by TRX50 and WRX90, LGA4677 by W790 and
  // C741) and every memory generation its controller drives (Raptor Lake drives DDR4 and DDR5).
  // Empty = not stated: only the socket and memory_type are checked.
  std::vector<std::string> chipsets, memory_types;
  bool drives_memory(const std::string& type) const {
    if (memory_types.empty()) return type == memory_type;
    for (const auto& t : memory_types)
      if (t == type) return true;
    return false;
  }
};

struct BoardSlot {
  std::string name;
  int position = 0;  // expansion opening, 1 = nearest the CPU
  int physical = 0;  // connector size in lanes
  int lanes = 0;     // electrical lanes when nothing shares them
  int gen = 0;
  std::string source;  // cpu | cpu2 | chipset | switch
  // The CPU socket (1 or 2) whose lanes feed the slot, from the board's block diagram; 0 = not
  // stated. Needed for switch slots on dual-socket boards (a PCIe switch hangs off one socket);
  // cpu/cpu2 slots say it in `source` already.
  int cpu = 0;
  int socket_index() const { return cpu > 0 ? cpu - 1 : (source == "cpu2" ? 1 : 0); }
  // Bifurcation modes the board's BIOS offers for this slot ("x16", "x8x8", "x4x4x4x4" …), from
  // the manual; empty = the board entry does not say (RSR003 asks the user to check).
  std::vector<std::string> bifurcation;
  bool bifurcation_stated() const { return !bifurcation.empty(); }
  bool offers(const std::string& mode) const {
    for (const auto& m : bifurcation)
      if (m == mode) return true;
    return false;
  }
};

struct M2Slot {
  std::string name;
  int lanes = 0, gen = 0;
  std::string source;
};

// When every slot/socket in `when` is populated, `slot` runs at `lanes` (0 = disabled).
struct LaneSharing {
  std::vector<std::string> when;
  std::string slot;
  int lanes = 0;
};

struct Board : PartBase {
  std::string socket, chipset, form_factor, memory_type;
  int sockets = 1, memory_slots = 0;
  // x16 links per CPU joining the sockets of a two-socket EPYC board (xGMI); 0 = not stated.
  int socket_links = 0;
  // OCP NIC 2.0/3.0 mezzanine slots, from the board's manual or spec page; unset = not stated.
  std::optional<int> ocp_slots;
  double memory_max_gib = 0;
  std::vector<std::string> dimm_types;
  std::vector<BoardSlot> slots;
  std::vector<M2Slot> m2_slots;
  std::vector<LaneSharing> sharing;
};

struct Memory : PartBase {
  std::string type;    // DDR4 | DDR5
  std::string module;  // udimm | rdimm | sodimm
  double capacity_gib = 0;  // per module
  int speed_mt_s = 0;
  bool ecc = false;
};

struct PsuConnectors {
  int pcie_8pin = 0, hpwr_12v = 0, eps_8pin = 0;  // independent cables, not plugs
  // False when the catalog entry has no cable table (no source read): the counts above are then 0
  // and mean nothing; the cable rules skip the unit and CON004 warns instead.
  bool known = true;
  // The sense-pin rating of the native 12VHPWR / 12V-2x6 cables (150/300/450/600 W); nullopt = not stated.
  std::optional<double> hpwr_cable_w = std::nullopt;
  // No more cables of any kind than `o` (and known or unknown alike): what the planner's PSU
  // dominance compares.
  bool no_more_than(const PsuConnectors& o) const {
    return known == o.known && pcie_8pin <= o.pcie_8pin && hpwr_12v <= o.hpwr_12v && eps_8pin <= o.eps_8pin &&
           hpwr_cable_w == o.hpwr_cable_w;
  }
};

struct Psu : PartBase {
  double watts = 0;                   // at 200-240 V input
  std::optional<double> watts_115v;   // derated low-line rating, when the maker states one
  std::optional<double> input_volts_min;  // lowest rated AC input, for high-line-only units
  std::string efficiency, atx_version, form_factor;
  double length_mm = 0;
  PsuConnectors connectors;
  // Whether the maker rates the unit for this AC input at all (a 200-240 V-only unit is not
  // rated for a 120 V circuit).
  bool runs_at(double volts) const { return !input_volts_min || volts >= *input_volts_min; }
  // The rated DC output at this AC input: 0 where the unit is not rated for it.
  double watts_at(double volts) const {
    if (!runs_at(volts)) return 0;
    return volts < 180 && watts_115v ? *watts_115v : watts;
  }
};

struct Chassis : PartBase {
  std::vector<std::string> form_factors, psu_form_factors;
  int expansion_slots = 0;
  double max_gpu_length_mm = 0;
  double max_cpu_cooler_height_mm = 0;  // 0 = not stated
  std::string airflow;                   // desktop | server | open_frame
  int rack_units = 0;                    // 0 = tower
  double max_card_height_mm = 0;         // tallest expansion card the slots take (72 for half-height 2U); 0 = not stated
  // What the maker states about cooling passive (fanless) GPUs: the highest board power per card
  // it rates the chassis' airflow for; nullopt = not stated (THM004 says the check was skipped).
  std::optional<double> passive_gpu_max_w;
  // An open mining-style frame: cards sit on a rail (usually on risers) in open air, so there is
  // no card-length limit, no expansion-slot count and no case airflow.
  bool open_frame() const { return airflow == "open_frame"; }
};

// Whether a chassis mounts a board of this form factor. "eeb" (as ASUS and others print it) and
// "ssi-eeb" name the same 12" x 13" board (SSI EEB specification 1.0.1), so either matches the other.
// Form factors nest: a CEB board (12" x 10.5") is the EEB board cut short, with the ATX I/O area
// and the ATX mounting holes (SSI Forum, EEB specification for 2011 dual-socket servers and
// workstations 1.0.1, 2.1 'Layout and baseboard mounting locations', which took in the CEB
// specification in 2007; Corsair, 'SSI-EEB and CEB motherboards explained'), so a case that mounts
// a 12" x 13" board, SSI-EEB or E-ATX (ATX holes over the larger area), mounts it. A plain ATX case
// (9.6" deep) is not assumed to take its extra 0.9": the chassis maker's list decides.
inline bool chassis_mounts(const Chassis& ch, const std::string& board_form_factor) {
  auto has = [&](const char* f) {
    for (const auto& x : ch.form_factors)
      if (x == f) return true;
    return false;
  };
  if (has(board_form_factor.c_str())) return true;
  if (board_form_factor == "eeb") return has("ssi-eeb");
  if (board_form_factor == "ssi-eeb") return has("eeb");
  if (board_form_factor == "ceb") return has("eeb") || has("ssi-eeb") || has("e-atx");
  return false;
}

struct Cooler : PartBase {
  std::string type;  // air | aio | server_passive
  std::vector<std::string> sockets;
  double height_mm = 0;
  int radiator_mm = 0;
  double rated_tdp_w = 0;  // 0 = not stated
};

struct Storage : PartBase {
  std::string form_factor;
  double capacity_gb = 0;
  PcieLink pcie;
  double seq_read_mb_s = 0, seq_write_mb_s = 0;
  std::optional<double> power_w;  // none when no source states the drive's power (shown as unknown)
};

struct NvlinkBridge : PartBase {
  int gen = 0;
  int slot_spacing = 0;           // positions between the bridged cards
  std::vector<std::string> gpus;  // GPU ids it is sold for
};

struct Nic : PartBase {
  std::string protocol;  // ethernet | infiniband | vpi
  int ports = 0;
  double speed_gbps = 0;  // per port
  PcieLink pcie;
  std::optional<double> power_w;  // none when the maker's figure is not known (a node may still list the card)
  std::string form_factor = "pcie";  // pcie (a slot card) | ocp2 | ocp3 (a mezzanine, no PCIe slot)
  bool takes_pcie_slot() const { return form_factor == "pcie"; }
  const char* ocp_name() const { return form_factor == "ocp2" ? "OCP 2.0" : "OCP 3.0"; }  // for messages
};

struct Switch : PartBase {
  std::string protocol;
  int ports = 0;
  double speed_gbps = 0;
  double power_w = 0;
  int rack_units = 0;
};

struct NodeNic {
  std::string part;
  int count = 0;
};

struct Node : PartBase {
  std::string gpu;  // GPU part id
  int gpu_count = 0;
  std::string cpu;  // CPU part id, "" when not in the catalog
  int cpu_count = 0;
  double memory_gib = 0, storage_tb = 0;
  std::vector<NodeNic> nics;
  double power_w = 0;  // maximum system power
  int rack_units = 0;
};

struct Outlet : PartBase {
  double volts = 0, amps = 0;
  int phases = 1;
  double continuous_factor = 0;
  std::string plug;
  double continuous_w() const { return volts * amps * continuous_factor; }
};

// A PCIe riser or extension: a cable (or cable and boards) between a board slot and a card, so
// the card can sit away from the board (an open frame, a vertical mount). It carries a PCIe
// generation and width; a retimer re-times the signal and a redriver amplifies it, a passive
// riser does neither, and only shielding protects a passive one from crosstalk at 16 GT/s and up.
struct Riser : PartBase {
  int gen = 0;             // highest PCIe generation it is rated for
  int lanes = 0;           // lanes it carries
  int host_connector = 16; // lanes of the plug that goes into the board's slot (x1 USB risers: 1)
  int outputs = 1;         // cards it carries: 2 for an x16-to-x8x8 bifurcation riser, 4 for x4x4x4x4
  double length_mm = 0;    // cable length (0 = a rigid adapter card, no cable)
  std::string signal;      // passive | redriver | retimer
  bool shielded = false;
  std::string power;       // none | sata | molex | pcie_6pin: power input on the card end (slot 12 V)
  bool bifurcates() const { return outputs > 1; }
  // The slot bifurcation the riser needs, as boards' BIOS menus name it: "x8x8" for two x8 outputs.
  std::string bifurcation_mode() const {
    std::string m;
    for (int i = 0; i < outputs; ++i) m += "x" + std::to_string(lanes);
    return m;
  }
};

// A GPU server sold as one unit (a "barebone": chassis, board and power supplies installed; CPUs,
// memory, drives and GPUs bought separately). Its board, chassis and PSU module are ordinary catalog
// parts with the maker's figures, so every rule judges them as it judges hand-picked parts; the
// barebone adds what only the unit states: how many PSU modules it ships, how many of them may fail
// with the full load still carried (2+2 -> 2, 3+1 -> 1), how many double-width GPUs it takes and,
// where the maker lists them, the GPU power cables the unit ships (its power distribution board,
// not each module, feeds the cards). A build that names it gets board, chassis, psu and psu_count
// from it, and its price replaces theirs.
struct Barebone : PartBase {
  std::string board, chassis, psu;  // catalog ids of the installed parts
  int psu_count = 1;                // PSU modules installed
  int psu_redundant = 0;            // modules that may fail with the load still carried
  int max_gpus = 0;                 // double-width GPUs the maker states it takes
  std::optional<PsuConnectors> gpu_power_cables;  // the unit's GPU power cables, all together
  int psu_carrying() const { return psu_count - psu_redundant; }
};

// A whole small computer whose CPU and GPU share one memory (a unified-memory machine: NVIDIA's
// GB10 in the DGX Spark and its partners' boxes, AMD's Ryzen AI Max "Strix Halo" mini PCs). It
// is bought as one unit, has no slots and takes no cards, so the build rules never see it; what
// sizing needs is the memory the GPU can reach (all of it, less what the operating system keeps),
// that memory's bandwidth (decode streams the weights from it every token) and the GPU's peaks.
struct UnifiedSystem : PartBase {
  std::string vendor;              // the chip's maker: nvidia | amd
  std::string chip;                // "GB10", "Ryzen AI Max+ 395"
  std::string architecture;        // the GPU's: blackwell | rdna3.5
  std::string compute_capability;  // NVIDIA: CUDA compute capability ("" = not stated)
  std::string gfx_target;          // AMD: the LLVM target ROCm builds for ("" = not stated)
  std::string gpu_stack;           // the GPU software stack the maker ships or supports: cuda | rocm
  std::string memory_type;         // LPDDR5x
  double memory_gib = 0;           // all of it, shared by CPU and GPU
  double memory_bandwidth_gb_s = 0;
  Tflops tflops;                   // the GPU's dense peaks
  std::optional<double> tdp_w;     // the chip's sustained power as the maker configures it; nullopt = not stated
  std::optional<double> psu_w;     // the power supply's rating (the most the box can draw); nullopt = not stated
};

struct Cloud : PartBase {
  std::string provider, instance, region;
  std::string gpu;
  int gpu_count = 0;
  double usd_per_hour = 0;                  // on-demand, whole instance
  std::optional<double> spot_usd_per_hour;  // interruptible (spot/preemptible), where the source gives one
  std::string price_seen;                   // YYYY-MM[-DD]: when the hourly rate was read ("" = see source_commit)
  double interconnect_gbps = 0;
  std::optional<double> vcpus, memory_gib;  // the instance's host side, where the source gives it
  std::string source_commit;                // commit of the data file `source` names ("" for a web page)
  double usd_per_gpu_hour() const { return usd_per_hour / gpu_count; }
};

}  // namespace rigplan

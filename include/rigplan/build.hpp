// A build: a parts list resolved against the catalog (data/schema/build.schema.json is its file
// format). Loading validates the file against that schema, then resolves every id to a part of
// the right kind; an unknown id, a part of the wrong kind or a slot the board does not have is
// bad input (InputError, exit 2), never a diagnostic. Parts are pointers into the Catalog,
// which must outlive the Build.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/parts.hpp"

namespace rigplan {

template <class T>
struct Counted {
  const T* part = nullptr;
  int count = 1;
};

struct GpuEntry {
  const Gpu* part = nullptr;
  int count = 1;
  std::optional<double> power_limit_w;  // applied to each card of the entry
  std::vector<std::string> slots;       // user placement, in order; empty = automatic
  const Riser* riser = nullptr;         // every card of the entry sits on one of these; null = in the slot
  std::string psu_group{};              // the PsuGroup that feeds these cards ("" = no groups)
};

// Some of the build's PSU units, the outlet they plug into and its circuit: a machine on two
// PSUs on two wall circuits (the build file's psu_groups). A group's units are all of one model:
// its own `psu`, else the build's.
struct PsuGroup {
  std::string name;
  int psus = 1;
  const Psu* psu = nullptr;        // the model of its units (the build's psu unless the group names one)
  const Outlet* outlet = nullptr;  // the build's outlet unless the group names one
  std::string circuit = "main";    // groups with the same circuit share its breaker
  bool platform = false;           // also feeds the board, CPUs, drives, NICs and platform allowance
};

struct NicEntry {
  const Nic* part = nullptr;
  int count = 1;
  std::vector<std::string> slots;
};

struct Software {
  std::string driver, cuda, cudnn, pytorch;  // "" = not given; pytorch is the release ("2.7.0")
  // The wheel's build as pip names it after '+' in torch.__version__ ("2.7.0+cu128"): "cu128",
  // "rocm6.4", "cpu"; "" = not given. software.pytorch "2.7.0+cu128" sets both.
  std::string pytorch_variant;
  std::string rocm;  // the ROCm release installed ("6.2"); "" = not given
  // Whether the GPUs reach each other peer to peer on this machine as installed (a driver patched
  // for it; NCCL_P2P_DISABLE=1): wins over the prediction of include/rigplan/p2p.hpp. Unset = predicted.
  std::optional<bool> p2p;
};

struct Build {
  std::string file;  // where it came from ("" for in-memory builds)
  std::string name;
  // Only some of the machine, on purpose ("partial": true, or check --partial): the essentials it
  // leaves out are notes (BLD001 as info), and the rules that need them do not run.
  bool partial = false;
  // Generic parts put in for what a partial build leaves unchosen (src/builds/generic_parts.hpp):
  // their ids, so outputs say they were assumed. Empty for a build as written.
  std::vector<std::string> assumed_parts;
  const Cpu* cpu = nullptr;
  int cpu_count = 1;
  const Board* board = nullptr;
  std::vector<Counted<Memory>> memory;
  std::vector<GpuEntry> gpus;
  const Psu* psu = nullptr;
  int psu_count = 1;
  // PSU modules that may fail with the load still carried (2+2 -> 2): the load must fit on
  // psu_count - psu_redundant modules. From the barebone, or the build file's psu_redundant.
  int psu_redundant = 0;
  const Chassis* chassis = nullptr;
  // A GPU server sold as one unit: when set, board, chassis, psu, psu_count (and, unless the file
  // says otherwise, psu_redundant) are the barebone's, and its price replaces theirs.
  const Barebone* barebone = nullptr;
  const Cooler* cooler = nullptr;
  std::vector<Counted<Storage>> storage;
  std::vector<NicEntry> nics;
  // The NVLink bridges: every model with its count (two pairs may use different bridges, e.g. a
  // 3-slot and a 4-slot one); `bridge` is the first model and `bridge_count` all bridges together.
  std::vector<Counted<NvlinkBridge>> bridges;
  const NvlinkBridge* bridge = nullptr;
  int bridge_count = 0;
  const Outlet* outlet = nullptr;
  // Empty: every PSU feeds everything from `outlet`. Else the groups' psus add up to psu_count and
  // exactly one has `platform`.
  std::vector<PsuGroup> psu_groups;
  Software software;

  int gpu_count() const;
  double gpu_memory_gib() const;     // all cards together
  double system_memory_gib() const;  // all DIMMs together
  int dimm_count() const;
  // PSU modules that carry the load with the redundant ones failed (at least 1 with a PSU).
  int psu_carrying() const { return psu_count - psu_redundant > 0 ? psu_count - psu_redundant : 1; }
  // The GPU power cables of the build, all PSUs together: the barebone's when its maker lists them
  // (a server's power distribution board feeds the cards, not each module), else the PSU's cable
  // table times psu_count (with psu_groups, each group's model times its units); `known` is false
  // when neither is known (CON004).
  PsuConnectors psu_cables() const;
  // Every bridge model with its count: `bridges`, or for a build made in memory (the planner sets
  // only `bridge` and `bridge_count`) that one model. What lists, prices and emits parts reads.
  std::vector<Counted<NvlinkBridge>> bridge_models() const;
  // Power one card of an entry is budgeted at: its power limit, else its TDP.
  static double card_power_w(const GpuEntry& e);
  // The bridge each GPU pair gets, for pairs (in slot order) this many openings apart: an unused
  // bridge whose spacing matches the gap, else the first unused one; null once none is left.
  // Deterministic: bridges are taken in build order.
  std::vector<const NvlinkBridge*> bridges_for_gaps(const std::vector<int>& gaps) const;
};

// Reads and resolves a build file (throws InputError).
Build load_build(const std::string& path, const Catalog& catalog);
// The same from text already in memory; `file` names it in messages.
Build parse_build(std::string_view text, const std::string& file, const Catalog& catalog);
// The build as a build file (the inverse of parse_build; `plan --emit` writes it).
nlohmann::ordered_json build_to_json(const Build& b);

}  // namespace rigplan

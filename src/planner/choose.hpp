// The planner's part pools and the choices it makes for a candidate rather than enumerating:
// memory (enough, channel-balanced, cheapest), a CPU cooler, a boot/data drive, the NVLink
// bridges, and the orders in which chassis and PSUs are tried (cheapest first, so the first sound
// one is the one to buy). Everything here reads typed parts only; the rule engine has the last
// word on each build.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

// The names a request's `family` matches a GPU by: its architecture and vendor, lower case
// (family_key is the normalisation, applied to the request's names too).
std::string family_key(std::string name);
std::vector<std::string> gpu_families(const Gpu& g);

// A part's price for ordering: known prices first (ascending), unknown ones after.
double order_price(const PartBase& p);

// The parts the request allows, each list sorted the way the search tries it.
struct Pools {
  std::vector<const Gpu*> gpus;        // PCIe cards passing the GPU filters
  std::vector<const Cpu*> cpus;        // cheapest first
  std::vector<const Board*> boards;    // by id; boards sold only inside a barebone are not here
  // GPU servers sold as one unit, with their board (by id); their chassis and PSU modules are
  // kept out of `chassis` and `psus`, which hold what can be bought on its own.
  struct Unit {
    const Barebone* barebone;
    const Board* board;
    const Chassis* chassis;
    const Psu* psu;
  };
  std::vector<Unit> barebones;
  std::vector<const Memory*> memory;
  std::vector<const Chassis*> chassis; // cheapest first, then smallest
  std::vector<const Psu*> psus;        // smallest rating first, then cheapest
  std::vector<const Cooler*> coolers;
  std::vector<const Storage*> storage;
  std::vector<const NvlinkBridge*> bridges;
  // Risers for cards that go out to an open frame (choose.cpp: the fastest x16 cable, and the
  // fastest x16-to-x8x8 bifurcation riser); nullptr when the catalog has none.
  const Riser* straight_riser = nullptr;
  const Riser* split_riser = nullptr;
  long long market_dropped = 0;        // parts other than GPUs the request's market leaves out
  // GPUs the filters dropped, for the explanation: code → (count, example).
  std::vector<std::pair<std::string, std::string>> dropped_gpus;
};

Pools make_pools(const PlanRequest& r, const Catalog& c);

// Most ATX supplies the planner joins in one open frame (PWR010 judges how they are cabled).
inline constexpr int kMaxOpenFramePsus = 3;

// Memory for `target_gib` on this board and CPU: one module type, a count that populates every
// channel alike and fits the slots, the cheapest (then smallest) such set reaching the target;
// the largest possible set when none does. Empty when no module suits the board.
std::vector<Counted<Memory>> choose_memory(const Pools& p, const Board& b, const Cpu& cpu, int cpu_count,
                                           double target_gib);

// The cheapest cooler for the CPU's socket (nullptr when the catalog has none).
const Cooler* choose_cooler(const Pools& p, const Cpu& cpu);

// One NVMe drive for the OS and datasets (D2L: local NVMe for data): the cheapest M.2 drive of at
// least kMinStorageGb whose power is stated, else the cheapest such drive, else the largest. 1 TB is a planner preference, not a sourced limit (room
// for the OS, a CUDA/PyTorch stack and a working dataset); overlay or --include another drive.
inline constexpr double kMinStorageGb = 1000;
const Storage* choose_storage(const Pools& p);

// Bridges sold for this GPU, narrowest spacing first.
std::vector<const NvlinkBridge*> bridges_for(const Pools& p, const Gpu& g);

// Quick fit tests that mirror a FIT rule, used to skip chassis that cannot hold the build
// before the rule engine runs.
bool chassis_may_fit(const Chassis& ch, const Board& b, const Gpu& g);
// Whether the chassis mounts this PSU's form factor (server chassis take their own supplies).
bool psu_fits(const Chassis& ch, const Psu& psu);

}  // namespace rigplan::planner

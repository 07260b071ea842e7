// The CPU-board pairs a plan search runs over ("platforms"), and how much work they make: a GPU
// count is worth trying on a pair only when the board has that many x16 slots (fewer is refused
// at once, PCIE001, before any rule runs), so the search's size counts those counts alone
// (limits.hpp bounds it).
#pragma once

#include <vector>

#include "planner/choose.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

struct Platform {
  const Cpu* cpu;
  const Board* board;
  int cpu_count;
  // A GPU server sold as one unit: its board, chassis and PSU modules are fixed (nullptr for a
  // board bought on its own, with chassis and PSU chosen by the search).
  const Pools::Unit* barebone = nullptr;
};

// Slots a graphics card fits: x16 long, whatever their wired lanes.
int gpu_slots(const Board& b);

struct Platforms {
  std::vector<Platform> pairs;  // every CPU that fits every board's socket (and socket count)
  long long mismatched = 0;     // CPU-board combinations that do not fit
  long long dominated = 0;      // pairs left out: a CPU at least as good and no dearer fits the same board
  long long pair_counts = 0;    // sum over pairs of the GPU counts asked for that the board holds
};

Platforms platforms_of(const Pools& p, const PlanRequest& r);

}  // namespace rigplan::planner

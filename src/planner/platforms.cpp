// The CPU-board pairs of a plan search (see platforms.hpp).
#include "planner/platforms.hpp"

#include <algorithm>

namespace rigplan::planner {

int gpu_slots(const Board& b) {
  int n = 0;
  for (const auto& s : b.slots) n += s.physical >= 16;
  return n;
}

Platforms platforms_of(const Pools& p, const PlanRequest& r) {
  Platforms out;
  for (const Board* b : p.boards)
    for (const Cpu* c : p.cpus) {
      if (c->socket != b->socket || c->max_sockets < b->sockets) {
        ++out.mismatched;
        continue;
      }
      out.pairs.push_back({c, b, b->sockets});
      out.pair_counts += std::max(0, std::min(r.gpus_max, gpu_slots(*b)) - r.gpus_min + 1);
    }
  return out;
}

}  // namespace rigplan::planner

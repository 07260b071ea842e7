// The CPU-board pairs of a plan search (see platforms.hpp).
#include "planner/platforms.hpp"

#include <algorithm>

namespace rigplan::planner {

int gpu_slots(const Board& b) {
  int n = 0;
  for (const auto& s : b.slots) n += s.physical >= 16;
  return n;
}

namespace {

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// Module kinds a CPU takes: an empty list is "not stated", which no rule holds against it.
bool takes_all_dimms(const Cpu& a, const Cpu& b) {
  if (a.dimm_types.empty()) return true;
  if (b.dimm_types.empty()) return false;
  return std::all_of(b.dimm_types.begin(), b.dimm_types.end(), [&](const std::string& t) { return has(a.dimm_types, t); });
}

// Whether CPU a is at least as good as b on board `bd` in everything the rules, the power model,
// the planner's choices and the score read of a CPU (grep for cpu-> in src/rules, src/power,
// src/planner): lanes and their generation (PCIE004, links), the memory it drives and how much
// (MEM001/003/004, the memory the planner buys: same channel count, so the same module count),
// the chipsets it is validated with (CPU010), its package power (the power budget, PSU, wall),
// and its price (known before unknown, then lower), ids breaking ties. Such a b cannot give a build
// that ranks before a's on the same board.
bool dominates(const Cpu& a, const Cpu& b, const Board& bd) {
  auto unlimited = [](double gib) { return gib > 0 ? gib : 1e18; };  // 0 = not stated: no limit checked
  auto validated = [&](const Cpu& c) { return c.chipsets.empty() || has(c.chipsets, bd.chipset); };
  if (a.pcie_lanes < b.pcie_lanes || a.pcie_gen < b.pcie_gen) return false;
  // PCIE004 feeds slow slots from the extra lanes: a's must be as many, and as fast, as b's.
  if (a.pcie_extra_lanes < b.pcie_extra_lanes ||
      (b.pcie_extra_lanes > 0 && a.pcie_extra_lanes > 0 && a.pcie_extra_gen < b.pcie_extra_gen))
    return false;
  if (a.memory_channels != b.memory_channels || unlimited(a.memory_max_gib) < unlimited(b.memory_max_gib)) return false;
  if (!takes_all_dimms(a, b) || (b.drives_memory(bd.memory_type) && !a.drives_memory(bd.memory_type))) return false;
  if (validated(b) && !validated(a)) return false;
  if (a.package_power_w > b.package_power_w) return false;
  if (a.price_usd.has_value() != b.price_usd.has_value()) return a.price_usd.has_value();
  if (a.price_usd && *a.price_usd != *b.price_usd) return *a.price_usd < *b.price_usd;
  return a.id < b.id;
}

}  // namespace

Platforms platforms_of(const Pools& p, const PlanRequest& r) {
  Platforms out;
  auto pair = [&](const Board* b, const Pools::Unit* bb) {
    std::vector<const Cpu*> fit;
    for (const Cpu* c : p.cpus) {
      if (c->socket != b->socket || c->max_sockets < b->sockets) {
        ++out.mismatched;
        continue;
      }
      fit.push_back(c);
    }
    for (const Cpu* c : fit) {
      if (!r.exhaustive && std::any_of(fit.begin(), fit.end(), [&](const Cpu* o) { return o != c && dominates(*o, *c, *b); })) {
        ++out.dominated;
        continue;
      }
      out.pairs.push_back({c, b, b->sockets, bb});
      out.pair_counts += std::max(0, std::min(r.gpus_max, gpu_slots(*b)) - r.gpus_min + 1);
    }
  };
  for (const Board* b : p.boards) pair(b, nullptr);
  for (const auto& u : p.barebones) pair(u.board, &u);
  return out;
}

}  // namespace rigplan::planner

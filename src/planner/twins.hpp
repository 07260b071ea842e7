// Twins: parts the planner may search as one. Two GPUs (or two boards) are twins when they are
// identical in everything the rules, the sizing model and the score read: every catalog field but
// the identity and provenance ones (id, name, source, notes, the list of dated prices), the same
// price in effect, and the same parts referring to them (the NVLink bridges sold for a card).
// Such parts give builds of equal score that differ only in the part's id, so the search runs on
// the first of each class (by id) and the answer then lists the twins' builds beside it, each
// judged again by the rule engine. Without this, every relabelled copy of a card (a catalog that
// lists one board under two SKUs, an overlay that repeats the built-in parts) would double the
// search, and a copy ties its original, which branch-and-bound cannot prune.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "planner/choose.hpp"
#include "rigplan/catalog.hpp"

namespace rigplan::planner {

struct Twins {
  std::map<const Gpu*, std::vector<const Gpu*>> gpus;      // the searched GPU -> its twins
  std::map<const Board*, std::vector<const Board*>> boards;  // the searched board -> its twins
  bool empty() const { return gpus.empty() && boards.empty(); }
};

// What decides a part's builds, as one comparable string (equal strings: twins).
std::string twin_key(const Catalog& c, const PartBase& p, const std::vector<std::string>& referrers);

// Removes the twins of each class from p.gpus and p.boards (the first by id stays) and returns
// them by the part that stays. Parts the request names (--gpu, --include) are never folded away.
Twins fold_twins(Pools& p, const Catalog& c, const PlanRequest& r);

}  // namespace rigplan::planner

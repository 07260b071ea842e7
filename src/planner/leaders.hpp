// The planner's branch-and-bound bookkeeping (see bound.hpp for the bounds themselves): the
// configurations the search runs, in best-bound order, and the leaders — the best build found so
// far in each GPU model x count, and the request's top-th best of those, the slot a configuration
// must beat to enter the answer. Kept apart from the search (search.cpp), which builds and judges.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "planner/bound.hpp"
#include "planner/explain.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

// One configuration of the search: item (GPU model x count) and CPU-board pair, with the coarse
// bound (cards, CPU and board prices only) it is ordered by.
struct Config {
  std::size_t item = 0, platform = 0;
  Bound bound;
};

// Whether a's bound sorts before b's: the best possible score first, then the input order.
bool bound_before(const Config& a, const Config& b, Objective o);

// The best build found so far in each item, and the top-th best of those.
class Leaders {
 public:
  Leaders(const PlanRequest& r, std::vector<ItemResult>& results) : r_(r), results_(results), best_(results.size(), npos) {}

  // Notes item i's builds (a few per item: one per configuration that found one).
  void update(std::size_t i);

  // False when a configuration of item i with bound b cannot enter the answer: once `top` items
  // have builds (so the answer is the top items' best builds), it must beat the top-th item's best
  // and its own item's best.
  bool may_enter(std::size_t i, const Bound& b, const std::string& board_id, const std::string& cpu_id) const;

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  const PlanRequest& r_;
  std::vector<ItemResult>& results_;
  std::vector<std::size_t> best_;    // index of each item's best build (npos: none yet)
  std::vector<std::size_t> groups_;  // items with a build
  const PlannedBuild* threshold_ = nullptr;
};

}  // namespace rigplan::planner

// The planner's search of one configuration (a GPU model x count on a CPU-board pair, see
// include/rigplan/plan.hpp): for each, memory, cooler, drive and bridges are chosen (choose.hpp),
// then chassis and PSUs are tried cheapest first and the rule engine judges each build. Its errors
// say what to try next: a PSU error tries the next PSU, a chassis error the next chassis, a bridge
// error the next bridge (or none), anything else rules the configuration out. When only power
// stands in the way, the highest GPU power limit that makes the build sound is found by bisection
// (power_limit.cpp). search.cpp orders the configurations and bounds them (bound.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/bound.hpp"
#include "planner/choose.hpp"
#include "planner/explain.hpp"
#include "planner/platforms.hpp"
#include "planner/score.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

// What a platform's board is bought as: the board, or the GPU server it comes inside.
const PartBase& bought(const Platform& pl);

class Search {
 public:
  // The build `pb` with `gpu` and `board` in place of its own (twins: twins.hpp), judged by the
  // rule engine and scored afresh; added to `out` when sound.
  void restate(const PlannedBuild& pb, const Gpu& gpu, const Board& board, const ItemFits& fits, ItemResult& out) const;

  Search(const PlanRequest& r, const Pools& p, const std::vector<Platform>& platforms)
      : r_(r), p_(p), platforms_(platforms), volts_(r.outlet ? r.outlet->volts : 230) {}

  // Item-level prunes (the workload, the total GPU memory); false when the item is ruled out.
  bool prepare_item(const Gpu& g, int n, const ItemFits& fits, ItemResult& out) const;

  // Configuration-level prunes that need no rule run (slots, the budget floor); false when ruled out.
  bool config_possible(const Gpu& g, int n, const Platform& pl, ItemResult& out) const;

  // The memory, cooler and drive the planner would choose for a configuration, with the sustained
  // load at the lowest power limit it may set: what the tight bound needs.
  struct Chosen {
    std::vector<Counted<Memory>> memory;
    const Cooler* cooler = nullptr;
    const Storage* storage = nullptr;
  };
  Chosen choose(const Gpu& g, int n, const Platform& pl, const Fit* fit) const;

  // The bound with the chosen parts' prices and the cheapest chassis and PSU that might serve.
  Bound tight_bound(const Gpu& g, int n, const Platform& pl, const Chosen& c, double perf_ub) const;

  // Cards that go out on riser cables to an open frame when the board's x16 slots (or their
  // spacing) cannot hold them directly: one straight x16 riser per card, and where there are more
  // cards than slots, x16-to-x8x8 bifurcation risers for the extra ones (the eight-card mining-rig
  // layout; RSR001-RSR003 judge the links). 0 when the catalog lacks the parts for it.
  int riser_capacity(const Board& board, const Gpu& g) const;

  // Every layout of one configuration: the cards in the slots, else on risers in an open frame.
  void try_config(const Gpu& g, int n, const Platform& pl, const ItemFits& fit, const Chosen& chosen, ItemResult& out) const;

  // Counts a rejection and returns the part it blames.
  static Blame reject(ItemResult& out, const std::string& code, const std::string& example, Blame b = Blame::Platform);

  // Supplies of one model a build takes: one, except in an open frame, which holds as many ATX
  // units as the load needs (PWR010 warns how to cable them), up to kMaxOpenFramePsus.
  int psu_count_for(const Chassis& ch, const Psu& psu, double sustained) const;

  // One layout of the cards: bridges, then chassis and PSUs cheapest first, as the file's comment
  // says. Returns what the last failure blamed (Psu when a build was accepted or nothing ran).
  Blame try_layout(Build b, const Gpu& g, int n, const Platform& pl, const ItemFits& fit, bool on_risers, ItemResult& out) const;

 private:
  std::string label(const Gpu& g, int n, const Platform& pl) const;

  // A PSU no better than one that already failed on power or cables, in every respect those rules
  // read (rating here, cables, ATX 3.x excursions, efficiency), fails too: skip it.
  bool dominated(const Psu& p, const std::vector<const Psu*>& failed) const;
  // Likewise a chassis no larger than one that failed on fit, with no board form factor the failed
  // one lacked.
  bool dominated(const Chassis& c, const std::vector<const Chassis*>& failed) const;

  // Chassis to try for this card: cheapest first, but fan-cooled cards (open-air, flow-through,
  // blower) in towers before rack chassis — consumer cards often do not fit server chassis (their
  // power plugs and height; Dive into Deep Learning, 'Selecting servers and GPUs') — and passive cards only where air is forced (THM002).
  std::vector<const Chassis*> chassis_order(const Gpu& g) const;

  Attempt evaluate(const Build& b, ItemResult& out) const;

  // The highest power limit that makes the build sound with the largest PSU the chassis takes
  // that can power it at all (a larger one without the cables the cards need, such as a server
  // module, is passed over), then the cheapest PSU that is sound at that limit.
  std::optional<Attempt> limit_power(Build b, const Chassis& ch, const Gpu& g, double sustained, const Pools::Unit* unit,
                                     ItemResult& out, Attempt& last) const;

  // Adds a sound build to the item's answer: its info findings, metrics and score, unless the
  // deadline, the missing prices the objective needs, or the budget rule it out.
  void accept(Attempt a, const ItemFits& fits, ItemResult& out) const;

  const PlanRequest& r_;
  const Pools& p_;
  const std::vector<Platform>& platforms_;
  double volts_;
};

}  // namespace rigplan::planner

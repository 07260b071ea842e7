// The planner's search (see include/rigplan/plan.hpp): every configuration (a GPU model x count
// on a CPU-board pair) that passes the checks needing no rule run, in best-bound order; one whose
// best possible score can no longer enter the answer is skipped (branch and bound: bound.hpp,
// leaders.hpp), the others are built and judged (config_search.hpp). Twin parts are searched once
// and their builds added afterwards (twins.hpp). One thread, a fixed order: the answer is
// deterministic.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <tuple>

#include "planner/compare.hpp"
#include "planner/config_search.hpp"
#include "planner/leaders.hpp"
#include "planner/limits.hpp"
#include "planner/reference_set.hpp"
#include "planner/twins.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/unified.hpp"

namespace rigplan {

bool lower_is_better(Objective o) { return o == Objective::Cost; }

using namespace planner;

namespace {

// The builds of twin parts (twins.hpp), added after the search: each twin GPU gets the builds its
// searched twin found, and every build on a searched board gets the same build on each twin
// board, each judged again. `fits` holds each result's fits (what the sizing model said). Only an
// item's first `top` builds can enter the answer (merge_results picks each item's best, then
// runners-up, `top` in all), and a twin's build ranks next to its original: those are restated.
std::vector<const PlannedBuild*> leading(const ItemResult& item, int top, Objective o) {
  std::vector<const PlannedBuild*> v;
  for (const PlannedBuild& b : item.builds) v.push_back(&b);
  auto before = [o](const PlannedBuild* a, const PlannedBuild* b) { return ranks_before(*a, *b, o); };
  std::stable_sort(v.begin(), v.end(), before);
  if (static_cast<int>(v.size()) > top) v.resize(static_cast<std::size_t>(top));
  return v;
}

void add_twin_builds(const Twins& twins, const Search& search, int top, Objective o, const std::vector<const Gpu*>& item_gpus,
                     std::vector<const ItemFits*> fits, std::vector<ItemResult>& results) {
  std::size_t searched = results.size();
  for (std::size_t i = 0; i < searched; ++i) {
    auto t = twins.gpus.find(item_gpus[i]);
    if (t == twins.gpus.end()) continue;
    for (const Gpu* twin : t->second) {
      ItemResult r;
      r.candidates = results[i].candidates;
      r.rejected = results[i].rejected;
      for (const PlannedBuild* pb : leading(results[i], top, o)) search.restate(*pb, *twin, *pb->build.board, *fits[i], r);
      results.push_back(std::move(r));
      fits.push_back(fits[i]);
    }
  }
  if (twins.boards.empty()) return;
  for (std::size_t i = 0; i < results.size(); ++i) {
    std::vector<PlannedBuild> lead;  // copies: restate() adds to the same list
    for (const PlannedBuild* pb : leading(results[i], top, o)) lead.push_back(*pb);
    for (const PlannedBuild& pb : lead) {
      if (pb.build.barebone) continue;
      auto t = twins.boards.find(pb.build.board);
      if (t == twins.boards.end()) continue;
      for (const Board* twin : t->second) search.restate(pb, *pb.build.gpus.front().part, *twin, *fits[i], results[i]);
    }
  }
}

}  // namespace


PlanResult plan(const PlanRequest& r, const Catalog& c) {
  auto t0 = std::chrono::steady_clock::now();
  Pools pools = make_pools(r, c);
  // The exhaustive search (the property tests' reference) searches every part on its own.
  Twins twins = r.exhaustive ? Twins{} : fold_twins(pools, c, r);
  Platforms found = platforms_of(pools, r);
  const std::vector<Platform>& platforms = found.pairs;
  check_plan_size(pools.gpus.size(), found.pair_counts, platforms.size());
  struct Item {
    const Gpu* g;
    int n;
    ItemFits fits;
    double perf_ub = 0;
  };
  std::vector<Item> items;
  for (const Gpu* g : pools.gpus)
    for (int n = r.gpus_min; n <= r.gpus_max; ++n) items.push_back({g, n, {}, 0});
  std::vector<ItemResult> results(items.size());
  Search search(r, pools, platforms);
  std::vector<double> denominators = r.workload ? std::vector<double>{} : reference_denominators(r, c);

  // Every configuration that passes the checks needing no rule run, with its coarse bound.
  std::vector<Config> configs;
  for (std::size_t i = 0; i < items.size(); ++i) {
    Item& it = items[i];
    it.fits = fit_item(r, *it.g, it.n, denominators);
    if (!search.prepare_item(*it.g, it.n, it.fits, results[i])) continue;
    it.perf_ub = performance_bound(r, *it.g, it.n, it.fits);
    for (std::size_t k = 0; k < platforms.size(); ++k) {
      const Platform& pl = platforms[k];
      if (!search.config_possible(*it.g, it.n, pl, results[i])) continue;
      CostFloor f = platform_cost_floor(*it.g, it.n, *pl.cpu, pl.cpu_count, bought(pl));
      configs.push_back({i, k, make_bound(r, it.perf_ub, f.usd, f.complete, 0)});
    }
  }
  std::sort(configs.begin(), configs.end(), [&](const Config& a, const Config& b) { return bound_before(a, b, r.objective); });

  // Best bound first; a configuration that can no longer enter the answer is skipped, first on
  // its coarse bound, then on the tight one (the chosen memory, cooler and drive, the cheapest
  // chassis and PSU, the wall power).
  Leaders leaders(r, results);
  long long bounded = 0, ran = 0;
  for (const Config& cf : configs) {
    const Item& it = items[cf.item];
    const Platform& pl = platforms[cf.platform];
    if (!r.exhaustive && !leaders.may_enter(cf.item, cf.bound, pl.board->id, pl.cpu->id)) {
      ++bounded;
      continue;
    }
    const Fit* fit = it.fits.workload ? &*it.fits.workload : nullptr;
    auto chosen = search.choose(*it.g, it.n, pl, fit);
    if (!r.exhaustive && !leaders.may_enter(cf.item, search.tight_bound(*it.g, it.n, pl, chosen, it.perf_ub), pl.board->id,
                                            pl.cpu->id)) {
      ++bounded;
      continue;
    }
    ++ran;
    std::size_t before = results[cf.item].builds.size();
    search.try_config(*it.g, it.n, pl, it.fits, chosen, results[cf.item]);
    if (results[cf.item].builds.size() != before) leaders.update(cf.item);
  }

  if (!twins.empty()) {
    std::vector<const Gpu*> gpus;
    std::vector<const ItemFits*> fits;
    for (const Item& it : items) gpus.push_back(it.g), fits.push_back(&it.fits);
    add_twin_builds(twins, search, r.top, r.objective, gpus, fits, results);
  }

  PlanResult out = merge_results(r, pools, std::move(results));
  if (r.workload && r.workload->mode == Mode::Infer) out.unified = unified_machine_options(*r.workload, c, r.sizing);
  out.comparison = compare_top(out.builds, r);
  long long per_config = static_cast<long long>(std::max<std::size_t>(1, pools.chassis.size())) *
                         static_cast<long long>(std::max<std::size_t>(1, pools.psus.size()));
  std::size_t twin_gpus = 0, twin_pairs = 0;
  for (const auto& [g, copies] : twins.gpus) twin_gpus += copies.size();
  for (const Platform& pl : platforms)
    if (auto t = twins.boards.find(pl.board); !pl.barebone && t != twins.boards.end()) twin_pairs += t->second.size();
  long long combos = static_cast<long long>(pools.gpus.size() + twin_gpus) * (r.gpus_max - r.gpus_min + 1);
  // Sockets that differ, CPUs no better, and the twin boards' pairs, which the search did not visit.
  out.stats.candidates += combos * static_cast<long long>(found.mismatched + found.dominated + twin_pairs) * per_config;
  out.stats.pruned = out.stats.candidates - out.stats.evaluated;
  out.stats.bounded = bounded;
  if (std::getenv("RIGPLAN_DEBUG_PLAN"))
    fmt::print(stderr, "pairs {} dominated {} items {} configs {} ran {} bounded {}\n", platforms.size(), found.dominated,
               items.size(), configs.size(), ran, bounded);
  out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace rigplan

// Benchmarks of the planner (Google Benchmark): a request over the whole built-in catalog with no
// filter but a GPU count from 1 to 8 — the speed target — pruned (branch and bound, the
// default) and exhaustive, and the pruned search over catalogs where every searched kind (GPU,
// CPU, board, PSU, chassis) is copied k times, to show how it scales with the catalog. The search
// runs on one thread.
// Figures go to docs/performance.md; none of this is a pass/fail test.
#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>

#include "rigplan/plan.hpp"

using namespace rigplan;

namespace {

PlanRequest whole_catalog(const Catalog& c, bool exhaustive) {
  PlanRequest r = parse_plan_request(nlohmann::json{{"gpus", "1..8"}}, c, "bench");
  r.exhaustive = exhaustive;
  return r;
}

// The built-in catalog with each searched kind copied `k` times under new ids.
Catalog scaled(int k) {
  Catalog c = Catalog::builtin();
  if (k <= 1) return c;
  nlohmann::json doc{{"schema_version", 1}, {"parts", nlohmann::json::array()}};
  for (Kind kind : {Kind::Gpu, Kind::Cpu, Kind::Board, Kind::Psu, Kind::Chassis})
    for (const auto& id : c.ids(kind))
      for (int i = 1; i < k; ++i) {
        nlohmann::json p = c.raw(id);
        p["id"] = id + "-copy" + std::to_string(i);
        doc["parts"].push_back(p);
      }
  c.add_layer(doc.dump(), "scaled.json");
  return c;
}

void BM_PlanWholeCatalog(benchmark::State& state) {
  const Catalog& c = Catalog::builtin();
  PlanRequest r = whole_catalog(c, state.range(0) == 1);
  PlanResult res;
  for (auto _ : state) benchmark::DoNotOptimize(res = plan(r, c));
  state.counters["candidates"] = static_cast<double>(res.stats.candidates);
  state.counters["evaluated"] = static_cast<double>(res.stats.evaluated);
  state.counters["sound"] = static_cast<double>(res.stats.sound);
}
// Arg 0: pruned (the default); 1: exhaustive.
BENCHMARK(BM_PlanWholeCatalog)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PlanScaledCatalog(benchmark::State& state) {
  Catalog c = scaled(static_cast<int>(state.range(0)));
  PlanRequest r = whole_catalog(c, false);
  PlanResult res;
  for (auto _ : state) benchmark::DoNotOptimize(res = plan(r, c));
  state.counters["candidates"] = static_cast<double>(res.stats.candidates);
  state.counters["evaluated"] = static_cast<double>(res.stats.evaluated);
  state.counters["sound"] = static_cast<double>(res.stats.sound);
  state.counters["us_per_sound"] = benchmark::Counter(static_cast<double>(res.stats.sound) * state.iterations(),
                                                      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_PlanScaledCatalog)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

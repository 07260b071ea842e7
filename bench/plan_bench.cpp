// Benchmarks of the planner (Google Benchmark): a request over the whole built-in catalog with no
// filter but a GPU count from 1 to 8 — the speed target — pruned (branch and bound, the
// default) and exhaustive, and the pruned search over catalogs where every part is copied k
// times under new ids, to show how it scales with the catalog (copies are twins: twins.hpp). The
// search runs on one thread.
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

// A part's JSON with every string that names a part id renamed to that part's copy `suffix`.
nlohmann::json renamed(const nlohmann::json& v, const Catalog& c, const std::string& suffix) {
  if (v.is_string()) return c.kind_of(v.get<std::string>()) ? nlohmann::json(v.get<std::string>() + suffix) : v;
  if (v.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : v) out.push_back(renamed(e, c, suffix));
    return out;
  }
  if (v.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [k, e] : v.items())
      out[k] = k == "source" || k == "notes" || k == "note" || k == "name" ? e : renamed(e, c, suffix);
    return out;
  }
  return v;
}

// The built-in catalog with every part copied `k` times under new ids, the copies naming each
// other where the originals name parts (a bridge's cards, a barebone's board): what
// tools/double_catalog.py writes for k = 2.
Catalog scaled(int k) {
  Catalog c = Catalog::builtin();
  if (k <= 1) return c;
  nlohmann::json doc{{"schema_version", 1}, {"parts", nlohmann::json::array()}};
  for (const auto& id : c.ids())
    for (int i = 1; i < k; ++i) doc["parts"].push_back(renamed(c.raw(id), c, "-copy" + std::to_string(i)));
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

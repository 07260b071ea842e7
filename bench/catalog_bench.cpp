// Benchmarks of the catalog (Google Benchmark): parsing and validating the whole built-in
// catalog (what every rigplan process pays once at start), copying it, applying a user overlay,
// and looking parts up. Figures go to docs/performance.md; none of this is a pass/fail test.
#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>

#include "catalog/catalog_layers.hpp"
#include "rigplan/catalog.hpp"
#include "util/embedded.hpp"

using namespace rigplan;

static std::vector<LayerFile> builtin_files() {
  std::vector<LayerFile> files;
  for (const auto& f : embedded::files())
    if (f.path.rfind("data/catalog/", 0) == 0) files.push_back({std::string(f.content), std::string(f.path)});
  return files;
}

// What a process start pays: parse, sense checks and references (the schema pass runs in tests).
static void BM_LoadBuiltinCatalog(benchmark::State& state) {
  auto files = builtin_files();
  std::size_t parts = 0;
  for (auto _ : state) {
    auto entries = merge_layer({}, files, true, /*schema=*/false);
    parts = entries.size();
    benchmark::DoNotOptimize(entries);
  }
  state.counters["parts"] = static_cast<double>(parts);
}
BENCHMARK(BM_LoadBuiltinCatalog)->Unit(benchmark::kMillisecond);

// The same with full JSON-Schema validation, as every user overlay gets.
static void BM_ValidateBuiltinCatalog(benchmark::State& state) {
  auto files = builtin_files();
  for (auto _ : state) benchmark::DoNotOptimize(merge_layer({}, files, true, /*schema=*/true));
}
BENCHMARK(BM_ValidateBuiltinCatalog)->Unit(benchmark::kMillisecond);

static void BM_CopyCatalog(benchmark::State& state) {
  const Catalog& c = Catalog::builtin();
  for (auto _ : state) {
    Catalog copy = c;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyCatalog)->Unit(benchmark::kMicrosecond);

static void BM_OverlayOnePart(benchmark::State& state) {
  const Catalog& base = Catalog::builtin();
  nlohmann::json part = base.raw("nvidia-rtx-3090-fe");
  part["prices"] = nlohmann::json::array({{{"usd", 700}, {"date", "2026-11"}, {"kind", "quote"}, {"source", "bench"}}});
  std::string text = nlohmann::json{{"schema_version", 1}, {"parts", {part}}}.dump();
  for (auto _ : state) {
    Catalog c = base;
    c.add_layer(text, "overlay.json");
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_OverlayOnePart)->Unit(benchmark::kMillisecond);

static void BM_FindGpu(benchmark::State& state) {
  const Catalog& c = Catalog::builtin();
  for (auto _ : state) benchmark::DoNotOptimize(c.find<Gpu>("nvidia-rtx-3090-fe"));
}
BENCHMARK(BM_FindGpu);

BENCHMARK_MAIN();

// Benchmarks of `check` without process start: resolving a build file against the loaded
// catalog, and running placement, the power model and every rule on it.
#include <benchmark/benchmark.h>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "util/json_text.hpp"

using namespace rigplan;

static std::string seed_text() { return read_input_file(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/seed-two-3090.json"); }

static void BM_ParseBuild(benchmark::State& state) {
  const Catalog& c = Catalog::builtin();
  std::string text = seed_text();
  for (auto _ : state) benchmark::DoNotOptimize(parse_build(text, "seed.json", c));
}
BENCHMARK(BM_ParseBuild)->Unit(benchmark::kMicrosecond);

static void BM_CheckBuild(benchmark::State& state) {
  Build b = parse_build(seed_text(), "seed.json", Catalog::builtin());
  for (auto _ : state) benchmark::DoNotOptimize(check_build(b));
}
BENCHMARK(BM_CheckBuild)->Unit(benchmark::kMicrosecond);

static void BM_CheckFourGpuWorkstation(benchmark::State& state) {
  std::string text = read_input_file(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/threadripper-pro-4x-a6000.json");
  Build b = parse_build(text, "tr.json", Catalog::builtin());
  for (auto _ : state) benchmark::DoNotOptimize(check_build(b));
}
BENCHMARK(BM_CheckFourGpuWorkstation)->Unit(benchmark::kMicrosecond);

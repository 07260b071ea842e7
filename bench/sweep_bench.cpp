// Benchmark: sweep throughput, output included (rows rendered to CSV and discarded).
#include <benchmark/benchmark.h>

#include "rigplan/sweep.hpp"
#include "util/json_text.hpp"

using namespace rigplan;

static void run(benchmark::State& state, SweepSpec s, int threads) {
  const Catalog& c = Catalog::builtin();
  std::size_t bytes = 0;
  for (auto _ : state) run_sweep(s, c, "csv", threads, [&](const std::string& chunk) { bytes += chunk.size(); });
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * point_count(s)));
  benchmark::DoNotOptimize(bytes);
}

static void BM_SweepCheck(benchmark::State& state) {
  SweepSpec s;
  s.command = "check";
  s.base_file = std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/seed-two-3090.json";
  s.base = parse_json(read_input_file(s.base_file), s.base_file);
  s.axes.push_back(parse_axis("gpus[0].power_limit_w=150..349:1"));
  s.metrics = {"verdict", "power.peak_w"};
  run(state, s, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_SweepCheck)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

static void BM_SweepSize(benchmark::State& state) {
  SweepSpec s;
  s.command = "size";
  s.base = nlohmann::json::parse(R"({"model": "llama-3-8b"})");
  s.axes.push_back(parse_axis("micro_batch=1..200"));
  s.metrics = {"memory.per_gpu.total_bytes"};
  run(state, s, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_SweepSize)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

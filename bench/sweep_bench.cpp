// Benchmark: sweep throughput, output included (rows rendered to CSV and discarded). The large
// cases are the speed targets' measure (issue 7: 1 M sizing points/s, 100 k checks/s on two
// cores); the General variants run every point through its JSON input, as before the compiled path.
#include <benchmark/benchmark.h>

#include "rigplan/sweep.hpp"
#include "util/json_text.hpp"

using namespace rigplan;

static void run(benchmark::State& state, SweepSpec s, int threads, const char* format = "csv") {
  const Catalog& c = Catalog::builtin();
  std::size_t bytes = 0;
  for (auto _ : state) run_sweep(s, c, format, threads, [&](const std::string& chunk) { bytes += chunk.size(); });
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * point_count(s)));
  benchmark::DoNotOptimize(bytes);
}

static SweepSpec check_spec(bool large) {
  SweepSpec s;
  s.command = "check";
  s.base_file = std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/seed-two-3090.json";
  s.base = parse_json(read_input_file(s.base_file), s.base_file);
  s.axes.push_back(parse_axis("gpus[0].power_limit_w=150..349:1"));
  if (large) {
    s.axes.push_back(parse_axis("outlet=us-120v-15a,us-120v-20a,eu-230v-16a,kr-220v-16a"));
    s.axes.push_back(parse_axis("psu=corsair-hx1050,msi-meg-ai1300p-pcie5,corsair-ax1600i,asus-rog-thor-1200p2"));
    s.axes.push_back(parse_axis("gpus[0].count=1..4"));
  }
  s.metrics = {"verdict", "codes", "power.sustained_w", "power.wall_w"};
  return s;
}

static SweepSpec size_spec(bool large) {
  SweepSpec s;
  s.command = "size";
  s.base = nlohmann::json::parse(R"({"model": "llama-3-8b", "gpu": "nvidia-h100-sxm5-80gb", "count": 8, "tokens": 1e12})");
  s.axes.push_back(parse_axis("micro_batch=1..200"));
  if (large) {
    s.axes.push_back(parse_axis("zero=0..3"));
    s.axes.push_back(parse_axis("seq=1024..8192:1024"));
    s.axes.push_back(parse_axis("model=llama-2-7b,llama-3-8b,llama-2-13b,llama-3-70b"));
  }
  s.metrics = {"memory.per_gpu.total_bytes", "fits", "time.days"};
  return s;
}

static void BM_SweepCheck(benchmark::State& state) { run(state, check_spec(false), static_cast<int>(state.range(0))); }
BENCHMARK(BM_SweepCheck)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

static void BM_SweepSize(benchmark::State& state) { run(state, size_spec(false), static_cast<int>(state.range(0))); }
BENCHMARK(BM_SweepSize)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// 200 power limits x 4 outlets x 4 PSUs x 1-4 cards = 12,800 builds.
static void BM_SweepCheckLarge(benchmark::State& state) { run(state, check_spec(true), static_cast<int>(state.range(0))); }
BENCHMARK(BM_SweepCheckLarge)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_SweepCheckLargeJsonl(benchmark::State& state) { run(state, check_spec(true), 2, "jsonl"); }
BENCHMARK(BM_SweepCheckLargeJsonl)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_SweepCheckLargeGeneral(benchmark::State& state) {
  SweepSpec s = check_spec(true);
  s.general_only = true;
  run(state, s, 2);
}
BENCHMARK(BM_SweepCheckLargeGeneral)->Unit(benchmark::kMillisecond)->UseRealTime();

// 200 micro-batches x 4 ZeRO stages x 8 sequence lengths x 4 models = 25,600 points.
static void BM_SweepSizeLarge(benchmark::State& state) { run(state, size_spec(true), static_cast<int>(state.range(0))); }
BENCHMARK(BM_SweepSizeLarge)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_SweepSizeLargeJsonl(benchmark::State& state) { run(state, size_spec(true), 2, "jsonl"); }
BENCHMARK(BM_SweepSizeLargeJsonl)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_SweepSizeLargeGeneral(benchmark::State& state) {
  SweepSpec s = size_spec(true);
  s.general_only = true;
  run(state, s, 2);
}
BENCHMARK(BM_SweepSizeLargeGeneral)->Unit(benchmark::kMillisecond)->UseRealTime();

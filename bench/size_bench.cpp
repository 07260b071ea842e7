// Benchmarks of the sizing model: one evaluation must be cheap enough for sweeps and the planner
// to call it millions of times.
#include <benchmark/benchmark.h>

#include "rigplan/sizing.hpp"

using namespace rigplan;

static void BM_MemoryPerGpu(benchmark::State& state) {
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.zero = 3;
  w.dp = 64;
  w.recompute = Recompute::Selective;
  for (auto _ : state) {
    benchmark::DoNotOptimize(memory_per_gpu(w));
    w.micro_batch = w.micro_batch % 8 + 1;  // vary the input so nothing is hoisted
  }
}
BENCHMARK(BM_MemoryPerGpu);

static void BM_TrainingCompute(benchmark::State& state) {
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.tokens = 1e12;
  for (auto _ : state) {
    benchmark::DoNotOptimize(training_compute(w));
    w.tokens += 1;
  }
}
BENCHMARK(BM_TrainingCompute);

// Benchmarks of the performance model: one predicted training step, one predicted inference
// (prefill and decode step), and the parallelism search on the problem Calculon's
// llm-optimal-execution is compared with (GPT-3 175B on 1024 A100s, batch 1536); the search
// reports layouts evaluated per second.
#include <benchmark/benchmark.h>

#include "rigplan/catalog.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"

using namespace rigplan;

namespace {

Workload gpt3() {
  Workload w;
  w.model = *find_model("gpt-3-175b");
  w.batch = 1536;
  return w;
}

PerfSystem a100s(int count) {
  const Gpu& g = *Catalog::builtin().find<Gpu>("nvidia-a100-sxm4-80gb");
  return perf_system(hardware_from_gpu(g, count, true));
}

}  // namespace

static void BM_TrainingStep(benchmark::State& state) {
  Workload w = gpt3();
  w.tp = 8, w.pp = 8, w.dp = 16;
  PerfSystem s = a100s(1024);
  for (auto _ : state) {
    benchmark::DoNotOptimize(training_step(w, s));
    w.micro_batch = w.micro_batch % 2 + 1;  // vary the input so nothing is hoisted
  }
}
BENCHMARK(BM_TrainingStep);

// Llama 3 70B in GGUF Q4_K_M over four A100s as pipeline stages: a prompt and a decode step with
// llama.cpp's SM ceiling and the stages' sends, what `plan` runs per build for an inference job.
static void BM_InferenceStep(benchmark::State& state) {
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.mode = Mode::Infer;
  w.precision = "int4";
  w.weight_format = "q4_k_m";
  w.pp = 4;
  w.context = 4096;
  PerfSystem s = a100s(4);
  int batch = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(inference_perf(w, s, 512, batch, PerfAssumptions{}));
    batch = batch % 8 + 1;  // vary the input so nothing is hoisted
  }
}
BENCHMARK(BM_InferenceStep);

// GPT-3 175B on 1024 A100s under one framework's rules and accounting ("" = the default).
static void search_gpt3_on_1024(benchmark::State& state, const char* framework) {
  Workload w = gpt3();
  if (*framework) w.framework = checked_word<Framework>(framework);
  PerfSystem s = a100s(1024);
  SizingAssumptions a;
  long long evaluated = 0;
  for (auto _ : state) {
    SearchResult r = search_parallelism(w, 1024, s, 80 * kGiB, a, a.perf);
    evaluated += r.evaluated;
    benchmark::DoNotOptimize(r.best.data());
  }
  state.counters["layouts"] = benchmark::Counter(static_cast<double>(evaluated) / state.iterations());
  state.counters["layouts_per_s"] = benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
}

static void BM_SearchGpt3On1024(benchmark::State& state) { search_gpt3_on_1024(state, ""); }
BENCHMARK(BM_SearchGpt3On1024)->Unit(benchmark::kMillisecond);

// The same problem under Megatron-LM's rules and accounting: every interleaving depth with pp x v
// dividing the 96 layers, ZeRO 0-1, 18 bytes per parameter.
static void BM_SearchGpt3On1024Megatron(benchmark::State& state) { search_gpt3_on_1024(state, "megatron"); }
BENCHMARK(BM_SearchGpt3On1024Megatron)->Unit(benchmark::kMillisecond);

// The training frameworks (include/rigplan/framework.hpp): each refuses the layouts its source
// refuses, and the parallelism search returns exactly the layouts the framework runs that fit
// under its memory accounting (checked against a brute-force walk of the same space).
#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/framework.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"

using namespace rigplan;

namespace {

Workload gpt(int layers, int hidden, int heads) {
  Workload w;
  w.model = custom_model(0, layers, hidden, heads, heads, 4 * hidden, 51200);
  w.model.max_context = 2048;
  w.seq = 2048;
  return w;
}

bool runs(Workload w, const char* framework, int tp, int pp, int v, int zero, Offload offload = Offload::None) {
  w.framework = checked_word<Framework>(framework);
  w.tp = tp, w.pp = pp, w.interleave = v, w.zero = zero, w.offload = offload;
  return !framework_layout_problem(w);
}

}  // namespace

TEST_CASE("frameworks: each refuses what its source refuses") {
  Workload w = gpt(60, 10240, 80);  // Narayanan's 76.1B: 60 layers
  // Megatron-LM: layers divisible by pp x v, interleaving from 3 stages, no ZeRO-2/3.
  CHECK(runs(w, "megatron", 8, 4, 1, 1));
  CHECK_FALSE(runs(w, "megatron", 8, 4, 2, 1));  // 60 % 8
  CHECK(runs(w, "megatron", 8, 4, 3, 1));
  CHECK(runs(w, "megatron", 8, 4, 5, 1));        // depths past 4 where the layers divide
  CHECK_FALSE(runs(w, "megatron", 8, 8, 1, 1));  // 60 % 8
  CHECK_FALSE(runs(w, "megatron", 8, 2, 2, 1));  // interleaving on 2 stages
  CHECK_FALSE(runs(w, "megatron", 8, 1, 1, 3));
  CHECK(runs(w, "megatron", 8, 1, 1, 0, Offload::Optimizer));
  // DeepSpeed: ZeRO-2/3 not with its pipeline engine, no interleaved schedule, offload by stage.
  CHECK(runs(w, "deepspeed", 1, 1, 1, 3, Offload::Params));
  CHECK_FALSE(runs(w, "deepspeed", 1, 1, 1, 2, Offload::Params));
  CHECK_FALSE(runs(w, "deepspeed", 1, 4, 1, 2));
  CHECK(runs(w, "deepspeed", 1, 8, 1, 1));  // uneven stages are fine
  CHECK_FALSE(runs(w, "deepspeed", 1, 4, 3, 1));
  // FSDP: no ZeRO-1 equivalent; sharding with pipelining; uneven stages.
  CHECK_FALSE(runs(w, "fsdp", 1, 1, 1, 1));
  CHECK(runs(w, "fsdp", 2, 8, 1, 3));
  CHECK_FALSE(runs(w, "fsdp", 1, 1, 1, 2, Offload::Optimizer));
  // The Trainer with DDP: data parallelism only.
  CHECK(runs(w, "hf", 1, 1, 1, 0));
  CHECK_FALSE(runs(w, "hf", 2, 1, 1, 0));
  CHECK_FALSE(runs(w, "hf", 1, 1, 1, 3));
  // Tensor parallelism splits or replicates whole KV heads (GQA: 8 KV heads).
  Workload l = w;
  l.model = *find_model("llama-3-70b");
  CHECK(runs(l, "megatron", 16, 1, 1, 1));  // 8 divides 16: replicated
  CHECK_FALSE(runs(l, "megatron", 3, 1, 1, 1));
  // A training step under a framework that refuses the layout does not run.
  w.framework = Framework::Megatron;
  w.tp = 8, w.pp = 4, w.interleave = 2, w.dp = 1, w.batch = 8;
  PerfSystem s = perf_system(hardware_from_gpu(*Catalog::builtin().find<Gpu>("nvidia-a100-sxm4-80gb"), 32, true));
  CHECK_THAT(training_step(w, s).why_not, Catch::Contains("divisible"));
}

TEST_CASE("frameworks: memory accounting follows the framework unless given") {
  Workload w = gpt(24, 2048, 16);
  w.model.layers = 0;  // model states only
  w.dp = 8, w.zero = 1;
  SizingAssumptions a;
  a.overhead_bytes = 0;
  auto states = [&](const char* framework) {
    w.framework = checked_word<Framework>(framework);
    MemoryBreakdown m = memory_per_gpu(w, a);
    return (m.weights + m.gradients + m.optimizer) / w.model.params;
  };
  CHECK(states("megatron") == Approx(6 + 12.0 / 8));   // fp32 main gradients, distributed optimizer
  CHECK(states("deepspeed") == Approx(4 + 12.0 / 8));  // the ZeRO paper's stage 1
  w.accounting = Accounting::Megatron;
  CHECK(states("deepspeed") == Approx(6 + 12.0 / 8));  // an explicit accounting wins
}

namespace {

// Every layout of the search's space, walked naively: which run under the framework, fit memory
// under its accounting and have a step.
long long brute_force(const Workload& base, int gpus, const PerfSystem& s, double gpu_bytes, const SizingAssumptions& sa) {
  long long n = 0;
  for (int tp = 1; tp <= gpus; ++tp)
    for (int pp = 1; tp * pp <= gpus; ++pp) {
      if (gpus % (tp * pp)) continue;
      int dp = gpus / (tp * pp);
      if (base.batch % dp) continue;
      for (int mb = 1; mb <= base.batch / dp; mb *= 2)
        for (int zero = 0; zero <= 3; ++zero)
          for (Recompute rc : {Recompute::None, Recompute::Full})  // flash attention: selective is none
            for (int sp = 0; sp <= (tp > 1); ++sp)
              for (int v = 1; v <= base.model.layers; ++v) {
                Workload x = base;
                x.tp = tp, x.pp = pp, x.dp = dp, x.micro_batch = mb, x.zero = zero, x.recompute = rc, x.sp = sp;
                x.interleave = v;
                if ((base.batch / dp) % mb) continue;
                if (v > 1 && base.model.layers % (pp * v)) continue;  // the search's even virtual stages
                if (framework_layout_problem(x)) continue;
                if (memory_per_gpu(x, sa).total() > gpu_bytes) continue;
                if (!training_step(x, s, sa.perf).why_not.empty()) continue;
                ++n;
              }
    }
  return n;
}

}  // namespace

TEST_CASE("search: exactly the layouts the framework runs and that fit under its accounting, exhaustively") {
  const Gpu& a100 = *Catalog::builtin().find<Gpu>("nvidia-a100-sxm4-40gb");
  PerfSystem s = perf_system(hardware_from_gpu(a100, 16, true));
  SizingAssumptions sa;
  Workload w = gpt(36, 4096, 32);  // Narayanan's 7.5B: 36 layers (divisible by 2, 3, 4, 6, 9, 12, 18)
  w.batch = 64;
  for (const char* f : {"megatron", "deepspeed", "fsdp", "hf"}) {
    INFO(f);
    w.framework = checked_word<Framework>(f);
    SearchOptions o;
    o.top = 100;
    SearchResult r = search_parallelism(w, 16, s, a100.memory_gib * kGiB, sa, sa.perf, o);
    CHECK(r.fit == brute_force(w, 16, s, a100.memory_gib * kGiB, sa));
    for (const auto& c : r.best) {
      Workload x = w;
      x.tp = c.tp, x.pp = c.pp, x.dp = c.dp, x.micro_batch = c.micro_batch, x.zero = c.zero, x.interleave = c.interleave;
      x.sp = c.sp, x.recompute = c.recompute;
      CHECK_FALSE(framework_layout_problem(x));
      CHECK(memory_per_gpu(x, sa).total() <= a100.memory_gib * kGiB);
    }
  }
}

TEST_CASE("search: Megatron-LM's layouts of GPT-3 175B on 1024 A100s divide the layers and use depths past 4") {
  const Gpu& a100 = *Catalog::builtin().find<Gpu>("nvidia-a100-sxm4-80gb");
  PerfSystem s = perf_system(hardware_from_gpu(a100, 1024, true));
  SizingAssumptions sa;
  Workload w;
  w.model = *find_model("gpt-3-175b");
  w.batch = 1536;
  w.framework = Framework::Megatron;
  SearchOptions o;
  o.top = 100;
  SearchResult r = search_parallelism(w, 1024, s, a100.memory_gib * kGiB, sa, sa.perf, o);
  REQUIRE(r.best.size() == 100);
  bool deep = false;
  for (const auto& c : r.best) {
    CHECK(w.model.layers % (c.pp * c.interleave) == 0);
    CHECK(c.zero <= 1);
    if (c.interleave > 4 || c.interleave == 3) deep = true;
  }
  CHECK(deep);
}

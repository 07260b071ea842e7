// The clock a Hopper SXM board holds in a multi-GPU training step and a Blackwell SXM board in
// any (training_clock_share, hopper_sxm_overlap_clock_share, blackwell_sxm_clock_share): which
// GPUs and steps take it, that it slows a step's math and
// not its memory traffic, that FP8 steps keep their fitted figures, and that a user
// can turn it off. Properties that must hold whatever the constant's value.
#include <catch2/catch.hpp>

#include "builtin_gpu.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"

using namespace rigplan;
using rigplan::test_parts::gpu;

namespace {

Workload llama8b(const char* precision) {
  Workload w;
  w.model = *find_model("llama-3-8b");
  w.framework = Framework::Megatron;
  w.precision = precision;
  w.seq = 8192;
  w.batch = 64;
  return w;
}

PerfSystem system_of(const char* id, int count) { return perf_system(hardware_from_gpu(gpu(id), count, true)); }

}  // namespace

TEST_CASE("clock share: Hopper SXM boards in steps on more than one GPU, Blackwell SXM boards in any step, no other card") {
  PerfAssumptions a;
  REQUIRE(a.hopper_sxm_overlap_clock_share < 1);
  CHECK(training_clock_share(gpu("nvidia-h100-sxm5-80gb"), 8, a) == a.hopper_sxm_overlap_clock_share);
  CHECK(training_clock_share(gpu("nvidia-h200-sxm-141gb"), 2, a) == a.hopper_sxm_overlap_clock_share);
  CHECK(training_clock_share(gpu("nvidia-h100-sxm5-80gb"), 1, a) == 1);
  CHECK(training_clock_share(gpu("nvidia-h100-pcie-80gb"), 8, a) == 1);
  CHECK(training_clock_share(gpu("nvidia-a100-sxm4-80gb"), 8, a) == 1);
  // Blackwell SXM boards hold theirs on one GPU too (measured there); GeForce and workstation
  // Blackwell cards take none.
  REQUIRE(a.blackwell_sxm_clock_share < 1);
  CHECK(training_clock_share(gpu("nvidia-b200-sxm-180gb"), 8, a) == a.blackwell_sxm_clock_share);
  CHECK(training_clock_share(gpu("nvidia-b200-gb200-186gb"), 1, a) == a.blackwell_sxm_clock_share);
  CHECK(training_clock_share(gpu("nvidia-rtx-5090-fe"), 2, a) == 1);
  CHECK(training_clock_share(gpu("nvidia-rtx-pro-6000-blackwell-server"), 8, a) == 1);
  a.hopper_sxm_overlap_clock_share = 1;
  a.blackwell_sxm_clock_share = 1;
  CHECK(training_clock_share(gpu("nvidia-h100-sxm5-80gb"), 8, a) == 1);
  CHECK(training_clock_share(gpu("nvidia-b200-sxm-180gb"), 8, a) == 1);
}

TEST_CASE("clock share: a multi-GPU Hopper step's math runs at the share, its memory traffic does not") {
  PerfSystem s = system_of("nvidia-h100-sxm5-80gb", 8);
  Workload w = llama8b("bf16");
  w.dp = 8;
  PerfAssumptions off;
  off.hopper_sxm_overlap_clock_share = 1;
  StepBreakdown held = training_step(w, s);
  StepBreakdown full = training_step(w, s, off);
  REQUIRE(held.why_not.empty());
  REQUIRE(full.why_not.empty());
  CHECK(held.clock_share == PerfAssumptions{}.hopper_sxm_overlap_clock_share);
  CHECK(full.clock_share == 1);
  // Every FLOP of the math at the share of the clock: its time over the share (the GEMM size
  // factor does not depend on the clock).
  CHECK(held.compute_s == Approx(full.compute_s / held.clock_share).epsilon(1e-9));
  // Fused kernels stream at memory speed, which the SM clock does not set: the memory-bound part
  // (it holds the output layer's GEMM too, which does slow) grows by less than the share would.
  CHECK(held.memory_s < full.memory_s / held.clock_share * 0.99);
  CHECK(held.tokens_per_s < full.tokens_per_s);

  // One GPU: no collectives beside the math, the clocks its GEMMs hold alone.
  Workload one = llama8b("bf16");
  one.batch = 8;
  PerfSystem s1 = system_of("nvidia-h100-sxm5-80gb", 1);
  StepBreakdown alone = training_step(one, s1);
  REQUIRE(alone.why_not.empty());
  CHECK(alone.clock_share == 1);
  CHECK(alone.step_s == Approx(training_step(one, s1, off).step_s).epsilon(1e-12));
}

TEST_CASE("clock share: an FP8 step keeps its fitted figures, which hold the multi-GPU clocks") {
  PerfSystem s = system_of("nvidia-h100-sxm5-80gb", 8);
  Workload w = llama8b("fp8");
  w.dp = 8;
  PerfAssumptions off;
  off.hopper_sxm_overlap_clock_share = 1;
  StepBreakdown fp8 = training_step(w, s);
  REQUIRE(fp8.why_not.empty());
  CHECK(fp8.clock_share == 1);
  CHECK(fp8.step_s == Approx(training_step(w, s, off).step_s).epsilon(1e-12));
  // The same layout in BF16 takes the share: FP8 gains more over BF16 on a multi-GPU Hopper
  // step than at full clocks.
  Workload bf = llama8b("bf16");
  bf.dp = 8;
  double gain = training_step(bf, s).step_s / fp8.step_s;
  double gain_full = training_step(bf, s, off).step_s / training_step(w, s, off).step_s;
  CHECK(gain > gain_full);
}

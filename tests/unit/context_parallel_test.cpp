// Context parallelism (Workload::cp): each sequence split over cp GPUs that attend over the whole
// of it, its keys and values passed round a ring. Properties that must hold whatever the
// constants — the job's work and tokens unchanged, a cp-th of each sequence's activations on each
// GPU, the ring's transfers hidden behind attention on a fast link and exposed on a slow one,
// gradients reduced over dp x cp — and the layouts the frameworks refuse.
#include <catch2/catch.hpp>

#include <functional>
#include <nlohmann/json.hpp>

#include "builtin_gpu.hpp"
#include "input_issue.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/error.hpp"
#include "rigplan/framework.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/size_request.hpp"

using namespace rigplan;
using rigplan::test_parts::gpu;
using rigplan::test_parts::issue_of;

namespace {

// Llama 3 8B at 8192 tokens on one DGX H100 under Megatron-LM, as NVIDIA's recipes run it.
Workload llama8b_long() {
  Workload w;
  w.model = *find_model("llama-3-8b");
  w.framework = Framework::Megatron;
  w.seq = 8192;
  w.batch = 64;
  return w;
}

PerfSystem dgx_h100() { return perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 8, true)); }

double parts(const StepBreakdown& s) {
  return s.compute_s + s.memory_s + s.tp_comm_s + s.cp_comm_s + s.bubble_s + s.pp_comm_s + s.dp_exposed_s +
         s.zero3_exposed_s + s.offload_s;
}

}  // namespace

TEST_CASE("context parallelism: the job's tokens and FLOPs stay, each GPU runs a cp-th of each sequence") {
  PerfSystem s = dgx_h100();
  Workload w = llama8b_long();
  w.dp = 8;
  StepBreakdown whole = training_step(w, s);
  w.dp = 4, w.cp = 2;
  StepBreakdown split = training_step(w, s);
  REQUIRE(whole.why_not.empty());
  REQUIRE(split.why_not.empty());
  CHECK(split.tokens_per_step == Approx(whole.tokens_per_step));
  CHECK(split.model_flops == Approx(whole.model_flops));
  CHECK(split.step_s == Approx(parts(split)));
  // The same tokens per GPU, and the same attention FLOPs: the ring's kernels run on chunks of
  // 4096 keys, below the 8192-token kernel's share of peak, so attention takes a little longer.
  CHECK(split.compute_s > whole.compute_s);
  CHECK(split.compute_s < 1.1 * whole.compute_s);
  CHECK(split.memory_s == Approx(whole.memory_s).epsilon(0.02));
  // Eight GPUs still, their utilisation counted against all eight.
  CHECK(split.mfu == Approx(split.model_flops / (split.step_s * 8 * peak_flops(gpu("nvidia-h100-sxm5-80gb"), "bf16"))));
}

TEST_CASE("context parallelism: the key/value ring hides behind attention on NVLink and shows on a slow link") {
  PerfSystem fast = dgx_h100(), slow = fast, slower = fast;
  slow.intra.gb_s = 2;
  slower.intra.gb_s = 1;
  Workload w = llama8b_long();
  w.dp = 4, w.cp = 2;
  CHECK(training_step(w, fast).cp_comm_s == 0);
  StepBreakdown a = training_step(w, slow), b = training_step(w, slower);
  REQUIRE(a.cp_comm_s > 0);
  // Past the point where attention covers it, each transfer's extra time shows in full: the
  // chunk (K and V of 4096 tokens, 8 KV heads of 128, 2 bytes) once forward and twice backward,
  // cp - 1 = 1 transfer a pass, 32 layers, 16 micro-batches of one sequence.
  double chunk = 2.0 * 4096 * 8 * 128 * 2;
  double eff = PerfAssumptions{}.nvlink_efficiency;
  double extra = chunk / (1e9 * eff) - chunk / (2e9 * eff);
  CHECK(b.cp_comm_s - a.cp_comm_s == Approx(16 * 32 * 3 * extra).epsilon(1e-6));
  // A model with a key/value head for every query head sends four times the keys and values.
  Workload mha = w;
  mha.model.kv_heads = mha.model.heads;
  CHECK(training_step(mha, slower).cp_comm_s > 3 * b.cp_comm_s);
}

TEST_CASE("context parallelism: gradients are reduced over dp x cp, the ranks that hold the same weights") {
  PerfSystem s = dgx_h100();
  Workload w = llama8b_long();
  w.batch = 8;
  w.dp = 1, w.cp = 8;
  StepBreakdown r = training_step(w, s);
  REQUIRE(r.why_not.empty());
  CHECK(r.dp_comm_s > 0);
  Workload dp8 = llama8b_long();
  dp8.batch = 8;
  dp8.dp = 8;
  CHECK(r.dp_comm_s == Approx(training_step(dp8, s).dp_comm_s));
}

TEST_CASE("context parallelism: a cp-th of the activations per GPU; states sharded over dp x cp") {
  SizingAssumptions a;
  Workload w = llama8b_long();
  w.dp = 8;
  w.zero = 1;
  MemoryBreakdown whole = memory_per_gpu(w, a);
  w.dp = 4, w.cp = 2;
  MemoryBreakdown split = memory_per_gpu(w, a);
  CHECK(split.activations == Approx(whole.activations / 2));
  CHECK(split.optimizer == Approx(whole.optimizer));  // the distributed optimizer over 4 x 2 = 8 ranks
  CHECK(split.weights == Approx(whole.weights));
}

TEST_CASE("context parallelism: the layouts the frameworks refuse") {
  Workload w = llama8b_long();
  w.dp = 4, w.cp = 2;
  CHECK_FALSE(framework_layout_problem(w));
  w.framework = Framework::Fsdp;
  CHECK_FALSE(framework_layout_problem(w));
  for (Framework f : {Framework::Deepspeed, Framework::Hf}) {
    w.framework = f;
    auto p = framework_layout_problem(w);
    REQUIRE(p);
    CHECK(p->find("no context parallelism") != std::string::npos);
  }
  w.framework = Framework::Megatron;
  w.attention = Attention::Standard;
  REQUIRE(framework_layout_problem(w));
  CHECK(framework_layout_problem(w)->find("flash attention") != std::string::npos);
  w.attention = Attention::Flash;
  // Megatron-LM cuts each sequence into 2 x cp chunks: 8190 tokens are not a multiple of 4.
  w.seq = 8190;
  REQUIRE(framework_layout_problem(w));
  CHECK(framework_layout_problem(w)->find("2 x cp = 4 chunks") != std::string::npos);
  w.framework = Framework::Fsdp;  // an equal share per rank: 8190 = 2 x 4095
  CHECK_FALSE(framework_layout_problem(w));
  CHECK(training_step(w, dgx_h100()).why_not.empty());
}

TEST_CASE("context parallelism in a size request: the GPUs split as dp x tp x cp x pp; training only") {
  const Catalog& c = Catalog::builtin();
  using nlohmann::json;
  json base{{"model", "llama-3-8b"}, {"framework", "megatron"}, {"seq", 8192}, {"gpu", "nvidia-h100-sxm5-80gb"},
            {"count", 8}, {"cp", 2}};
  SizeRequest r = parse_size_request(base, c, "r.json");
  CHECK(r.workload.cp == 2);
  CHECK(r.workload.dp == 4);
  CHECK(r.workload.gpus() == 8);
  json odd = base;
  odd["count"] = 6;
  odd["tp"] = 2;
  CHECK(issue_of([&] { parse_size_request(odd, c, "r.json"); }) == "/count: 6 GPUs cannot be split into tp=2 x cp=2 x pp=1");
  json infer = base;
  infer["mode"] = "infer";
  CHECK(issue_of([&] { parse_size_request(infer, c, "r.json"); }) ==
        "/cp: context parallelism splits training sequences (mode train or lora)");
  json ds = base;
  ds["framework"] = "deepspeed";
  CHECK(issue_of([&] { parse_size_request(ds, c, "r.json"); }).find("/framework: DeepSpeed has no context parallelism") == 0);
}

TEST_CASE("context parallelism: the parallelism search keeps the workload's cp and splits the rest") {
  PerfSystem s = dgx_h100();
  Workload w = llama8b_long();
  w.cp = 2;
  SizingAssumptions sa;
  SearchOptions o;
  o.top = 5;
  SearchResult r = search_parallelism(w, 8, s, 80.0 * kGiB, sa, sa.perf, o);
  REQUIRE_FALSE(r.best.empty());
  for (const auto& cand : r.best) CHECK(cand.tp * cand.pp * cand.dp == 4);
  CHECK(search_parallelism(w, 7, s, 80.0 * kGiB, sa, sa.perf, o).best.empty());
}

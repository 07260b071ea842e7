// The pipeline split that counts the input embedding and the loss as a layer each
// (Workload::embedding_in_pipeline_split; Megatron-LM's --account-for-embedding-in-pipeline-split
// and --account-for-loss-in-pipeline-split): the layouts it makes runnable, the stage that sets
// the pipeline's pace, the frameworks and modes that take it, and the request key. Properties
// that hold whatever the constants.
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

// Llama 3.1 405B (126 layers) as NeMo's recipe lays it out on 512 H100s: TP8 PP8 CP2, interleave 8.
Workload llama405b() {
  Workload w;
  w.model = *find_model("llama-3.1-405b");
  w.framework = Framework::Megatron;
  w.seq = 8192;
  w.tp = 8, w.pp = 8, w.cp = 2, w.dp = 4, w.interleave = 8;
  w.sp = true;
  w.zero = 1;
  w.batch = 256;
  return w;
}

PerfSystem dgx_h100s(int count) { return perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), count, true)); }

}  // namespace

TEST_CASE("pipeline split: 126 layers plus the embedding and the loss fill PP8 x interleave 8; without them they do not") {
  Workload w = llama405b();
  REQUIRE(w.model.layers == 126);
  auto problem = framework_layout_problem(w);
  REQUIRE(problem);
  CHECK(problem->find("126 layers divisible") != std::string::npos);
  w.embedding_in_pipeline_split = true;
  CHECK(w.pipeline_slots() == 128);
  CHECK_FALSE(framework_layout_problem(w));
  StepBreakdown s = training_step(w, dgx_h100s(512));
  CHECK(s.why_not.empty());
  // Without stages there is nothing to split: the flag changes nothing.
  Workload flat = w;
  flat.pp = 1, flat.interleave = 1, flat.dp = 32;
  CHECK(flat.pipeline_slots() == 126);
  // FSDP's pipelining splits at any points and takes it; DeepSpeed's pipeline engine does not.
  w.framework = Framework::Fsdp;
  w.zero = 2;
  w.interleave = 1;
  CHECK_FALSE(framework_layout_problem(w));
  w.framework = Framework::Deepspeed;
  w.zero = 1;
  w.cp = 1, w.dp = 8;
  REQUIRE(framework_layout_problem(w));
  CHECK(framework_layout_problem(w)->find("Megatron-LM and FSDP only") != std::string::npos);
}

TEST_CASE("pipeline split: the pace-setting stage is a full middle stage or the last one with the logits, whichever is slower") {
  // 30 layers over 4 stages with the embedding and the loss counted: 32 slots, 8 a stage, the
  // last stage 7 layers and the logits. Against 32 layers split plainly (8 a stage, the logits
  // on the last), the pace-setting stage runs the same 8 layers or 7 of them.
  auto model = [](int layers) {
    Workload w;
    w.model = custom_model(0, layers, 4096, 32, 8, 14336, 128256);
    w.framework = Framework::Megatron;
    w.seq = 4096;
    w.pp = 4, w.dp = 2, w.batch = 16;
    return w;
  };
  PerfSystem s = dgx_h100s(8);
  Workload counted_w = model(30);
  REQUIRE(framework_layout_problem(counted_w));  // 30 layers do not divide into 4 stages
  counted_w.embedding_in_pipeline_split = true;
  StepBreakdown counted = training_step(counted_w, s);
  StepBreakdown plain = training_step(model(32), s);
  REQUIRE(counted.why_not.empty());
  REQUIRE(plain.why_not.empty());
  CHECK(counted.tokens_per_step == plain.tokens_per_step);
  bool middle = counted.compute_s == Approx(plain.compute_s).epsilon(1e-12);
  bool last = counted.compute_s == Approx(plain.compute_s * 7 / 8).epsilon(1e-12);
  CHECK((middle || last));
  CHECK(counted.step_s < plain.step_s);
  // Two stages have no middle one: the last stage, a layer fewer beside the logits, sets the pace.
  Workload two = model(30);
  two.pp = 2, two.dp = 4;
  two.embedding_in_pipeline_split = true;
  StepBreakdown two_counted = training_step(two, s);
  StepBreakdown two_plain = training_step([&] { Workload p = model(30); p.pp = 2; p.dp = 4; return p; }(), s);
  REQUIRE(two_counted.why_not.empty());
  CHECK(two_counted.compute_s == Approx(two_plain.compute_s).epsilon(1e-12));  // 15 layers either way
}

TEST_CASE("pipeline split: the search keeps the workload's split and the layouts it makes runnable") {
  Workload w = llama405b();
  w.embedding_in_pipeline_split = true;
  SizingAssumptions sa;
  SearchOptions o;
  o.top = 20;
  SearchResult counted = search_parallelism(w, 512, dgx_h100s(512), 80.0 * kGiB, sa, sa.perf, o);
  w.embedding_in_pipeline_split = false;
  SearchResult plain = search_parallelism(w, 512, dgx_h100s(512), 80.0 * kGiB, sa, sa.perf, o);
  REQUIRE_FALSE(counted.best.empty());
  // More stage counts and interleaving depths divide 128 slots than 126 layers.
  CHECK(counted.evaluated > plain.evaluated);
  for (const auto& c : counted.best) CHECK((c.pp > 1 ? 128 : 126) % (c.pp * c.interleave) == 0);
  for (const auto& c : plain.best) CHECK(126 % (c.pp * c.interleave) == 0);
}

TEST_CASE("pipeline split: the request key, refused for inference and in a plan's workload") {
  const Catalog& c = Catalog::builtin();
  nlohmann::json j = {{"model", "llama-3.1-405b"}, {"framework", "megatron"}, {"gpu", "nvidia-h100-sxm5-80gb"},
                      {"count", 512}, {"tp", 8}, {"pp", 8}, {"cp", 2}, {"interleave", 8}, {"seq", 8192},
                      {"batch", 256}, {"zero", 1}, {"sp", true}, {"embedding_in_pipeline_split", true}};
  SizeRequest r = parse_size_request(j, c, "req.json");
  CHECK(r.workload.embedding_in_pipeline_split);
  CHECK(r.workload.pipeline_slots() == 128);
  nlohmann::json infer = {{"model", "llama-3-8b"}, {"mode", "infer"}, {"embedding_in_pipeline_split", true}};
  CHECK(issue_of([&] { parse_size_request(infer, c, "req.json"); }) ==
        "/embedding_in_pipeline_split: the pipeline split counts layers of a training step (mode train or lora)");
}

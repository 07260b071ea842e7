// The planner's memory savers (src/planner/fit.hpp): a workload that needs recomputation, ZeRO,
// offload, a 4-bit base or model parallelism to fit is planned on the cheaper cards those savers
// make enough, with the saver named; TP and PP degrees divide the heads, KV heads and layers; a
// saver the request fixes is used exactly; offloaded states get the system memory they need.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "planner/fit.hpp"
#include "builtin_gpu.hpp"
#include "plan_fixture.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/plan_output.hpp"
#include "rigplan/sizing.hpp"

using namespace rigplan;
using namespace rigplan::plan_fixture;
using rigplan::test_parts::gpu;
using nlohmann::json;

namespace {

json lora70(json extra = json::object()) {
  json w{{"model", "llama-3-70b"}, {"mode", "lora"}, {"tokens", 1e8}};
  for (auto& [k, v] : extra.items()) w[k] = v;
  return w;
}

bool tp_divides(const ModelSpec& m, int tp) {
  return m.heads % tp == 0 && (m.kv_heads % tp == 0 || tp % m.kv_heads == 0);
}

}  // namespace

TEST_CASE("LoRA on Llama 3 70B fits cards far cheaper than H100s once the savers are used, and says which") {
  // Issue 27: without savers only 4x H100 NVL (about $142k) fitted. 4x RTX A6000 fit with full
  // recomputation and ZeRO-3 (`rigplan size --recompute full`), one A6000 with a 4-bit base.
  PlanResult res = plan(req({{"gpus", "1..4"}, {"gpu", {"nvidia-rtx-a6000", "nvidia-h100-nvl-94gb"}}, {"top", 20},
                             {"workload", lora70()}}),
                        cat());
  REQUIRE_FALSE(res.builds.empty());
  const PlannedBuild* a6000 = nullptr;
  for (const auto& b : res.builds) {
    INFO(b.build.name << ": " << b.metrics.saver.label());
    CHECK(b.metrics.memory_per_gpu_gib <= b.build.gpus.front().part->memory_gib);
    if (!a6000 && b.metrics.gpu == "nvidia-rtx-a6000") a6000 = &b;
  }
  REQUIRE(a6000 != nullptr);
  INFO(a6000->build.name << " " << a6000->metrics.saver.label());
  CHECK(a6000->metrics.cost_usd < 142000.0 / 2);
  CHECK(a6000->metrics.saver.label() != "none");  // 70B at 16 bits is 131 GiB: no A6000 holds it alone
  // One card fits only with the 4-bit base (QLoRA); the plan names it.
  bool one_card = false;
  for (const auto& b : res.builds)
    if (b.metrics.gpus == 1 && b.metrics.gpu == "nvidia-rtx-a6000") {
      one_card = true;
      CHECK(b.metrics.saver.lora_base == LoraBase::Int4);
      CHECK(b.metrics.saver.label().find("int4 base") != std::string::npos);
    }
  CHECK(one_card);
  // The text and JSON say it too.
  std::string text = plan_text(res, req({{"workload", lora70()}}), false);
  CHECK(text.find("SAVER") != std::string::npos);
  auto j = plan_json(res, req({{"workload", lora70()}}));
  const auto& ms = j["builds"][0]["metrics"]["memory_saver"];
  for (const char* k : {"zero", "recompute", "offload", "lora_base", "tp", "pp", "dp", "label"}) CHECK(ms.contains(k));
}

TEST_CASE("a 16-bit base is kept whenever one fits; the 4-bit base is the last resort") {
  auto two = planner::fit_workload(req({{"workload", lora70()}}), gpu("nvidia-h100-nvl-94gb"), 2);
  REQUIRE(two);
  REQUIRE(two->fits);
  CHECK(two->w.lora_base == LoraBase::Bf16);
  auto one = planner::fit_workload(req({{"workload", lora70()}}), gpu("nvidia-rtx-a6000"), 1);
  REQUIRE(one);
  REQUIRE(one->fits);
  CHECK(one->w.lora_base == LoraBase::Int4);
  // Fixed to bf16, one A6000 cannot hold it and the reason names the least it needs.
  auto fixed = planner::fit_workload(req({{"workload", lora70({{"lora_base", "bf16"}})}}), gpu("nvidia-rtx-a6000"), 1);
  REQUIRE(fixed);
  CHECK_FALSE(fixed->fits);
  CHECK(fixed->why.find("GiB per GPU even with") != std::string::npos);
}

TEST_CASE("no plan ranks a tensor-parallel degree that does not divide the heads and KV heads") {
  // Llama 3 70B: 64 heads, 8 KV heads, 80 layers. Three cards cannot split it by TP (3 divides
  // neither) nor by PP (3 does not divide 80): at 16 bits (131 GiB) three H100s are refused with
  // the reason; at int4 (33 GiB) each card serves a whole copy.
  json w{{"model", "llama-3-70b"}, {"mode", "infer"}};
  auto three = planner::fit_workload(req({{"workload", w}}), gpu("nvidia-h100-pcie-80gb"), 3);
  REQUIRE(three);
  CHECK_FALSE(three->fits);
  CHECK(three->why.find("GiB per GPU") != std::string::npos);
  CHECK(three->why.find("TP 3 does not divide the 64 attention heads and 8 KV heads") != std::string::npos);
  CHECK(three->why.find("PP 3 does not divide the 80 layers") != std::string::npos);
  json w4 = w;
  w4["precision"] = "int4";
  auto three4 = planner::fit_workload(req({{"workload", w4}}), gpu("nvidia-h100-pcie-80gb"), 3);
  REQUIRE(three4);
  REQUIRE(three4->fits);
  CHECK(three4->w.tp == 1);
  CHECK(three4->w.pp == 1);
  CHECK(three4->w.dp == 3);
  // A fixed TP of 3 is refused with the rule it breaks.
  json w3 = w;
  w3["tp"] = 3;
  auto fixed = planner::fit_workload(req({{"workload", w3}}), gpu("nvidia-h100-pcie-80gb"), 3);
  REQUIRE(fixed);
  CHECK_FALSE(fixed->fits);
  CHECK(fixed->why.find("TP 3 does not divide the 64 attention heads and 8 KV heads") != std::string::npos);

  PlanResult res = plan(req({{"gpus", "1..8"}, {"gpu", {"nvidia-h100-pcie-80gb", "nvidia-rtx-a6000"}}, {"objective", "time"},
                             {"top", 40}, {"workload", w}}),
                        cat());
  REQUIRE_FALSE(res.builds.empty());
  for (const auto& b : res.builds) {
    INFO(b.build.name << ": " << b.metrics.saver.label());
    const ModelSpec& m = *find_model("llama-3-70b");
    CHECK(tp_divides(m, b.metrics.saver.tp));
    CHECK(m.layers % b.metrics.saver.pp == 0);
    CHECK(b.metrics.saver.tp * b.metrics.saver.pp * b.metrics.saver.dp == b.metrics.gpus);
  }
}

TEST_CASE("a saver the request fixes is used exactly") {
  for (const char* rc : {"none", "full"}) {
    INFO(rc);
    PlanResult res = plan(req({{"gpus", "2..4"}, {"gpu", {"nvidia-rtx-a6000", "nvidia-h100-nvl-94gb"}}, {"top", 10},
                               {"workload", lora70({{"recompute", rc}})}}),
                          cat());
    REQUIRE_FALSE(res.builds.empty());
    for (const auto& b : res.builds) CHECK(word_of(b.metrics.saver.recompute) == rc);
  }
  // ZeRO and the base fixed together: every build runs exactly them.
  PlanResult z = plan(req({{"gpus", "1..4"}, {"gpu", "nvidia-rtx-a6000"}, {"top", 10},
                           {"workload", lora70({{"zero", 0}, {"lora_base", "int4"}})}}),
                      cat());
  REQUIRE_FALSE(z.builds.empty());
  for (const auto& b : z.builds) {
    CHECK(b.metrics.saver.zero == 0);
    CHECK(b.metrics.saver.lora_base == LoraBase::Int4);
  }
}

TEST_CASE("offloaded states get system memory of their size, and a board too small for them is refused") {
  // Full training of Llama 3 8B on RTX 4090s: 16 bytes per parameter (128 GB of states) do not fit
  // 24 GiB cards without moving the optimizer (or the parameters) to host memory.
  json w{{"model", "llama-3-8b"}, {"mode", "train"}, {"tokens", 1e8}};
  auto fit = planner::fit_workload(req({{"workload", w}}), gpu("nvidia-rtx-4090-fe"), 2);
  REQUIRE(fit);
  REQUIRE(fit->fits);
  CHECK(fit->w.offload != Offload::None);
  CHECK(fit->host_bytes > 100 * kGiB);
  // The 4090 is discontinued: --market any keeps it in the plan.
  PlanResult res = plan(req({{"gpus", 2}, {"gpu", "nvidia-rtx-4090-fe"}, {"market", "any"}, {"top", 10}, {"workload", w}}), cat());
  REQUIRE_FALSE(res.builds.empty());
  for (const auto& b : res.builds) {
    INFO(b.build.name << ": " << b.metrics.saver.label());
    CHECK(b.metrics.saver.offload != Offload::None);
    CHECK(b.metrics.ram_gib * kGiB >= fit->host_bytes);
  }
  // What the planner's board must hold, checked against a build with less.
  Build small;
  small.memory = {};
  CHECK(planner::host_memory_short(&*fit, small));
  CHECK_FALSE(planner::host_memory_short(nullptr, small));
  // Fixing offload to none leaves 2 x 4090 without a setting that fits.
  w["offload"] = "none";
  auto none = planner::fit_workload(req({{"workload", w}}), gpu("nvidia-rtx-4090-fe"), 2);
  REQUIRE(none);
  CHECK_FALSE(none->fits);
}

TEST_CASE("with a deadline the fastest fitting setting is the one measured") {
  // The fit is the fastest setting it predicts; a deadline the fastest build misses still empties the plan.
  PlanResult fast = plan(req({{"gpus", "4"}, {"gpu", "nvidia-rtx-a6000"}, {"objective", "time"}, {"workload", lora70()}}), cat());
  REQUIRE_FALSE(fast.builds.empty());
  double best = fast.builds.front().metrics.seconds;
  PlanResult slow_fixed = plan(req({{"gpus", "4"}, {"gpu", "nvidia-rtx-a6000"}, {"workload", lora70({{"recompute", "full"}, {"zero", 3}, {"lora_base", "bf16"}})}}), cat());
  if (!slow_fixed.builds.empty()) CHECK(slow_fixed.builds.front().metrics.seconds >= best * (1 - planner::kSaverTieShare));
  PlanResult late = plan(req({{"gpus", "4"}, {"gpu", "nvidia-rtx-a6000"}, {"deadline_hours", best / 3600 / 2}, {"workload", lora70()}}), cat());
  CHECK(late.builds.empty());
  PlanResult met = plan(req({{"gpus", "4"}, {"gpu", "nvidia-rtx-a6000"}, {"deadline_hours", best / 3600 * 1.5}, {"workload", lora70()}}), cat());
  CHECK_FALSE(met.builds.empty());
}

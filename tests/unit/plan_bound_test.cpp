// The planner's branch-and-bound (src/planner/bound.hpp) never hides a build: on requests small
// enough to search exhaustively, the pruned search returns exactly the exhaustive search's top
// builds, for every objective, with and without a workload and a budget; and it skips work.
// Also what the ranking must account for: the software stack (an Intel Arc card trains on one
// card only; ROCm on RDNA and XPU are workarounds that carry a warning), the reference index
// (0 for a build that fits none of the reference workloads), 8-GPU plans (GPU servers, open
// frames on risers) and the comparison of the top two builds.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "plan_fixture.hpp"
#include "test_scale.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/plan_output.hpp"
#include "rigplan/rules.hpp"

using namespace rigplan;
using namespace rigplan::plan_fixture;
using nlohmann::json;

namespace {

// The answer without run-to-run or work figures.
json answer(const PlanResult& res, const PlanRequest& r) {
  json j = plan_json(res, r);
  j.erase("stats");
  j.erase("rejected");  // counts differ: the pruned search rejects fewer configurations it never ran
  return j;
}

}  // namespace

TEST_CASE("the pruned search returns exactly the exhaustive search's top builds") {
  // The first two are the cheapest to search exhaustively (5 and 8 s of the suite's 100 s at -O2):
  // the sanitizer pass runs those two only.
  std::vector<json> requests = {
      {{"gpus", "1..2"}, {"family", "ampere"}, {"top", 6}},
      {{"gpus", "2"}, {"objective", "cost"}, {"top", 5}},
      {{"gpus", "1..2"}, {"outlet", "us-120v-15a"}, {"top", 4}},
      {{"gpus", "1..3"}, {"objective", "time"}, {"top", 3}},
      {{"gpus", "1..2"}, {"objective", "perf-per-watt"}, {"top", 3}, {"outlet", "eu-230v-16a"}},
      {{"gpus", "1..2"}, {"budget_usd", 6000}, {"top", 3}},
      {{"gpus", "1..2"}, {"workload", {{"model", "llama-3-8b"}, {"mode", "lora"}, {"tokens", 1e8}}}, {"top", 3}},
  };
  test_scale::keep_first_when_sanitized(requests, 2);
  for (const auto& j : requests) {
    INFO(j.dump());
    PlanRequest pruned = req(j);
    PlanRequest full = pruned;
    full.exhaustive = true;
    PlanResult a = plan(pruned, cat()), b = plan(full, cat());
    CHECK(answer(a, pruned).dump() == answer(b, full).dump());
    CHECK(a.stats.evaluated <= b.stats.evaluated);
    CHECK(b.stats.bounded == 0);
  }
  // And it skips work on the whole catalog.
  PlanRequest r = req({{"gpus", "1..4"}, {"outlet", "us-120v-15a"}});
  PlanResult res = plan(r, cat());
  CHECK(res.stats.bounded > 0);
}

TEST_CASE("the software stack: Arc trains on one card, workarounds carry a warning, unsupported never ranks") {
  // Two Arc B580s cannot train together (PyTorch's XCCL is for Data Center GPU Max only).
  PlanResult two = plan(req({{"gpus", 2}, {"gpu", "intel-arc-b580-limited-edition"},
                             {"workload", {{"model", "gpt-2-124m"}, {"mode", "train"}, {"tokens", 1e8}}}}),
                        cat());
  CHECK(two.builds.empty());
  REQUIRE(two.rejected.count("STACK"));
  CHECK(two.rejected.at("STACK").example.find("collective backend") != std::string::npos);
  // One trains, as a workaround: the stack is named and counted as a warning.
  PlanResult one = plan(req({{"gpus", 1}, {"gpu", "intel-arc-b580-limited-edition"},
                             {"workload", {{"model", "gpt-2-124m"}, {"mode", "train"}, {"tokens", 1e8}}}}),
                        cat());
  REQUIRE_FALSE(one.builds.empty());
  CHECK(one.builds.front().metrics.stack == "XPU");
  CHECK(one.builds.front().metrics.stack_support == "workaround");
  // ROCm on RDNA3: its factor lowers the speed the score uses.
  json w = {{"model", "llama-3-8b"}, {"mode", "infer"}, {"precision", "int4"}};
  PlanRequest rr = req({{"gpus", 1}, {"gpu", "amd-radeon-rx-7900-xtx"}, {"workload", w}});
  PlanResult a = plan(rr, cat());
  rr.tuning.rocm_rdna_factor = 0.5;
  PlanResult b = plan(rr, cat());
  REQUIRE_FALSE(a.builds.empty());
  REQUIRE_FALSE(b.builds.empty());
  CHECK(a.builds.front().metrics.stack == "ROCm");
  CHECK(b.builds.front().metrics.tokens_per_s == Approx(a.builds.front().metrics.tokens_per_s * 0.5 / 0.84));
}

TEST_CASE("the reference index: one H100 PCIe is 1, a card that fits none of the reference workloads is 0") {
  PlanResult h = plan(req({{"gpus", 1}, {"gpu", "nvidia-h100-pcie-80gb"}, {"top", 1}}), cat());
  REQUIRE_FALSE(h.builds.empty());
  // The build's power limit or link may lower it, never raise it.
  CHECK(h.builds.front().metrics.reference_index <= 1.0 + 1e-9);
  CHECK(h.builds.front().metrics.reference_index > 0.9);
  PlanResult arc = plan(req({{"gpus", 1}, {"gpu", "intel-arc-b580-limited-edition"}, {"top", 1}}), cat());
  REQUIRE_FALSE(arc.builds.empty());
  for (const auto& [id, t] : arc.builds.front().metrics.reference_workloads)
    if (id == "serve-llama-3-70b-int4") CHECK(t == 0);  // 12 GB cannot hold 35 GB of weights
}

TEST_CASE("8 GPUs: the planner builds GPU servers and open frames on risers that pass check") {
  PlanResult res = plan(req({{"gpus", 8}, {"gpu", "nvidia-rtx-5090-fe"}, {"outlet", "us-240v-30a"}, {"top", 3}, {"objective", "time"}}), cat());
  REQUIRE_FALSE(res.builds.empty());
  bool server = false, frame = false;
  for (const auto& b : res.builds) {
    INFO(b.build.name);
    CHECK(b.metrics.gpus == 8);
    CHECK(check_build(b.build).count(Severity::Error) == 0);
    server |= b.build.barebone != nullptr;
    frame |= b.build.chassis && b.build.chassis->airflow == "open_frame";
  }
  CHECK(server);
  CHECK(frame);
}

TEST_CASE("the comparison of the top two builds restates the ranking") {
  PlanRequest r = req({{"gpus", "1..2"}, {"outlet", "us-120v-15a"}, {"top", 3}});
  PlanResult res = plan(r, cat());
  REQUIRE(res.builds.size() >= 2);
  REQUIRE(res.comparison);
  CHECK(res.comparison->parts.front().name == "score");
  CHECK(res.comparison->parts.front().top == res.builds[0].score);
  CHECK(res.comparison->parts.front().runner_up == res.builds[1].score);
  CHECK_FALSE(res.comparison->flip.empty());
}

namespace {

// The built-in catalog with renamed copies of some parts (references among the copies renamed too,
// as a bridge's card list): twins of their originals in everything the rules read.
Catalog with_copies(const std::vector<std::string>& ids) {
  json parts = json::array();
  for (const auto& id : ids) {
    json p = cat().raw(id);
    p["id"] = id + "-copy";
    p["name"] = p["name"].get<std::string>() + " (copy)";
    if (p.contains("gpus") && p["kind"] == "nvlink_bridge")
      for (auto& g : p["gpus"])
        if (std::find(ids.begin(), ids.end(), g.get<std::string>()) != ids.end()) g = g.get<std::string>() + "-copy";
    parts.push_back(p);
  }
  Catalog c = cat();
  c.add_layer(json{{"schema_version", 1}, {"parts", parts}}.dump(), "copies.json");
  return c;
}

}  // namespace

TEST_CASE("twin parts are searched once and listed as the exhaustive search lists them") {
  // Cards with and without a bridge, a board of each class, a PSU and a CPU.
  std::vector<std::string> ids = {"nvidia-rtx-5090-fe",        "nvidia-rtx-3090-fe", "nvidia-nvlink-bridge-3090-3slot",
                                  "asus-proart-x670e-creator", "amd-ryzen-5-7600x",  "seasonic-prime-px-1600-atx30"};
  for (const auto& id : ids) REQUIRE(cat().raw(id).is_object());
  Catalog c = with_copies(ids);
  // The first, on two cards only, is the cheapest: the sanitizer pass runs it alone.
  std::vector<json> requests = {
      {{"gpus", "2"}, {"objective", "time"}, {"top", 4}, {"gpu", {"nvidia-rtx-3090-fe", "nvidia-rtx-3090-fe-copy"}}},
      {{"gpus", "1..2"}, {"outlet", "us-120v-15a"}, {"top", 6}},
      {{"gpus", "1..2"}, {"objective", "cost"}, {"top", 5}},
  };
  test_scale::keep_first_when_sanitized(requests, 1);
  for (const auto& j : requests) {
    INFO(j.dump());
    PlanRequest pruned = parse_plan_request(j, c, "req.json");
    PlanRequest full = pruned;
    full.exhaustive = true;
    PlanResult a = plan(pruned, c), b = plan(full, c);
    CHECK(answer(a, pruned).dump() == answer(b, full).dump());
    CHECK(a.stats.evaluated < b.stats.evaluated);
  }
  // A copy of the leading card ranks beside it, with its own id in the build.
  PlanRequest r = parse_plan_request(json{{"gpus", "2"}, {"gpu", {"nvidia-rtx-5090-fe", "nvidia-rtx-5090-fe-copy"}}, {"top", 2}}, c, "r");
  PlanResult res = plan(r, c);
  REQUIRE(res.builds.size() == 2);
  CHECK(res.builds[0].score == res.builds[1].score);
  CHECK(res.builds[1].metrics.gpu == "nvidia-rtx-5090-fe-copy");
  CHECK(res.builds[1].build.name.find("(copy)") != std::string::npos);
}

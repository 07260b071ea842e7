// The request-key table (include/rigplan/request_keys.hpp) is what the parsers read: SizeKey
// follows it, each size key's range and words are what the parser and the schema both accept
// and refuse at the edges, the planner's workload lacks exactly the keys it chooses, and request
// files are held to their schemas with located errors (plan files, sweep bases).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <nlohmann/json.hpp>

#include "plan_fixture.hpp"
#include "util/embedded_schema.hpp"
#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/sweep.hpp"

using namespace rigplan;
using rigplan::plan_fixture::cat;
using nlohmann::json;

namespace {


// A file under the temporary directory, removed when the test ends.
struct TempFile {
  std::filesystem::path path;
  TempFile(const std::string& name, const std::string& text)
      : path(std::filesystem::temp_directory_path() / ("rigplan-reqkeys-" + name)) {
    std::ofstream(path) << text;
  }
  ~TempFile() { std::filesystem::remove(path); }
};

InputIssue first_issue(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.issues().front();
  }
  return InputIssue{"", "", 0, 0, "accepted"};
}

}  // namespace

TEST_CASE("SizeKey follows the size keys of the table, in order") {
  const char* names[] = {"model", "params", "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "linear_bias",
                         "mode",
                         "precision", "optimizer", "lora_rank", "lora_base", "dp", "tp", "pp", "zero", "offload",
                         "sp", "recompute", "attention", "micro_batch", "seq", "batch", "context", "tokens", "mfu",
                         "gpu", "count", "p2p", "accounting", "interleave", "prompt", "framework",
                         "weight_format", "packed_length", "autocast", "kernels", "system", "cp",
                         "embedding_in_pipeline_split"};
  REQUIRE(std::size(names) == kSizeKeys);
  REQUIRE(request_keys(kSizeRequest).size() == kSizeKeys);
  for (std::size_t i = 0; i < kSizeKeys; ++i) {
    INFO(names[i]);
    CHECK(request_keys(kSizeRequest)[i]->name == names[i]);
    CHECK(size_key(names[i]) == static_cast<SizeKey>(i));
  }
}

TEST_CASE("the size parser and the size schema accept and refuse the same values at each key's edges") {
  const JsonSchema& schema = embedded_schema("size.schema.json");
  for (std::size_t i = 0; i < kSizeKeys; ++i) {
    const RequestKey& k = *request_keys(kSizeRequest)[i];
    INFO(k.name);
    const json* node = schema.node_at("/" + std::string(k.name));
    REQUIRE(node != nullptr);
    std::vector<std::pair<json, bool>> cases;  // value, accepted
    if (k.type == KeyType::Integer || k.type == KeyType::Number) {
      auto n = [](double v) { return std::floor(v) == v ? json(static_cast<long long>(v)) : json(v); };  // 1, not 1.0
      cases = {{n(k.lo), true}, {n(k.hi), true}, {n(k.lo - 1), false}, {n(k.hi * 2 + 1), false}, {"1", false}};
      if (k.type == KeyType::Integer) cases.push_back({k.lo + 0.5, false});
    } else if (k.type == KeyType::Word) {
      for (auto w : k.words) cases.push_back({std::string(w), true});
      cases.push_back({"none-of-these", false});
      cases.push_back({1, false});
    } else if (k.type == KeyType::Flag) {
      cases = {{true, true}, {false, true}, {"yes", false}};
    }
    for (const auto& [v, ok] : cases) {
      INFO(v.dump());
      bool parsed = true;
      try {
        read_size_value(static_cast<SizeKey>(i), v, cat(), "req.json");
      } catch (const InputError&) {
        parsed = false;
      }
      CHECK(parsed == ok);
      CHECK(schema.accepts(*node, v) == ok);
    }
  }
}

TEST_CASE("one rule splits GPUs into data parallelism, and one list says what trains") {
  CHECK(data_parallel_degree(8, 2, 2) == 2);
  CHECK(data_parallel_degree(8, 8, 1) == 1);
  CHECK_FALSE(data_parallel_degree(3, 2, 1));
  auto issue = first_issue([] { parse_size_request(json{{"model", "llama-3-8b"}, {"precision", "int4"}}, cat(), "r.json"); });
  CHECK(issue.pointer == "/precision");
  CHECK(issue.message == "int4 is for inference; train in fp32, bf16, fp16 or fp8");
  issue = first_issue([] {
    parse_size_request(json{{"model", "llama-3-8b"}, {"gpu", "nvidia-rtx-4090-fe"}, {"count", 3}, {"tp", 2}}, cat(), "r.json");
  });
  CHECK(issue.message == "3 GPUs cannot be split into tp=2 x pp=1");
}

TEST_CASE("a plan's workload takes the size keys less those the planner chooses") {
  std::vector<std::string> chosen, taken = request_key_names(kPlanWorkload);
  for (const RequestKey* k : request_keys(kSizeRequest))
    if (std::find(taken.begin(), taken.end(), k->name) == taken.end()) chosen.emplace_back(k->name);
  CHECK(chosen == std::vector<std::string>{"dp", "gpu", "count", "p2p", "system", "cp", "embedding_in_pipeline_split"});
  for (const auto& name : chosen) {
    auto issue = first_issue([&] { parse_plan_request(json{{"workload", {{"model", "llama-3-8b"}, {name, 1}}}}, cat(), "p.json"); });
    CHECK(issue.pointer == "/workload/" + name);
    // Context parallelism and the embedding-counting pipeline split are not the planner's choice:
    // plans run without them.
    CHECK(issue.message.find(name == "cp"                            ? "without context parallelism"
                             : name == "embedding_in_pipeline_split" ? "without pipeline stages"
                                                                     : "is chosen by the planner") != std::string::npos);
  }
}

TEST_CASE("a plan's workload takes auto for the memory savers the planner picks, and fixes the others") {
  // The plan declares its own words for these keys: the size words plus auto (nvme offload is
  // not planned: the planner does not size the drive for it).
  for (const char* name : {"recompute", "offload", "lora_base"}) {
    INFO(name);
    const RequestKey& plan = request_key(kPlanWorkload, name);
    const RequestKey& size = request_key(kSizeRequest, name);
    CHECK(plan.def == "auto");
    CHECK(std::find(plan.words.begin(), plan.words.end(), "auto") != plan.words.end());
    CHECK(std::find(size.words.begin(), size.words.end(), "auto") == size.words.end());
    PlanRequest r = parse_plan_request(json{{"workload", {{"model", "llama-3-8b"}, {"mode", "lora"}, {name, "auto"}}}}, cat(), "p.json");
    CHECK_FALSE(r.recompute_given);
    CHECK_FALSE(r.offload_given);
    CHECK_FALSE(r.lora_base_given);
    auto issue = first_issue([&] { parse_plan_request(json{{"workload", {{"model", "llama-3-8b"}, {name, "most"}}}}, cat(), "p.json"); });
    CHECK(issue.pointer == std::string("/workload/") + name);
    CHECK(issue.message.find("auto") != std::string::npos);
  }
  auto issue = first_issue([] { parse_plan_request(json{{"workload", {{"model", "llama-3-8b"}, {"offload", "nvme"}}}}, cat(), "p.json"); });
  CHECK(issue.pointer == "/workload/offload");
  PlanRequest r = parse_plan_request(
      json{{"workload", {{"model", "llama-3-8b"}, {"recompute", "full"}, {"offload", "optimizer"}, {"zero", 2}, {"tp", 2}}}}, cat(),
      "p.json");
  CHECK(r.recompute_given);
  CHECK(r.offload_given);
  CHECK(r.zero_given);
  CHECK(r.tp_given);
  CHECK_FALSE(r.pp_given);
  CHECK_FALSE(r.lora_base_given);
  CHECK(r.workload->recompute == Recompute::Full);
  CHECK(r.workload->offload == Offload::Optimizer);
  CHECK(r.workload->tp == 2);
}

TEST_CASE("a plan file is held to its schema after the parser, with line and column") {
  TempFile f("schema-number.json", "{\n  \"gpus\": 1,\n  \"$schema\": 5\n}\n");
  auto issue = first_issue([&] { load_plan_request(f.path.string(), cat(), json::object()); });
  CHECK(issue.file == f.path.string());
  CHECK(issue.pointer == "/$schema");
  CHECK(issue.line == 3);
  CHECK(issue.message.find("string") != std::string::npos);
  // The parser's own messages come first and stay as they were.
  TempFile typo("typo.json", "{\n  \"gpus\": 2,\n  \"objectiv\": \"cost\"\n}\n");
  issue = first_issue([&] { load_plan_request(typo.path.string(), cat(), json::object()); });
  CHECK(issue.to_string() == typo.path.string() + ":3:15: /objectiv: unknown key \"objectiv\" (did you mean \"objective\"?)");
}

TEST_CASE("a sweep's size and cluster base files: errors name the file, the pointer and the line") {
  TempFile base("size-base.json", "{\n  \"model\": \"llama-3-8b\",\n  \"zero\": 5\n}\n");
  std::string spec = json{{"schema_version", 1}, {"command", "size"}, {"base", base.path.string()}, {"set", {"tp=1..2"}}}.dump();
  SweepSpec s = parse_sweep_spec(spec, (std::filesystem::temp_directory_path() / "spec.json").string());
  auto issue = first_issue([&] { validate_sweep(s, cat()); });
  CHECK(issue.file == base.path.string());
  CHECK(issue.pointer == "/zero");
  CHECK(issue.line == 3);
  TempFile cl("cluster-base.json", "{\"node\": \"nvidia-dgx-h100\", \"nodes\": 2, \"model\": \"llama-3-8b\", \"precision\": \"int8\"}");
  spec = json{{"schema_version", 1}, {"command", "cluster"}, {"base", cl.path.string()}, {"set", {"rack_kw=20,40"}}}.dump();
  s = parse_sweep_spec(spec, (std::filesystem::temp_directory_path() / "spec.json").string());
  issue = first_issue([&] { validate_sweep(s, cat()); });
  CHECK(issue.pointer == "/precision");
  CHECK(issue.message == "\"int8\" is not one of: fp32, bf16, fp16, fp8");
  CHECK(issue.line == 1);
}

TEST_CASE("inference of a model known only by its parameter count is refused, not divided by zero heads") {
  auto issue = first_issue([] { parse_size_request(json{{"params", 7e9}, {"mode", "infer"}, {"context", 8192}}, cat(), "r.json"); });
  CHECK(issue.pointer == "/mode");
  CHECK(issue.message.find("KV cache") != std::string::npos);
  CHECK_NOTHROW(parse_size_request(json{{"params", 7e9}, {"mode", "train"}}, cat(), "r.json"));
  CHECK_NOTHROW(parse_size_request(json{{"model", "llama-3-8b"}, {"mode", "infer"}}, cat(), "r.json"));
}

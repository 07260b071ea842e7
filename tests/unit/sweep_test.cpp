// Sweeps: the compiled path (typed axes, metrics read from the field tables) writes exactly the
// bytes the general path (a JSON input and a whole document per point) writes, for valid points,
// invalid points, both formats, zipped axes, shards and any number of threads.
#include <catch2/catch.hpp>

#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "rigplan/size_output.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/sweep.hpp"
#include "sweep/compiled.hpp"
#include "util/json_text.hpp"

using namespace rigplan;

namespace {

std::string output(SweepSpec s, const std::string& format, int threads, bool general) {
  s.general_only = general;
  std::string out;
  run_sweep(s, Catalog::builtin(), format, threads, [&](const std::string& chunk) { out += chunk; });
  return out;
}

SweepSpec check_spec() {
  SweepSpec s;
  s.command = "check";
  s.base_file = std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/seed-two-3090.json";
  s.base = parse_json(read_input_file(s.base_file), s.base_file);
  return s;
}

SweepSpec size_spec(const char* base) {
  SweepSpec s;
  s.command = "size";
  s.base_file = "request.json";
  s.base = nlohmann::json::parse(base);
  return s;
}

// Both paths, both formats, 1 and 3 threads: one set of bytes. The compiled path must be taken.
void same_bytes(const SweepSpec& s) {
  const Catalog& c = Catalog::builtin();
  bool compiled = s.command == "size" ? sweep::compile_size(s, c) != nullptr : sweep::compile_check(s, c) != nullptr;
  REQUIRE(compiled);
  // No validate_sweep: it refuses a value invalid on its own, and these specs hold some on purpose
  // so that error rows are compared too.
  for (const char* format : {"csv", "jsonl"}) {
    std::string general = output(s, format, 1, true);
    CHECK(output(s, format, 1, false) == general);
    CHECK(output(s, format, 3, false) == general);
  }
}

}  // namespace

TEST_CASE("compiled check sweeps write the general path's bytes, error rows included") {
  SweepSpec s = check_spec();
  s.axes.push_back(parse_axis("gpus[0].power_limit_w=90..460:37"));  // both ends outside the schema's bounds
  s.axes.push_back(parse_axis("outlet=us-120v-15a,eu-230v-16a,no-such-outlet"));
  s.axes.push_back(parse_axis("psu=corsair-hx1050,corsair-ax1600i,nvidia-rtx-3090-fe"));  // a GPU is not a PSU
  s.axes.push_back(parse_axis("gpus[0].count=1..3"));
  s.metrics = {"verdict", "codes", "ok", "errors", "warnings", "power.sustained_w", "power.transient_w", "power.efficiency",
               "power.wall_w", "power.outlet_w", "name"};
  same_bytes(s);
}

TEST_CASE("compiled check sweeps cover parts, counts and entries of lists") {
  SweepSpec s = check_spec();
  s.axes.push_back(parse_axis("memory[0].count=1..5"));
  s.axes.push_back(parse_axis("cpu=amd-ryzen-9-7950x,amd-ryzen-9-7900,amd-epyc-9654"));  // EPYC: wrong socket
  s.axes.push_back(parse_axis("nvlink_bridge=nvidia-nvlink-bridge-3090-3slot,nvidia-nvlink-bridge-3090-4slot"));
  s.metrics = {"codes", "errors"};
  same_bytes(s);
  SweepSpec z = check_spec();
  z.zip = true;
  z.axes.push_back(parse_axis("gpus[0].part=nvidia-rtx-3090-fe,nvidia-rtx-4090-fe,nvidia-a100-sxm4-80gb"));
  z.axes.push_back(parse_axis("psu_count=1..3"));
  z.metrics = {"verdict", "codes"};
  same_bytes(z);
}

TEST_CASE("check sweeps the compiled path does not cover still run, the general way") {
  SweepSpec s = check_spec();
  s.axes.push_back(parse_axis("gpus[0].count=1..2"));
  s.metrics = {"placement"};  // an array, not a scalar field
  CHECK(sweep::compile_check(s, Catalog::builtin()) == nullptr);
  s.metrics = {"verdict"};
  s.axes.push_back(parse_axis("software.driver=550.54.14,535.54.03"));
  CHECK(sweep::compile_check(s, Catalog::builtin()) == nullptr);
  CHECK(output(s, "csv", 2, false) == output(s, "csv", 1, true));
}

TEST_CASE("compiled size sweeps write the general path's bytes, error rows and absent fields included") {
  SweepSpec s = size_spec(R"({"model": "llama-3-8b", "gpu": "nvidia-h100-sxm5-80gb", "count": 8, "tokens": 1e11})");
  s.axes.push_back(parse_axis("tp=1..3"));           // tp 3 does not divide 8 GPUs: an error row
  s.axes.push_back(parse_axis("mode=train,lora,infer"));
  s.axes.push_back(parse_axis("precision=bf16,int8"));  // int8 training is refused
  s.axes.push_back(parse_axis("model=llama-2-7b,mistral-7b,no-such-model"));
  s.metrics = {"memory.per_gpu.total_bytes", "fits", "time.days", "fewest_gpus.zero3", "smallest_gpu",
               "max_micro_batch", "max_context", "inference.decode_tokens_per_s", "hardware.link", "workload.seq",
               "model.params", "communication.exposed_seconds_per_step", "mig.copies"};
  same_bytes(s);
}

TEST_CASE("compiled size sweeps: custom models, GPU axes, zipped") {
  SweepSpec s = size_spec(R"({"layers": 32, "hidden": 4096, "heads": 32, "vocab": 32000, "tokens": 1e9})");
  s.axes.push_back(parse_axis("gpu=nvidia-rtx-4090-fe,nvidia-a100-sxm4-80gb,amd-instinct-mi300x"));
  s.axes.push_back(parse_axis("count=1..4"));
  s.axes.push_back(parse_axis("zero=0..3"));
  s.metrics = {"memory.per_gpu.total_bytes", "time.seconds", "copies_per_gpu"};
  same_bytes(s);
  SweepSpec z = size_spec(R"({"model": "llama-2-13b"})");
  z.zip = true;
  z.axes.push_back(parse_axis("micro_batch=1..4"));
  z.axes.push_back(parse_axis("seq=512,1024,2048,4096"));
  z.metrics = {"memory.per_gpu.activations_bytes", "memory.per_gpu.total_bytes"};
  same_bytes(z);
}

TEST_CASE("shards of a compiled sweep concatenate to the whole") {
  SweepSpec s = size_spec(R"({"model": "llama-3-8b"})");
  s.axes.push_back(parse_axis("micro_batch=1..37"));
  s.axes.push_back(parse_axis("zero=0..3"));
  s.metrics = {"memory.per_gpu.total_bytes"};
  std::string whole = output(s, "jsonl", 2, false), joined;
  s.shards = 7;
  for (s.shard = 1; s.shard <= 7; ++s.shard) joined += output(s, "jsonl", 2, false);
  CHECK(joined == whole);
}

TEST_CASE("a column named twice is refused before any work") {
  SweepSpec s = size_spec(R"({"model": "llama-3-8b"})");
  s.axes.push_back(parse_axis("zero=0..3"));
  s.metrics = {"zero"};
  CHECK_THROWS_AS(validate_sweep(s, Catalog::builtin()), InputError);
  s.metrics = {"error"};
  CHECK_THROWS_AS(validate_sweep(s, Catalog::builtin()), InputError);
}

TEST_CASE("the size and check documents are their field tables") {
  // Every scalar field is in the document at its pointer, with the value its getter reads.
  const Catalog& c = Catalog::builtin();
  SizeRequest q = parse_size_request(nlohmann::json::parse(R"({"model": "llama-2-7b", "mode": "infer", "gpu": "nvidia-l40s"})"), c, "r");
  SizeReport r = size_workload(q.workload, q.hardware, c);
  auto doc = size_json(r);
  int scalars = 0;
  for (const auto& f : size_fields()) {
    if (!f.get || (f.present && !f.present(r))) continue;
    ++scalars;
    CHECK(doc.at(nlohmann::ordered_json::json_pointer(std::string(f.pointer))) == to_json(f.get(r)));
  }
  CHECK(scalars > 50);
  CheckedBuild cb = run_check(load_build(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/seed-two-3090.json", c), {});
  auto cj = check_json(cb, false);
  for (const auto& f : check_fields())
    if (f.get) CHECK(cj.at(nlohmann::ordered_json::json_pointer(std::string(f.pointer))) == to_json(f.get(CheckView{&cb, false})));
}

TEST_CASE("compiled check sweeps judge numbers per point by the schema, however long the axis") {
  SweepSpec s = check_spec();
  s.axes.push_back(parse_axis("gpus[0].power_limit_w=0..2000:5"));  // both ends outside the schema's bounds
  s.axes.push_back(parse_axis("memory[0].count=0..2"));              // 0 is below the minimum
  s.metrics = {"verdict", "power.sustained_w"};
  same_bytes(s);
  SweepSpec fine = check_spec();  // 200,001 values: no per-value loading, so still compiled
  fine.axes.push_back(parse_axis("gpus[0].power_limit_w=0..2000:0.01"));
  fine.metrics = {"verdict"};
  CHECK(sweep::compile_check(fine, Catalog::builtin()) != nullptr);
  // An entry with a slot list: its count must match the list, so counts are loaded one by one.
  SweepSpec slots = check_spec();
  slots.base["gpus"][0]["slots"] = {"PCIEX16_1", "PCIEX16_2"};
  slots.axes.push_back(parse_axis("gpus[0].count=1..3"));  // only 2 matches the two slots
  slots.axes.push_back(parse_axis("cpu_count=1..2"));
  slots.metrics = {"verdict", "codes"};
  same_bytes(slots);
  CHECK(output(slots, "csv", 1, false).find("2 slots given for 3 cards") != std::string::npos);
}

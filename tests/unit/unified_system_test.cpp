// Unified-memory machines (catalog kind unified_system): the loader's cross-field checks, the GPU
// the sizing model sees (the machine's memory less the OS reserve, the shared bandwidth), `size
// --system` as a request, and the side-by-side list of machines for an inference workload.
#include <catch2/catch.hpp>

#include <algorithm>

#include "rigplan/error.hpp"
#include "rigplan/part_summary.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/unified.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

const UnifiedSystem& spark() {
  const auto* u = Catalog::builtin().find<UnifiedSystem>("nvidia-dgx-spark");
  REQUIRE(u != nullptr);
  return *u;
}

Workload llama70b_int4() {
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.mode = Mode::Infer;
  w.precision = "int4";
  return w;
}

json machine(json patch) {
  json p = {{"id", "acme-box"},        {"kind", "unified_system"}, {"name", "fixture: box"},
            {"source", "https://example.com/box"}, {"no_price", "a fixture"}, {"vendor", "amd"},
            {"chip", "X"},             {"architecture", "rdna3.5"}, {"gpu_stack", "rocm"},
            {"memory_type", "LPDDR5x"}, {"memory_gib", 64},          {"memory_bandwidth_gb_s", 200},
            {"tflops", {{"fp32", 10}, {"fp16", 20}, {"bf16", 20}}}};
  p.merge_patch(patch);
  return json{{"schema_version", 1}, {"parts", json::array({p})}};
}

// The first problem the loader reports for a one-part file, or "" when it loads.
std::string load_problem(const json& doc) {
  Catalog c = Catalog::builtin();
  try {
    c.add_layer(doc.dump(), "box.json");
  } catch (const InputError& e) {
    return e.issues().front().pointer + ": " + e.issues().front().message;
  }
  return "";
}

}  // namespace

TEST_CASE("the built-in unified-memory machines load with their kind, memory and bandwidth") {
  const UnifiedSystem& u = spark();
  CHECK(kind_name(Kind::UnifiedSystem) == std::string("unified_system"));
  CHECK(Catalog::builtin().kind_of("nvidia-dgx-spark") == Kind::UnifiedSystem);
  CHECK(u.memory_gib == 128);
  CHECK(u.memory_bandwidth_gb_s == 273);
  CHECK(u.gpu_stack == "cuda");
  CHECK(u.price_usd.has_value());
  CHECK(Catalog::builtin().all<UnifiedSystem>().size() >= 2);
  CHECK(part_summary(Catalog::builtin(), "nvidia-dgx-spark").find("273 GB/s") != std::string::npos);
}

// Machines built on the same chip take the chip's figures from one entry (GB10: the DGX Spark;
// the Ryzen AI Max+ 395, PRO or not: the Framework Desktop), so a correction to one reaches all.
TEST_CASE("unified machines on the same chip share its bandwidth, GPU peaks and target") {
  const auto& c = Catalog::builtin();
  const auto* framework = c.find<UnifiedSystem>("framework-desktop-ryzen-ai-max-395-128gb");
  REQUIRE(framework != nullptr);
  int gb10 = 0, strix = 0;
  for (const UnifiedSystem& u : c.all<UnifiedSystem>()) {
    const UnifiedSystem* ref = nullptr;
    if (u.chip == "GB10") {
      ref = &spark();
      ++gb10;
    } else if (u.chip.rfind("Ryzen AI Max+", 0) == 0 && u.chip.find("395") != std::string::npos) {
      ref = framework;
      ++strix;
    }
    if (ref == nullptr) continue;
    INFO(u.id);
    CHECK(u.memory_bandwidth_gb_s == ref->memory_bandwidth_gb_s);
    CHECK(u.tflops.fp32 == ref->tflops.fp32);
    CHECK(u.tflops.bf16 == ref->tflops.bf16);
    CHECK(u.tflops.fp8 == ref->tflops.fp8);
    CHECK(u.tflops.fp4 == ref->tflops.fp4);
    CHECK(u.compute_capability == ref->compute_capability);
    CHECK(u.gfx_target == ref->gfx_target);
    CHECK(u.verify.size() > 0);  // the shared figures are derived: each machine says so
  }
  CHECK(gb10 >= 3);   // the DGX Spark, the ASUS Ascent GX10, the GIGABYTE AI TOP ATOM
  CHECK(strix >= 3);  // the Framework Desktop, the GMKtec EVO-X2, the HP Z2 Mini G1a
}

TEST_CASE("the loader refuses a unified machine whose parts belong to another maker or that outdraws its supply") {
  CHECK(load_problem(machine(json::object())) == "");
  CHECK(load_problem(machine({{"architecture", "blackwell"}})).find("/parts/0/architecture") == 0);
  CHECK(load_problem(machine({{"gpu_stack", "cuda"}})).find("/parts/0/gpu_stack") == 0);
  CHECK(load_problem(machine({{"compute_capability", "12.1"}})).find("/parts/0/compute_capability") == 0);
  CHECK(load_problem(machine({{"tdp_w", 300}, {"psu_w", 240}})).find("/parts/0/tdp_w") == 0);
  CHECK(load_problem(machine({{"tdp_w", 120}, {"psu_w", 240}})) == "");
  CHECK(load_problem(machine({{"memory_gib", 0}})).find("/parts/0/memory_gib") == 0);
  CHECK(load_problem(machine({{"pcie", {{"gen", 4}}}})).find("/parts/0") == 0);  // not a field of the kind
}

TEST_CASE("the machine's GPU has the machine's memory less the OS reserve and the shared memory's bandwidth") {
  PerfAssumptions a;
  Gpu g = unified_gpu(spark(), a);
  CHECK(g.memory_gib == Approx(128 - a.unified_os_reserve_gib));
  CHECK(g.memory_bandwidth_gb_s == 273);
  CHECK(g.tflops.bf16 == spark().tflops.bf16);
  a.unified_os_reserve_gib = 30;
  CHECK(unified_gpu(spark(), a).memory_gib == Approx(98));
  SizingAssumptions sa;
  Hardware hw = hardware_from_system(spark(), sa);
  CHECK(hw.count == 1);
  CHECK(hw.system == &spark());
  Hardware copy = hw;  // the copy keeps the GPU alive
  hw = Hardware{};
  CHECK(copy.gpu->memory_gib == Approx(120));
}

TEST_CASE("Llama 3 70B at int4 fits a DGX Spark and decodes at no more than its bandwidth allows") {
  Workload w = llama70b_int4();
  SizeReport r = size_workload(w, hardware_from_system(spark()), Catalog::builtin());
  REQUIRE(r.fits);
  REQUIRE(r.serving.has_value());
  // Every token streams the weights: the decode rate is at most bandwidth / weight bytes.
  double roofline = 273e9 / r.memory.weights;
  CHECK(r.serving->decode_tokens_per_s > 0.5 * roofline);
  CHECK(r.serving->decode_tokens_per_s < roofline);
  // With the OS keeping 100 of the 128 GiB it no longer fits.
  SizingAssumptions tight;
  tight.perf.unified_os_reserve_gib = 100;
  CHECK_FALSE(size_workload(w, hardware_from_system(spark(), tight), Catalog::builtin(), tight).fits);
}

TEST_CASE("on a unified machine, memory offloaded to the host stays in the one memory and counts against it") {
  Workload w;
  w.model = *find_model("llama-3-8b");
  w.mode = Mode::Train;
  w.zero = 1;
  w.offload = Offload::Optimizer;
  SizeReport r = size_workload(w, hardware_from_system(spark()), Catalog::builtin());
  REQUIRE(r.memory.host > 0);
  CHECK(r.memory.total() < r.gpu_bytes);  // the GPU's part alone would fit
  CHECK(r.fits == (r.memory.total() + r.memory.host <= r.gpu_bytes));
  CHECK_FALSE(r.fits);  // 8B with AdamW states offloaded: about 180 GiB of host memory
  w.offload = Offload::None;
  w.zero = 0;
  w.model = *find_model("llama-3-8b");
  w.mode = Mode::Lora;
  CHECK(size_workload(w, hardware_from_system(spark()), Catalog::builtin()).fits);
}

TEST_CASE("size names a unified machine by `system`, alone, with one GPU") {
  const Catalog& c = Catalog::builtin();
  SizeRequest ok = parse_size_request(json{{"model", "llama-3-70b"}, {"mode", "infer"}, {"precision", "int4"},
                                           {"system", "nvidia-dgx-spark"}},
                                      c, "r.json");
  REQUIRE(ok.hardware.has_value());
  CHECK(ok.hardware->system == &spark());
  auto problem = [&](json j) {
    try {
      parse_size_request(j, c, "r.json");
    } catch (const InputError& e) {
      return e.issues().front().pointer + ": " + e.issues().front().message;
    }
    return std::string("accepted");
  };
  CHECK(problem(json{{"model", "llama-3-8b"}, {"system", "nvidia-dgx-spark"}, {"gpu", "nvidia-rtx-4090-fe"}}) ==
        "/system: give gpu or system, not both");
  CHECK(problem(json{{"model", "llama-3-8b"}, {"system", "nvidia-dgx-spark"}, {"count", 2}}) ==
        "/count: a unified-memory machine has one GPU: count must be 1");
  CHECK(problem(json{{"model", "llama-3-8b"}, {"system", "nvidia-rtx-4090-fe"}}).find("/system: \"nvidia-rtx-4090-fe\" is a gpu") == 0);
  CHECK(problem(json{{"model", "llama-3-8b"}, {"system", "nvidia-dgx-sprk"}}).find("did you mean") != std::string::npos);
}

TEST_CASE("the machines for an inference workload: every unified machine and the cheapest discrete cards, by price") {
  Workload w = llama70b_int4();
  auto list = machine_options(w, Catalog::builtin());
  REQUIRE_FALSE(list.empty());
  long unified = std::count_if(list.begin(), list.end(), [](const MachineOption& m) { return m.unified; });
  CHECK(unified == static_cast<long>(Catalog::builtin().all<UnifiedSystem>().size()));
  CHECK(list.size() - unified == static_cast<std::size_t>(kMachineDiscreteShown));
  for (std::size_t i = 1; i < list.size(); ++i)
    if (list[i - 1].total_usd && list[i].total_usd) CHECK(*list[i - 1].total_usd <= *list[i].total_usd);
  for (const auto& m : list) {
    INFO(m.id);
    if (!m.unified) {
      CHECK(m.fits);
      CHECK(m.total_usd.has_value());
      const Gpu* g = Catalog::builtin().find<Gpu>(m.id);
      REQUIRE(g != nullptr);
      CHECK(*m.total_usd == Approx(*g->price_usd * m.count));
      // The fewest cards: half as many do not hold one copy.
      if (m.count > 1) {
        Workload half = w;
        half.tp = m.count / 2;
        CHECK(memory_per_gpu(half).total() > g->memory_gib * kGiB);
      }
    }
    if (m.fits) CHECK(m.decode_tokens_per_s > 0);
  }
  // Training lists no machines; the planner's list has the unified machines only.
  Workload train = w;
  train.mode = Mode::Train;
  train.precision = "bf16";
  CHECK(machine_options(train, Catalog::builtin()).empty());
  CHECK(unified_machine_options(w, Catalog::builtin()).size() == static_cast<std::size_t>(unified));
}

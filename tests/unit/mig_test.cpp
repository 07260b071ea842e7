// Sharing a GPU (include/rigplan/mig.hpp, size_report.cpp): every MIG profile of the guide's
// table is tried, the smallest that fits is named with its instance count, and a copy in a
// profile runs at the profile's share of the compute and memory bandwidth.
#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/mig.hpp"
#include "rigplan/size_report.hpp"

using namespace rigplan;

namespace {

const Gpu& mig_gpu(const char* id) {
  const Gpu* g = Catalog::builtin().find<Gpu>(id);
  REQUIRE(g != nullptr);
  return *g;
}

std::vector<std::string> names(const Gpu& g) {
  std::vector<std::string> out;
  for (const auto& p : mig_profiles(g)) out.push_back(p.name);
  return out;
}

}  // namespace

TEST_CASE("MIG profiles: the user guide's tables for A100 40/80 GB, H100, H200 and A30") {
  using V = std::vector<std::string>;
  CHECK(names(mig_gpu("nvidia-a100-sxm4-40gb")) == V{"1g.5gb", "1g.10gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"});
  CHECK(names(mig_gpu("nvidia-a100-sxm4-80gb")) == V{"1g.10gb", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"});
  CHECK(names(mig_gpu("nvidia-h100-sxm5-80gb")) == V{"1g.10gb", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"});
  CHECK(names(mig_gpu("nvidia-h100-nvl-94gb")) == V{"1g.12gb", "1g.24gb", "2g.24gb", "3g.47gb", "4g.47gb", "7g.94gb"});
  CHECK(names(mig_gpu("nvidia-h200-sxm-141gb")) == V{"1g.18gb", "1g.35gb", "2g.35gb", "3g.71gb", "4g.71gb", "7g.141gb"});
  CHECK(names(mig_gpu("nvidia-a30")) == V{"1g.6gb", "2g.12gb", "4g.24gb"});
  CHECK(names(mig_gpu("nvidia-rtx-4090-fe")).empty());
  auto p = mig_profiles(mig_gpu("nvidia-a100-sxm4-40gb"))[3];  // 3g.20gb: 3/7 of the SMs, 4/8 of the memory
  CHECK(p.compute_share() == Approx(3.0 / 7));
  CHECK(p.memory_share() == Approx(0.5));
  CHECK(p.instances == 2);
  Gpu s = mig_slice(mig_gpu("nvidia-a100-sxm4-40gb"), p);
  CHECK(s.memory_bandwidth_gb_s == Approx(mig_gpu("nvidia-a100-sxm4-40gb").memory_bandwidth_gb_s / 2));
  CHECK(*s.tflops.bf16 == Approx(*mig_gpu("nvidia-a100-sxm4-40gb").tflops.bf16 * 3 / 7));
}

TEST_CASE("MIG: Llama 3 8B int4 on an A100 40GB does not fit 1g.5gb; the smallest that fits is named with its copies") {
  const Gpu& g = mig_gpu("nvidia-a100-sxm4-40gb");
  Workload w;
  w.model = *find_model("llama-3-8b");
  w.mode = Mode::Infer;
  w.precision = "int4";
  SizeReport r = size_workload(w, hardware_from_gpu(g, 1, true), Catalog::builtin());
  REQUIRE(r.mig.size() == 6);
  CHECK_FALSE(r.mig[0].fits);  // 1g.5gb: 4 GB of weights + KV cache + overhead
  REQUIRE(r.mig_smallest == 1);
  CHECK(r.mig[1].profile.name == "1g.10gb");
  CHECK(r.mig_copies == 4);
  // Decode is bandwidth-bound: a copy in 1g.10gb (2/8 of the bandwidth) reads its weights at a
  // quarter of the whole GPU's rate; its fixed per-layer cost does not shrink, so it keeps a
  // little more than a quarter of the whole GPU's tokens/s. 7g.40gb runs at the whole GPU's.
  CHECK(r.mig[1].tokens_per_s > 0.25 * r.tokens_per_s);
  CHECK(r.mig[1].tokens_per_s < 0.4 * r.tokens_per_s);
  CHECK(r.mig[5].tokens_per_s == Approx(r.tokens_per_s));
  // Copies sharing the whole GPU by MPS or time-slicing split its rate.
  REQUIRE(r.copies_per_gpu >= 5);
  CHECK(r.shared_tokens_per_s == Approx(r.tokens_per_s / r.copies_per_gpu));
}

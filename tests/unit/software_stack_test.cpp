// Issue 29's software stack as installed: the PyTorch wheel's build and arch list (SW007), ROCm
// against AMD's support matrix (SW008), and the driver table (CUDA 11.0's GA driver, compute
// capabilities 10.3 and 12.1, driver versions printed with their leading zeros).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "rules/pytorch_wheels.hpp"
#include "rules/rocm_tables.hpp"
#include "rules/software_tables.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using namespace rigplan::rules;
using namespace rigplan::seed_build;
using nlohmann::json;

namespace {
json sw_gpu_patch(const char* gpu, const char* software) {
  return json::parse(std::string(R"({"gpus": [{"part": ")") + gpu + R"("}], "software": )" + software + "}");
}
int sw_count_of(const std::vector<Diagnostic>& ds, Severity s) {
  int n = 0;
  for (const auto& d : ds) n += d.severity == s;
  return n;
}
}  // namespace

TEST_CASE("wheel variants name their toolkit; the tables hold the published arch lists") {
  CHECK(wheel_cuda("cu92") == Version{9, 2});
  CHECK(wheel_cuda("cu101") == Version{10, 1});
  CHECK(wheel_cuda("cu128") == Version{12, 8});
  CHECK(wheel_cuda("cpu").empty());
  CHECK(wheel_cuda("rocm6.2").empty());
  CHECK(wheel_rocm("rocm6.2.4") == Version{6, 2, 4});
  CHECK(wheel_rocm("cu128").empty());
  auto w171 = cuda_wheel({1, 7, 1}, "cu101");
  REQUIRE(w171);
  CHECK(wheel_fit(*w171, "7.5") == WheelFit::Cubin);
  CHECK(wheel_fit(*w171, "8.6") == WheelFit::None);  // stops at sm_75
  auto w171_110 = cuda_wheel({1, 7, 1}, "cu110");
  REQUIRE(w171_110);
  CHECK(wheel_fit(*w171_110, "8.6") == WheelFit::Cubin);  // sm_80 runs on sm_86
  auto w25 = cuda_wheel({2, 5, 1}, "cu124");
  REQUIRE(w25);
  CHECK(wheel_fit(*w25, "12.0") == WheelFit::PtxOnly);  // 9.0+PTX
  CHECK(wheel_fit(*cuda_wheel({2, 4, 0}, "cu124"), "12.0") == WheelFit::None);
  CHECK(wheel_fit(*cuda_wheel({2, 8, 0}, "cu128"), "6.1") == WheelFit::None);   // cu128 starts at sm_70
  CHECK(wheel_fit(*cuda_wheel({2, 11, 0}, "cu128"), "7.0") == WheelFit::None);  // 2.11 dropped sm_70
  CHECK(wheel_fit(*cuda_wheel({2, 10, 0}, "cu128"), "7.0") == WheelFit::Cubin);
  CHECK(wheel_fit(*cuda_wheel({2, 10, 0}, "cu128"), "12.1") == WheelFit::Cubin);  // sm_120 runs on GB10
  CHECK_FALSE(cuda_wheel({2, 7, 0}, "cu124"));                                    // no such wheel
  CHECK(published_variants({2, 7, 1}) == std::vector<std::string>{"cu118", "cu126", "cu128", "rocm6.3"});
  CHECK(published_variants({1, 7, 1}).empty());
  auto has = [](const std::vector<std::string>& v, const char* x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  CHECK_FALSE(has(rocm_wheel_targets({5, 4, 2}), "gfx1100"));
  CHECK(has(rocm_wheel_targets({5, 6}), "gfx1100"));
  CHECK_FALSE(has(rocm_wheel_targets({5, 7}), "gfx942"));
  CHECK(has(rocm_wheel_targets({6, 0}), "gfx942"));
  CHECK_FALSE(has(rocm_wheel_targets({6, 4}), "gfx950"));
  CHECK(has(rocm_wheel_targets({7, 1}), "gfx950"));
}

TEST_CASE("SW007: torch 1.7.1+cu101 on an RTX 3090 has no kernels; +cu110 runs it through sm_80") {
  auto bad = found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"pytorch": "1.7.1+cu101"})"), "SW007");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].severity == Severity::Error);
  CHECK(has(bad[0].message, "sm_86"));
  CHECK(has(bad[0].message, "sm_37, sm_50, sm_60, sm_70, sm_75"));
  CHECK(found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"pytorch": "1.7.1+cu110"})"), "SW007").empty());
  // The release alone passes SW003 either way: only the wheel's build decides.
  CHECK(found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"pytorch": "1.7.1+cu101"})"), "SW003").empty());
  CHECK(found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"pytorch": "1.7.1"})"), "SW007").empty());
}

TEST_CASE("SW007: a cu124 build on an RTX 5090 has no sm_120 kernels; cu128 has them") {
  auto d = found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.7.0+cu124"})"), "SW007");
  CHECK(sw_count_of(d, Severity::Error) == 1);    // CUDA 12.4 builds no sm_120 code
  CHECK(sw_count_of(d, Severity::Warning) == 1);  // 2.7 was released with cu118, cu126, cu128
  CHECK(found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.7.0+cu128"})"), "SW007").empty());
  CHECK(found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.8.0+cu128"})"), "SW007").empty());
  auto cu126 = found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.8.0+cu126"})"), "SW007");
  REQUIRE(cu126.size() == 1);
  CHECK(cu126[0].severity == Severity::Error);
  // 2.5's cu124 wheel ships compute_90 PTX: it reaches sm_120 only through JIT, a warning here.
  auto ptx = found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.5.1+cu124"})"), "SW007");
  REQUIRE(ptx.size() == 1);
  CHECK(ptx[0].severity == Severity::Warning);
  CHECK(has(ptx[0].message, "compute_90"));
  // SW003 defers to SW007 where the wheel's list is known: the release alone does not decide.
  CHECK(found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.5.1+cu124"})"), "SW003").empty());
  CHECK(found(sw_gpu_patch("nvidia-rtx-5090-fe", R"({"pytorch": "2.5.1"})"), "SW003").size() == 1);
  // Pascal on the cu128 wheels of 2.8 (sm_70 and up).
  CHECK(sw_count_of(found(sw_gpu_patch("nvidia-tesla-p40", R"({"pytorch": "2.8.0+cu128"})"), "SW007"), Severity::Error) ==
        1);
  CHECK(found(sw_gpu_patch("nvidia-tesla-p40", R"({"pytorch": "2.8.0+cu126"})"), "SW007").empty());
  // 2.9's cu128 list is not held: SW010 reads the wheel's CUDA from its name instead of software.cuda.
  CHECK(found(sw_gpu_patch("nvidia-tesla-p40", R"({"pytorch": "2.9.0+cu128", "cuda": "12.6"})"), "SW010").size() ==
        1);
  CHECK(found(sw_gpu_patch("nvidia-tesla-p40", R"({"pytorch": "2.9.0+cu126", "cuda": "12.8"})"), "SW010").empty());
}

TEST_CASE("SW007: AMD GPUs against the ROCm wheels' gfx targets; other vendors' and CPU wheels") {
  auto old = found(sw_gpu_patch("amd-radeon-rx-7900-xtx", R"({"pytorch": "2.0.1"})"), "SW007");
  REQUIRE(old.size() == 1);
  CHECK(old[0].severity == Severity::Error);
  CHECK(has(old[0].message, "gfx1100"));
  CHECK(found(sw_gpu_patch("amd-radeon-rx-7900-xtx", R"({"pytorch": "2.1.0"})"), "SW007").empty());
  CHECK(found(sw_gpu_patch("amd-radeon-rx-7900-xtx", R"({"pytorch": "2.0.1+rocm5.4.2"})"), "SW007").size() == 1);
  CHECK(found(sw_gpu_patch("amd-instinct-mi355x", R"({"pytorch": "2.9.0+rocm6.4"})"), "SW007").size() == 1);
  CHECK(found(sw_gpu_patch("amd-instinct-mi355x", R"({"pytorch": "2.10.0+rocm7.1"})"), "SW007").empty());
  CHECK(found(sw_gpu_patch("amd-radeon-pro-w7900", R"({"pytorch": "2.5.1+cu124"})"), "SW007").size() == 1);
  CHECK(found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"pytorch": "2.5.1+rocm6.2"})"), "SW007").size() == 1);
  CHECK(found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"pytorch": "2.7.0+cpu"})"), "SW007").size() == 1);
  CHECK(found(sw_gpu_patch("intel-arc-b580-limited-edition", R"({"pytorch": "2.7.0+xpu"})"), "SW007").empty());
  CHECK(found(sw_gpu_patch("intel-arc-b580-limited-edition", R"({"pytorch": "2.7.0+cu128"})"), "SW007").size() ==
        1);
}

TEST_CASE("SW008: ROCm against AMD's support matrix and the GPUs' vendor") {
  auto d = found(sw_gpu_patch("amd-instinct-mi325x", R"({"rocm": "6.2"})"), "SW008");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "6.3.1"));
  CHECK(found(sw_gpu_patch("amd-instinct-mi325x", R"({"rocm": "6.3.1"})"), "SW008").empty());
  CHECK(found(sw_gpu_patch("amd-instinct-mi300x", R"({"rocm": "6.0"})"), "SW008").empty());
  CHECK(found(sw_gpu_patch("amd-radeon-rx-7900-xtx", R"({"rocm": "5.6"})"), "SW008").size() == 1);
  CHECK(found(sw_gpu_patch("amd-radeon-rx-7900-xtx", R"({"rocm": "5.7.1"})"), "SW008").empty());
  CHECK(found(sw_gpu_patch("amd-instinct-mi350x", R"({"rocm": "6.4"})"), "SW008").size() == 1);
  auto nv = found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"rocm": "6.2"})"), "SW008");
  REQUIRE(nv.size() == 1);
  CHECK(nv[0].severity == Severity::Error);
  auto mixed =
      found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}, {"part": "amd-radeon-pro-w7900"}],
                                     "software": {"rocm": "6.2"}})"),
            "SW008");
  REQUIRE(mixed.size() == 1);
  CHECK(mixed[0].severity == Severity::Warning);
}

TEST_CASE("driver table: CUDA 11.0's GA driver, sm_103 and sm_121, versions with their leading zeros") {
  CHECK(min_driver_for_cuda({11, 0}) == Version{450, 51, 5});
  CHECK_FALSE(version_less({6, 0}, {6, 0, 0}));  // a missing field is a zero
  CHECK_FALSE(version_less({6, 0, 0}, {6, 0}));
  CHECK(version_less({6, 0}, {6, 0, 1}));
  CHECK(version_less({12, 8}, {12, 10}));
  CHECK(driver_to_string({450, 36, 6}) == "450.36.06");
  CHECK(driver_to_string({570, 26}) == "570.26");
  CHECK(driver_to_string({580}) == "580");
  CHECK(to_string({12, 8}) == "12.8");
  CHECK(min_cuda_for("10.3") == Version{12, 9});
  CHECK(min_cuda_for("12.1") == Version{12, 9});
  CHECK(min_cuda_cubin_for("12.1") == Version{12, 8});  // sm_120 cubins run on sm_121
  // A driver below CUDA 11.0's GA one names it with its zeros.
  auto d = found(sw_gpu_patch("nvidia-a100-pcie-40gb", R"({"driver": "450.36.06", "cuda": "11.0"})"), "SW002");
  REQUIRE_FALSE(d.empty());
  CHECK(has(d[0].message, "450.51.05"));
  CHECK(has(d[0].message, "450.80.02"));
  // A B300 (sm_103) on CUDA 12.8's driver: the GPU came with CUDA 12.9 and its driver.
  auto b300 = found(sw_gpu_patch("nvidia-b300-sxm-288gb", R"({"driver": "570.124.06", "cuda": "12.8"})"), "SW002");
  REQUIRE(b300.size() == 1);
  CHECK(has(b300[0].message, "CUDA 12.9"));
}

TEST_CASE("driver table: CUDA 13.1, 13.2 and 13.3 GA drivers (release notes, Table 3)") {
  CHECK(min_driver_for_cuda({13, 0}) == Version{580, 65, 6});
  CHECK(min_driver_for_cuda({13, 1}) == Version{590, 44, 1});
  CHECK(min_driver_for_cuda({13, 2}) == Version{595, 45, 4});
  CHECK(min_driver_for_cuda({13, 3}) == Version{610, 43, 2});
  CHECK(min_driver_for_cuda({13, 3, 1}) == Version{610, 43, 2});  // an update matches its minor
  CHECK(min_driver_for_cuda({13, 4}).empty());                    // not in the table: unknown
  // CUDA 13.3 on an older 13.x driver is minor-version compatibility (SW006), not SW002's error.
  auto c = found(sw_gpu_patch("nvidia-h100-pcie-80gb", R"({"driver": "595.45.04", "cuda": "13.3"})"), "SW006");
  REQUIRE(c.size() == 1);
  CHECK(has(c[0].message, "610.43.02"));
  CHECK(found(sw_gpu_patch("nvidia-h100-pcie-80gb", R"({"driver": "595.45.04", "cuda": "13.3"})"), "SW002").empty());
}

TEST_CASE("SW001: a toolkit older than the GPU's own capability but of its major is a warning, driver named or not") {
  // A B300 (10.3) on CUDA 12.8: sm_100 code runs (binary compatibility), sm_100a code does not, and
  // the GPU needs CUDA 12.9's driver.
  auto b300 = found(sw_gpu_patch("nvidia-b300-sxm-288gb", R"({"cuda": "12.8"})"), "SW001");
  REQUIRE(b300.size() == 1);
  CHECK(b300[0].severity == Severity::Warning);
  CHECK(has(b300[0].message, "first targeted by CUDA 12.9"));
  CHECK(has(b300[0].message, "sm_100 cubins"));
  CHECK(has(b300[0].message, "sm_100a kernels do not load on 10.3"));
  CHECK(has(b300[0].message, "575.51.03"));
  CHECK(has(b300[0].message, "not the 570.26 CUDA 12.8 came with"));
  CHECK(has(b300[0].hint, "CUDA 12.9"));
  // With the driver named, the driver clause goes (SW002 judges the driver).
  auto named = found(sw_gpu_patch("nvidia-b300-sxm-288gb", R"({"driver": "580.65.06", "cuda": "12.8"})"), "SW001");
  REQUIRE(named.size() == 1);
  CHECK_FALSE(has(named[0].message, "575.51.03"));
  CHECK(found(sw_gpu_patch("nvidia-b300-sxm-288gb", R"({"driver": "580.65.06", "cuda": "12.8"})"), "SW002").empty());
  // CUDA 12.9 targets sm_103 itself; a B200 (10.0) on 12.8 is its own row.
  CHECK(found(sw_gpu_patch("nvidia-b300-sxm-288gb", R"({"cuda": "12.9"})"), "SW001").empty());
  CHECK(found(sw_gpu_patch("nvidia-b200-sxm-180gb", R"({"cuda": "12.8"})"), "SW001").empty());
  // An RTX 3090 (8.6) on CUDA 11.0: sm_80 code; no arch-specific target exists before sm_90a.
  auto ga102 = found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"cuda": "11.0"})"), "SW001");
  REQUIRE(ga102.size() == 1);
  CHECK(has(ga102[0].message, "sm_80 cubins"));
  CHECK_FALSE(has(ga102[0].message, "arch-specific"));
  CHECK(has(ga102[0].message, "455.23"));
  // With a driver that runs it named, nothing is left to say about an sm_86 card on sm_80 code.
  CHECK(found(sw_gpu_patch("nvidia-rtx-3090-fe", R"({"cuda": "11.0", "driver": "460.27.03"})"), "SW001").empty());
  CHECK(lowest_compatible_cc("10.3") == "10.0");
  CHECK(lowest_compatible_cc("12.0") == "12.0");
  CHECK(lowest_compatible_cc("1.0").empty());
  CHECK(arch_digits("10.3") == "103");
}

TEST_CASE("software.pytorch keeps the wheel's build through a build file's round trip") {
  Build b = make_build(json::parse(R"({"software": {"pytorch": "1.7.1+cu101", "rocm": "6.2"}})"));
  CHECK(b.software.pytorch == "1.7.1");
  CHECK(b.software.pytorch_variant == "cu101");
  auto j = build_to_json(b);
  CHECK(j["software"]["pytorch"] == "1.7.1+cu101");
  CHECK(j["software"]["rocm"] == "6.2");
}

// GEMM efficiency by shape (gemm_knee_k, perf/layer_cost.cpp's gemm_s) against the bf16 GEMMs
// tools/measure/gpu_probe.py timed on one H200 (the fit) and one H100 (the validation, nothing
// fitted on it): square GEMMs of 512 to 16384 and the layer shapes of hidden sizes 768 to 8192 at
// 512, 4096 and 16384 tokens. GEMMs under 25 us are left out: they sit at the probe's launch floor
// (about 17 us on the H200, whatever their size), which no efficiency describes.
// `build/tests/rigplan_tests "[.fit-constants]" -s` prints the fit with the other fitted constants.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "perf/layer_cost.hpp"
#include "validation/measured_gemms.hpp"
#include "validation/perf_validation_cases.hpp"

using namespace rigplan;
using namespace rigplan::validation;

namespace {

const std::vector<MeasuredGemm>& h200_gemms() {
  static const std::vector<MeasuredGemm> g = measured_gemms("h200-sxm-vm-2026-11-26.json", {"gemm_bf16_square", "gemm_bf16_layer"});
  return g;
}
const std::vector<MeasuredGemm>& h100_gemms() {
  static const std::vector<MeasuredGemm> g = measured_gemms("h100-sxm-vm-2026-11-26.json", {"gemm_bf16_square", "gemm_bf16_layer"});
  return g;
}

// Mean absolute error of the predicted GEMM times on a GPU, with the knee at `knee` (0: off).
double gemm_shape_error(const char* gpu, const std::vector<MeasuredGemm>& rows, double knee, double* worst = nullptr) {
  PerfAssumptions a;
  a.gemm_knee_k = knee;
  perf::Device d = perf::device_for(catalog_gpu(gpu), "bf16", 1, a);
  double sum = 0;
  if (worst) *worst = 0;
  for (const MeasuredGemm& r : rows) {
    double e = perf::gemm_s(r.m, r.n, r.k, 2, 1, d) / r.seconds - 1;
    sum += std::abs(e);
    if (worst && std::abs(e) > std::abs(*worst)) *worst = e;
  }
  return sum / rows.size();
}

// The knee (to 5 elements) with the least mean absolute error on the H200's GEMMs.
double gemm_knee_fit() {
  double best = 0, best_err = 1e9;
  for (double k = 500; k <= 2000; k += 5) {
    double e = gemm_shape_error("nvidia-h200-sxm-141gb", h200_gemms(), k);
    if (e < best_err) best = k, best_err = e;
  }
  return best;
}

}  // namespace

TEST_CASE("GEMM knee: the shipped gemm_knee_k is the fit on the H200's GEMMs and improves them") {
  PerfAssumptions shipped;
  REQUIRE(h200_gemms().size() >= 20);
  CHECK(shipped.gemm_knee_k == Approx(gemm_knee_fit()).margin(10));
  double with = gemm_shape_error("nvidia-h200-sxm-141gb", h200_gemms(), shipped.gemm_knee_k);
  double without = gemm_shape_error("nvidia-h200-sxm-141gb", h200_gemms(), 0);
  INFO("H200 GEMM times: mean absolute error " << with << " with the knee, " << without << " without");
  CHECK(with < 0.06);
  CHECK(with < without - 0.02);
}

TEST_CASE("GEMM knee: on the H100's GEMMs (not fitted on) no worse than without it") {
  PerfAssumptions shipped;
  double worst_with = 0, worst_without = 0;
  double with = gemm_shape_error("nvidia-h100-sxm5-80gb", h100_gemms(), shipped.gemm_knee_k, &worst_with);
  double without = gemm_shape_error("nvidia-h100-sxm5-80gb", h100_gemms(), 0, &worst_without);
  INFO("H100 GEMM times: mean absolute error " << with << " (worst " << worst_with << ") with the knee, " << without
                                               << " (worst " << worst_without << ") without");
  CHECK(with <= without);
  CHECK(std::abs(worst_with) < 0.25);
}

TEST_CASE("GEMM knee: a short inner dimension slows the compute in proportion, and only it") {
  PerfAssumptions a;
  a.gemm_knee_k = 1024;
  PerfAssumptions off = a;
  off.gemm_knee_k = 0;
  perf::Device d = perf::device_for(catalog_gpu("nvidia-h200-sxm-141gb"), "bf16", 1, a);
  perf::Device d_off = perf::device_for(catalog_gpu("nvidia-h200-sxm-141gb"), "bf16", 1, off);
  // Compute-bound shapes: K = 512 takes twice as long as without the knee, K = 2048 the same.
  CHECK(perf::gemm_s(16384, 4096, 512, 2, 1, d) == Approx(2 * perf::gemm_s(16384, 4096, 512, 2, 1, d_off)));
  CHECK(perf::gemm_s(16384, 4096, 2048, 2, 1, d) == Approx(perf::gemm_s(16384, 4096, 2048, 2, 1, d_off)));
  // A linear layer 768 → 3072 on 16384 tokens: the forward (K = 768) is slowed, its activation
  // gradient (K = 3072) and weight gradient (K = 16384) are not.
  perf::LinearCost l = perf::linear_s(16384, 3072, 768, 2, 1, d), l_off = perf::linear_s(16384, 3072, 768, 2, 1, d_off);
  CHECK(l.fwd_s == Approx(l_off.fwd_s * 1024 / 768));
  CHECK(l.dgrad_s == Approx(l_off.dgrad_s));
  CHECK(l.wgrad_s == Approx(l_off.wgrad_s));
}

TEST_CASE("GEMM knee fit", "[.fit-constants]") {
  double fit = gemm_knee_fit();
  double worst200 = 0, worst100 = 0;
  double e200 = gemm_shape_error("nvidia-h200-sxm-141gb", h200_gemms(), fit, &worst200);
  double e100 = gemm_shape_error("nvidia-h100-sxm5-80gb", h100_gemms(), fit, &worst100);
  double w0_200 = 0, w0_100 = 0;
  double o200 = gemm_shape_error("nvidia-h200-sxm-141gb", h200_gemms(), 0, &w0_200);
  double o100 = gemm_shape_error("nvidia-h100-sxm5-80gb", h100_gemms(), 0, &w0_100);
  std::printf("gemm_knee_k = %.0f (H200 bf16 GEMMs of at least 25 us, %zu of them)\n", fit, h200_gemms().size());
  std::printf("  H200 GEMM times: mean absolute error %.1f %% (worst %+.1f %%), without the knee %.1f %% (%+.1f %%)\n",
              e200 * 100, worst200 * 100, o200 * 100, w0_200 * 100);
  std::printf("  H100 GEMM times, not fitted on: %.1f %% (worst %+.1f %%), without the knee %.1f %% (%+.1f %%)\n",
              e100 * 100, worst100 * 100, o100 * 100, w0_100 * 100);
}

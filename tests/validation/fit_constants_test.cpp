// How the fitted constants of the performance model were fitted, reproducibly: each is solved
// (by bisection) so that its one fit row is predicted exactly, and the shipped value must agree
// with the solution to 0.01. `build/tests/rigplan_tests "[.fit-constants]" -s` prints them.
//  - fp8_matmul_efficiency: NeMo's Llama 2 7B FP8 row on 8 H100s (perf_validation_cases.hpp);
//  - fp32_matmul_efficiency: seed 001's NVLink run (seed_001.hpp). Its no-P2P run is then a
//    prediction of the link model (host-staged bus bandwidth, no overlap), not a fit.
// The 16-bit NVIDIA efficiency (0.70) is Korthikanti et al. 2022's Table 4 calibration
// (perf_validation_test.cpp checks those five layer times).
#include <catch2/catch.hpp>

#include <cstdio>
#include <functional>

#include "validation/fit_inference.hpp"
#include "validation/perf_validation_cases.hpp"
#include "validation/seed_001.hpp"

using namespace rigplan;
using namespace rigplan::validation;

namespace {

// The value of `field` at which `error(a)` (predicted / published - 1, rising with the field) is 0.
double solve(double PerfAssumptions::*field, const std::function<double(const PerfAssumptions&)>& error) {
  double lo = 0.05, hi = 1.0;
  for (int i = 0; i < 40; ++i) {
    PerfAssumptions a;
    a.*field = (lo + hi) / 2;
    (error(a) > 0 ? hi : lo) = (lo + hi) / 2;
  }
  return (lo + hi) / 2;
}

double fp8_fit() {
  return solve(&PerfAssumptions::fp8_matmul_efficiency, [](const PerfAssumptions& a) {
    Case c = fit_fp8_cases().front();
    c.a = a;
    return predict(c).error();
  });
}

double fp32_fit() {
  // Time falls as the efficiency rises: the error in speed is published / predicted - 1.
  return solve(&PerfAssumptions::fp32_matmul_efficiency,
               [](const PerfAssumptions& a) { return 101.9 / seed_run(true, a).seconds - 1; });
}

double block_quant_fit() {
  // Both rows at once: the mean of their errors is 0 (speed rises with the efficiency).
  return solve(&PerfAssumptions::block_quant_decode_efficiency, [](const PerfAssumptions& a) {
    double sum = 0;
    for (Case c : fit_block_quant_cases()) {
      double overhead = c.a.decode_layer_overhead_s;  // a row's own setting (graphs) stays
      c.a = a;
      c.a.decode_layer_overhead_s = overhead;
      sum += predict(c).error();
    }
    return sum / fit_block_quant_cases().size();
  });
}

double mmq_fit() {
  return solve(&PerfAssumptions::mmq_int8_efficiency, [](const PerfAssumptions& a) {
    Case c = fit_mmq_cases().front();
    double overhead = c.a.decode_layer_overhead_s;
    c.a = a;
    c.a.decode_layer_overhead_s = overhead;
    return predict(c).error();
  });
}

}  // namespace

TEST_CASE("fitted constants: the shipped values are the fits of their rows") {
  PerfAssumptions shipped;
  CHECK(shipped.fp8_matmul_efficiency == Approx(fp8_fit()).margin(0.01));
  CHECK(shipped.fp32_matmul_efficiency == Approx(fp32_fit()).margin(0.01));
  CHECK(shipped.block_quant_decode_efficiency == Approx(block_quant_fit()).margin(0.01));
  CHECK(shipped.mmq_int8_efficiency == Approx(mmq_fit()).margin(0.01));
}

TEST_CASE("fit constants", "[.fit-constants]") {
  std::printf("fp8_matmul_efficiency = %.3f (NeMo Llama 2 7B FP8, 8x H100)\n", fp8_fit());
  std::printf("fp32_matmul_efficiency = %.3f (seed 001, NVLink run)\n", fp32_fit());
  std::printf("block_quant_decode_efficiency = %.3f (llama.cpp Q4_0 on an RTX 3090 Ti, Q4_K_M on an RX 7900 XTX)\n",
              block_quant_fit());
  std::printf("mmq_int8_efficiency = %.3f (llama.cpp Q4_K_M pp512 on an RTX 3080)\n", mmq_fit());
}

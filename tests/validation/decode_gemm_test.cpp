// Inference GEMMs against GEMMs measured on one H100 SXM and one H200 (tools/measure/gpu_probe.py,
// PyTorch 2.11, CUDA 13.0; tests/data/measured):
//  - a decode step's linear layers: bf16 GEMMs of M = 1, 8, 64 and 256 rows (the batch) against
//    one 8192 x 28672 weight matrix (469.8 MB, Llama 3 70B's MLP up-projection; `gemm_decode`).
//    Nothing is fitted on them: the model streams the weights at `memory_efficiency` of peak
//    bandwidth or runs the FLOPs at the large-GEMM efficiency, whichever is longer
//    (perf::decode_linear_s, the roofline src/perf/inference.cpp times a decode step's linear
//    layers with). The measured GEMMs stay flat from 1 to 64 rows (weight-bound) and turn
//    compute-bound near 256, as the roofline does; at 1-64 rows they stream 86-88 % of peak
//    where the model takes 80 %.
//  - FP8 GEMMs of layer shapes (hidden 2048-8192 at 512-16384 tokens) and squares (torch._scaled_mm,
//    `gemm_fp8_layer`, `gemm_fp8_square`) of at least 25 us: fp8_inference_matmul_efficiency is
//    fitted on the H200's and checked on the H100's.
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

struct DecodeGemmRow {
  std::string gpu;
  double m, n, k, weight_bytes, seconds;
};

std::vector<DecodeGemmRow> measured_decode_gemms(const std::string& file, const std::string& gpu) {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/tests/data/measured/" + file);
  REQUIRE(in);
  nlohmann::json j = nlohmann::json::parse(in);
  std::vector<DecodeGemmRow> out;
  for (const auto& r : j.at("gemm_decode"))
    out.push_back({gpu, r.at("m").get<double>(), r.at("n").get<double>(), r.at("k").get<double>(),
                   r.at("weight_bytes").get<double>(), r.at("s").get<double>()});
  return out;
}

std::vector<DecodeGemmRow> all_decode_gemms() {
  std::vector<DecodeGemmRow> rows = measured_decode_gemms("h100-sxm-vm-2026-11-26.json", "nvidia-h100-sxm5-80gb");
  for (const DecodeGemmRow& r : measured_decode_gemms("h200-sxm-vm-2026-11-26.json", "nvidia-h200-sxm-141gb"))
    rows.push_back(r);
  return rows;
}

// Predicted over measured time, less one.
double decode_gemm_error(const DecodeGemmRow& r) {
  perf::Device d = perf::device_for(catalog_gpu(r.gpu.c_str()), "bf16", 1, PerfAssumptions{});
  return perf::decode_linear_s(r.weight_bytes, 2 * r.m * r.n * r.k, d.bw, d) / r.seconds - 1;
}

}  // namespace

TEST_CASE("Decode GEMMs: the roofline of a decode step's linear layers within 15 % of the measured H100 and H200 GEMMs") {
  std::vector<DecodeGemmRow> rows = all_decode_gemms();
  REQUIRE(rows.size() == 8);
  double sum = 0;
  for (const DecodeGemmRow& r : rows) {
    // The data's own weight size is the matrix's bf16 bytes.
    CHECK(r.weight_bytes == Approx(r.n * r.k * 2));
    double e = decode_gemm_error(r);
    INFO(r.gpu << " M=" << r.m << ": measured " << r.seconds * 1e6 << " us, error " << e);
    CHECK(std::abs(e) <= 0.15);
    sum += std::abs(e);
  }
  CHECK(sum / rows.size() <= 0.10);
}

TEST_CASE("Decode GEMMs: weight-bound at one row, compute-bound at 256 rows, as measured") {
  for (const DecodeGemmRow& r : all_decode_gemms()) {
    perf::Device d = perf::device_for(catalog_gpu(r.gpu.c_str()), "bf16", 1, PerfAssumptions{});
    double stream = r.weight_bytes / d.bw, compute = 2 * r.m * r.n * r.k / (d.peak * d.matmul_eff);
    if (r.m <= 64) CHECK(stream > compute);
    if (r.m >= 256) CHECK(compute >= stream * 0.95);
  }
}

namespace {

// The FP8 GEMMs of layer shapes and squares on a GPU (measured_gemms.hpp).
std::vector<MeasuredGemm> measured_fp8_gemms(const std::string& file) {
  return measured_gemms(file, {"gemm_fp8_layer", "gemm_fp8_square"});
}

// Mean absolute error of the predicted FP8 GEMM times on a GPU with the inference efficiency `eff`.
double fp8_gemm_error(const char* gpu, const std::vector<MeasuredGemm>& rows, double eff) {
  PerfAssumptions a;
  a.fp8_inference_matmul_efficiency = eff;
  const Gpu& g = catalog_gpu(gpu);
  perf::Device d = perf::device_for(g, "fp8", 1, a);
  d.matmul_eff = inference_matmul_efficiency_for(g, "fp8", a);
  double sum = 0;
  for (const MeasuredGemm& r : rows) sum += std::abs(perf::gemm_s(r.m, r.n, r.k, 1, 1, d) / r.seconds - 1);
  return sum / rows.size();
}

double fp8_inference_efficiency_fit() {
  std::vector<MeasuredGemm> rows = measured_fp8_gemms("h200-sxm-vm-2026-11-26.json");
  double best = 0, best_err = 1e9;
  for (int i = 300; i <= 900; ++i) {
    double e = fp8_gemm_error("nvidia-h200-sxm-141gb", rows, i / 1000.0);
    if (e < best_err) best = i / 1000.0, best_err = e;
  }
  return best;
}

}  // namespace

TEST_CASE("FP8 inference GEMMs: the shipped efficiency is the fit on the H200's FP8 GEMMs, and holds on the H100's") {
  PerfAssumptions shipped;
  std::vector<MeasuredGemm> h200 = measured_fp8_gemms("h200-sxm-vm-2026-11-26.json");
  std::vector<MeasuredGemm> h100 = measured_fp8_gemms("h100-sxm-vm-2026-11-26.json");
  REQUIRE(h200.size() >= 10);
  REQUIRE(h100.size() >= 10);
  CHECK(shipped.fp8_inference_matmul_efficiency == Approx(fp8_inference_efficiency_fit()).margin(0.005));
  double fit = fp8_gemm_error("nvidia-h200-sxm-141gb", h200, shipped.fp8_inference_matmul_efficiency);
  double held = fp8_gemm_error("nvidia-h100-sxm5-80gb", h100, shipped.fp8_inference_matmul_efficiency);
  double training = fp8_gemm_error("nvidia-h100-sxm5-80gb", h100, 0);  // 0: the training figure
  INFO("FP8 GEMM times: H200 (fit) " << fit << ", H100 " << held << ", H100 at the training efficiency " << training);
  CHECK(fit <= 0.08);
  CHECK(held <= 0.10);
  CHECK(held < training);
}

TEST_CASE("FP8 inference GEMMs: NVIDIA FP8 only; an explicit matmul_efficiency or 0 falls back") {
  PerfAssumptions a;
  const Gpu& h100 = catalog_gpu("nvidia-h100-sxm5-80gb");
  // The H100 SXM5 is Hopper's reference card for the measured-GEMM scaling (FP8 takes its 16-bit
  // share): its own share, to the rounding of the shipped reference (3 digits).
  CHECK(inference_matmul_efficiency_for(h100, "fp8", a) == Approx(a.fp8_inference_matmul_efficiency).epsilon(1e-3));
  CHECK(inference_matmul_efficiency_for(h100, "bf16", a) == Approx(a.nvidia_matmul_efficiency).epsilon(1e-3));
  CHECK(inference_matmul_efficiency_for(catalog_gpu("amd-instinct-mi300x"), "fp8", a) == a.cdna3_fp8_matmul_efficiency);
  PerfAssumptions off = a;
  off.fp8_inference_matmul_efficiency = 0;
  CHECK(inference_matmul_efficiency_for(h100, "fp8", off) == Approx(a.fp8_matmul_efficiency).epsilon(1e-3));
  PerfAssumptions all = a;
  all.matmul_efficiency = 0.5;
  CHECK(inference_matmul_efficiency_for(h100, "fp8", all) == 0.5);
}

TEST_CASE("decode GEMM table", "[.decode-gemm-table]") {
  std::printf("| GPU | rows (M) | measured | predicted | error |\n|---|---|---|---|---|\n");
  for (const DecodeGemmRow& r : all_decode_gemms()) {
    double e = decode_gemm_error(r);
    std::printf("| %s | %.0f | %.1f us | %.1f us | %+.1f %% |\n", r.gpu.c_str(), r.m, r.seconds * 1e6,
                r.seconds * (1 + e) * 1e6, 100 * e);
  }
}

TEST_CASE("FP8 inference GEMM efficiency fit", "[.fit-constants]") {
  double fit = fp8_inference_efficiency_fit();
  std::printf("fp8_inference_matmul_efficiency = %.3f (H200 FP8 GEMMs, mean absolute error %.1f %%; the H100's %.1f %%, at fp8_matmul_efficiency %.2f %.1f %%)\n",
              fit, 100 * fp8_gemm_error("nvidia-h200-sxm-141gb", measured_fp8_gemms("h200-sxm-vm-2026-11-26.json"), fit),
              100 * fp8_gemm_error("nvidia-h100-sxm5-80gb", measured_fp8_gemms("h100-sxm-vm-2026-11-26.json"), fit),
              PerfAssumptions{}.fp8_matmul_efficiency,
              100 * fp8_gemm_error("nvidia-h100-sxm5-80gb", measured_fp8_gemms("h100-sxm-vm-2026-11-26.json"), 0));
}

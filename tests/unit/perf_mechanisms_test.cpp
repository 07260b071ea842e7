// Mechanisms of the performance model tied to what a card and a framework actually run: a card's
// measured GEMM rate against its generation's reference card and the share of it the card holds
// under sustained load, llama.cpp's older prefill path that
// dequantises weights before a 16-bit GEMM and its decode kernels' ceiling per SM cycle, pipeline
// stages' sends in inference, eager frameworks' dropouts, head-layout copies and bias
// gradients, their fixed cost per layer and the SMs' ceiling on their bandwidth, and autocast's
// fp32 residual stream and weight casts.
// Each check fails if its mechanism is dropped or priced differently from its stated bytes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "builtin_gpu.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/weight_format.hpp"

using namespace rigplan;
using rigplan::test_parts::gpu;

namespace {

Gpu measured(const char* id, double fp16_share, double bf16_share) {
  Gpu g = gpu(id);
  g.measured_matmul.fp16_tflops = fp16_share * *g.tflops.fp16;
  g.measured_matmul.bf16_tflops = bf16_share * *g.tflops.bf16;
  g.measured_matmul.source = "test";
  return g;
}

Workload bert_large_hf() {
  Workload w;
  w.model = custom_model(0, 24, 1024, 16, 16, 4096, 0);
  w.precision = "fp16";
  w.seq = 384;
  w.micro_batch = w.batch = 16;
  w.attention = Attention::Standard;
  w.framework = Framework::Hf;
  return w;
}

}  // namespace

TEST_CASE("efficiency: a card's measured GEMM share scales NVIDIA's 16-bit figure over its generation's reference") {
  PerfAssumptions a;
  const double nv = a.nvidia_matmul_efficiency;
  // At the reference share, the fitted figure; at half of it, half; fp16 and bf16 each by their own.
  Gpu ref = measured("nvidia-rtx-a6000", a.reference_fp16_gemm_share, a.reference_bf16_gemm_share);
  CHECK(matmul_efficiency_for(ref, "fp16", a) == Approx(nv));
  CHECK(matmul_efficiency_for(ref, "bf16", a) == Approx(nv));
  Gpu half = measured("nvidia-rtx-a6000", a.reference_fp16_gemm_share / 2, a.reference_bf16_gemm_share);
  CHECK(matmul_efficiency_for(half, "fp16", a) == Approx(nv / 2));
  CHECK(matmul_efficiency_for(half, "bf16", a) == Approx(nv));
  // Weight-only int4 dequantises to 16-bit: the 16-bit figure, scaled.
  CHECK(matmul_efficiency_for(half, "int4", a) == Approx(matmul_efficiency_for(half, "bf16", a)));
  // Hopper cards against the H100 SXM5's share.
  Gpu hopper = measured("nvidia-h100-pcie-80gb", a.hopper_reference_fp16_gemm_share, a.hopper_reference_bf16_gemm_share);
  CHECK(matmul_efficiency_for(hopper, "bf16", a) == Approx(nv));
  // FP8 runs on the same tensor cores at the same clocks: its figure scaled by the card's 16-bit
  // share (1 on the H100 SXM5's, where it was fitted), in training and in a prefill; fp32 runs on
  // other units, unscaled.
  CHECK(matmul_efficiency_for(hopper, "fp8", a) == Approx(a.fp8_matmul_efficiency));
  Gpu slow_ada = measured("nvidia-l40s", a.reference_fp16_gemm_share / 2, a.reference_bf16_gemm_share / 2);
  CHECK(matmul_efficiency_for(slow_ada, "fp8", a) == Approx(a.fp8_matmul_efficiency / 2));
  CHECK(inference_matmul_efficiency_for(slow_ada, "fp8", a) == Approx(a.fp8_inference_matmul_efficiency / 2));
  CHECK(measured_gemm_scale_for(slow_ada, "fp8", a) == Approx(0.5));
  CHECK(matmul_efficiency_for(half, "fp32", a) == Approx(a.fp32_matmul_efficiency));
  // What the output reports as the factor is the one applied.
  CHECK(measured_gemm_scale_for(half, "fp16", a) == Approx(0.5));
  CHECK(measured_gemm_scale_for(hopper, "fp8", a) == Approx(1));
  CHECK(measured_gemm_scale_for(half, "fp32", a) == 1);
  // No measurement, a reference of 0, or an explicit efficiency: no scaling.
  CHECK(matmul_efficiency_for(gpu("nvidia-rtx-4500-ada"), "fp16", a) == Approx(nv));
  // One 16-bit type measured: it stands for the other on a card rated alike in both (against the
  // other's reference), not on one whose FP16 and BF16 peaks differ (Turing: no BF16 units).
  Gpu bf16_only = gpu("nvidia-rtx-a6000");
  bf16_only.measured_matmul = {std::nullopt, a.reference_bf16_gemm_share / 2 * *bf16_only.tflops.bf16, "test", 1, ""};
  CHECK(matmul_efficiency_for(bf16_only, "fp16", a) == Approx(nv / 2));
  CHECK(matmul_efficiency_for(bf16_only, "bf16", a) == Approx(nv / 2));
  Gpu fp16_only = gpu("nvidia-rtx-a6000");
  fp16_only.measured_matmul = {a.reference_fp16_gemm_share / 4 * *fp16_only.tflops.fp16, std::nullopt, "test", 1, ""};
  CHECK(matmul_efficiency_for(fp16_only, "bf16", a) == Approx(nv / 4));
  Gpu unlike = fp16_only;
  unlike.tflops.bf16 = *unlike.tflops.fp16 / 2;
  CHECK(matmul_efficiency_for(unlike, "bf16", a) == Approx(nv));
  PerfAssumptions off = a;
  off.reference_fp16_gemm_share = 0;
  CHECK(matmul_efficiency_for(half, "fp16", off) == Approx(nv));
  PerfAssumptions all = a;
  all.matmul_efficiency = 0.5;
  CHECK(matmul_efficiency_for(half, "fp16", all) == 0.5);
  CHECK(measured_gemm_scale_for(half, "fp16", all) == 1);
}

TEST_CASE("efficiency: the reference shares are the reference cards' own catalog measurements") {
  PerfAssumptions a;
  auto share = [](const Gpu& g, bool bf16) {
    REQUIRE((bf16 ? g.measured_matmul.bf16_tflops : g.measured_matmul.fp16_tflops));
    return bf16 ? *g.measured_matmul.bf16_tflops / *g.tflops.bf16 : *g.measured_matmul.fp16_tflops / *g.tflops.fp16;
  };
  const Gpu& a100 = gpu("nvidia-a100-sxm4-80gb");
  const Gpu& h100 = gpu("nvidia-h100-sxm5-80gb");
  CHECK(a.reference_fp16_gemm_share == Approx(share(a100, false)).margin(5e-4));
  CHECK(a.reference_bf16_gemm_share == Approx(share(a100, true)).margin(5e-4));
  CHECK(a.hopper_reference_fp16_gemm_share == Approx(share(h100, false)).margin(5e-4));
  CHECK(a.hopper_reference_bf16_gemm_share == Approx(share(h100, true)).margin(5e-4));
  // Every card on record is measured below 1.3x its peak (the catalog check) and above a third.
  for (const Gpu& g : Catalog::builtin().all<Gpu>()) {
    INFO(g.id);
    if (g.measured_matmul.fp16_tflops) CHECK(share(g, false) > 0.33);
    if (g.measured_matmul.bf16_tflops) CHECK(share(g, true) > 0.33);
  }
}

TEST_CASE("inference: llama.cpp's older prefill dequantises every weight matrix once per ubatch") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-3090-fe"), 1, true));
  Workload w;
  w.model = *find_model("llama-2-7b");
  w.mode = Mode::Infer;
  w.precision = "int4";
  w.weight_format = "q4_0";
  w.context = 4096;
  PerfAssumptions old_path;
  old_path.mmq_int8_efficiency = 0;  // the 16-bit GEMM path
  old_path.prefill_layer_overhead_s = 1e-12;  // its per-ubatch launches aside (tested below)
  PerfAssumptions none = old_path;
  none.llamacpp_ubatch_tokens = 0;
  double bw = gpu("nvidia-rtx-3090-fe").memory_bandwidth_gb_s * 1e9 * old_path.memory_efficiency;
  double one_pass = (weight_bytes(w) + 2 * w.model.params) / bw;
  for (int prompt : {512, 1024, 2048}) {
    INFO(prompt);
    double extra = inference_perf(w, s, prompt, 1, old_path).ttft_s - inference_perf(w, s, prompt, 1, none).ttft_s;
    CHECK(extra == Approx(std::ceil(prompt / 512.0) * one_pass).epsilon(1e-6));
  }
  // MMQ multiplies the blocks as they are, and a 16-bit model has nothing to convert.
  PerfAssumptions mmq;
  PerfAssumptions mmq_none = mmq;
  mmq_none.llamacpp_ubatch_tokens = 0;
  CHECK(inference_perf(w, s, 512, 1, mmq).ttft_s == Approx(inference_perf(w, s, 512, 1, mmq_none).ttft_s));
  w.precision = "fp16";
  w.weight_format = "";
  CHECK(inference_perf(w, s, 512, 1, old_path).ttft_s == Approx(inference_perf(w, s, 512, 1, none).ttft_s));
}

TEST_CASE("efficiency: FP16 with FP16 accumulation runs at half the INT8 tensor rate, twice the FP32-accumulating one on GeForce") {
  CHECK(fp16_accumulate_peak_flops(gpu("nvidia-rtx-4090-fe")) == Approx(330.3e12));   // 165.2 FP32-accumulating
  CHECK(fp16_accumulate_peak_flops(gpu("nvidia-rtx-3090-fe")) == Approx(142e12));     // 71
  CHECK(fp16_accumulate_peak_flops(gpu("nvidia-rtx-a6000")) == Approx(154.85e12));    // 154.8: the same
  CHECK(fp16_accumulate_peak_flops(gpu("nvidia-a100-sxm4-80gb")) == Approx(312e12));
  // No INT8 figure (Volta) or another vendor: the fp16 figure.
  CHECK(fp16_accumulate_peak_flops(gpu("nvidia-v100-sxm2-32gb")) == Approx(125e12));
  CHECK(fp16_accumulate_peak_flops(gpu("amd-radeon-rx-7900-xtx")) == Approx(peak_flops(gpu("amd-radeon-rx-7900-xtx"), "fp16")));
}

namespace {
Workload gguf_prompt(const char* format, const char* precision) {
  Workload w;
  w.model = *find_model("llama-3-8b");
  w.mode = Mode::Infer;
  w.precision = precision;
  w.weight_format = format;
  w.context = 8192;
  return w;
}
}  // namespace

TEST_CASE("inference: llama.cpp's cuBLAS prompt GEMMs run at llamacpp_cublas_efficiency of the FP16-accumulate peak") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  PerfAssumptions a;
  a.mmq_int8_efficiency = 0;  // builds before June 2024
  a.prefill_layer_overhead_s = 1e-12;
  PerfAssumptions off = a;
  off.llamacpp_cublas_efficiency = 0;  // the 16-bit GEMM at the inference GEMM efficiency
  Workload f16 = gguf_prompt("f16", "fp16");
  const Gpu& g = gpu("nvidia-rtx-4090-fe");
  double cublas = fp16_accumulate_peak_flops(g) * a.llamacpp_cublas_efficiency * measured_gemm_scale_for(g, "fp16", a);
  double generic = peak_flops(g, "fp16") * inference_matmul_efficiency_for(g, "fp16", a);
  // A long prompt's time is its GEMMs': the two rates' ratio, within the attention's share.
  double ratio = inference_perf(f16, s, 4096, 1, off).ttft_s / inference_perf(f16, s, 4096, 1, a).ttft_s;
  CHECK(ratio == Approx(cublas / generic).epsilon(0.08));
  // Block formats take it where MMQ is off; with MMQ on, MMQ's rate; other engines' formats never.
  Workload q4 = gguf_prompt("q4_k_m", "int4");
  CHECK(inference_perf(q4, s, 4096, 1, a).ttft_s < inference_perf(q4, s, 4096, 1, off).ttft_s);
  PerfAssumptions mmq = a;
  mmq.mmq_int8_efficiency = PerfAssumptions{}.mmq_int8_efficiency;
  PerfAssumptions mmq_off = mmq;
  mmq_off.llamacpp_cublas_efficiency = 0;
  CHECK(inference_perf(q4, s, 4096, 1, mmq).ttft_s == Approx(inference_perf(q4, s, 4096, 1, mmq_off).ttft_s));
  Workload bf16 = gguf_prompt("", "bf16");
  CHECK(inference_perf(bf16, s, 4096, 1, a).ttft_s == Approx(inference_perf(bf16, s, 4096, 1, off).ttft_s));
}

TEST_CASE("inference: llama.cpp builds before April 2024 run the cuBLAS prompt GEMMs at llamacpp_early_2024_prompt_share") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-3090-fe"), 1, true));
  PerfAssumptions april;
  april.mmq_int8_efficiency = 0;
  april.prefill_layer_overhead_s = 1e-12;
  april.llamacpp_build_month = 202404;
  april.llamacpp_early_2024_prompt_share = 0.5;
  PerfAssumptions current = april, march = april, march_none = april;
  current.llamacpp_build_month = 0;
  march.llamacpp_build_month = march_none.llamacpp_build_month = 202403;
  march_none.llamacpp_early_2024_prompt_share = 1;
  Workload f16 = gguf_prompt("f16", "fp16");
  auto ttft = [&](const Workload& w, const PerfAssumptions& x) { return inference_perf(w, s, 4096, 1, x).ttft_s; };
  // April 2024's builds and later, and a current one, take the fitted rate whatever the share.
  CHECK(ttft(f16, april) == Approx(ttft(f16, current)));
  // March's its share of it: a long prompt's time is its GEMMs', within the attention's share.
  CHECK(ttft(f16, march) / ttft(f16, march_none) == Approx(2).epsilon(0.1));
  // Block formats on the same path too; other engines' prompts (no GGUF format) never.
  Workload q4 = gguf_prompt("q4_0", "int4");
  CHECK(ttft(q4, march) > 1.5 * ttft(q4, march_none));
  Workload bf16 = gguf_prompt("", "bf16");
  CHECK(ttft(bf16, march) == Approx(ttft(bf16, march_none)));
}

TEST_CASE("inference: on Hopper llama.cpp's cuBLAS prompt GEMMs run at the legacy mma.sync instructions' share of the peak") {
  PerfAssumptions a, none;
  none.hopper_legacy_mma_share = 0;  // no such share: the instructions at their full rate
  const Gpu& h100 = gpu("nvidia-h100-pcie-80gb");
  const Gpu& ada = gpu("nvidia-rtx-4090-fe");
  CHECK(legacy_mma_share_for(h100, a) == Approx(a.hopper_legacy_mma_share));
  CHECK(legacy_mma_share_for(h100, none) == 1);
  CHECK(legacy_mma_share_for(ada, a) == 1);
  PerfSystem hopper = perf_system(hardware_from_gpu(h100, 1, true));
  PerfSystem geforce = perf_system(hardware_from_gpu(ada, 1, true));
  Workload q4 = gguf_prompt("q4_k_m", "int4"), f16 = gguf_prompt("f16", "fp16");
  // The cuBLAS path: F16 weights, and block formats before June 2024.
  PerfAssumptions may = a, may_none = none;
  may.llamacpp_build_month = may_none.llamacpp_build_month = 202405;
  const struct {
    const Workload& w;
    const PerfAssumptions &with, &without;
  } paths[] = {{f16, a, none}, {q4, may, may_none}};
  for (const auto& p : paths) {
    double on = inference_perf(p.w, hopper, 4096, 1, p.with).prefill_gemm_flops;
    double off = inference_perf(p.w, hopper, 4096, 1, p.without).prefill_gemm_flops;
    REQUIRE(off > 0);
    CHECK(on / off == Approx(a.hopper_legacy_mma_share));
    CHECK(inference_perf(p.w, geforce, 4096, 1, p.with).prefill_gemm_flops ==
          Approx(inference_perf(p.w, geforce, 4096, 1, p.without).prefill_gemm_flops));
  }
  // MMQ's rate follows SM cycles (mmq_rate_for), not the tensor peak: the share does not touch it.
  CHECK(inference_perf(q4, hopper, 4096, 1, a).prefill_gemm_flops ==
        Approx(inference_perf(q4, hopper, 4096, 1, none).prefill_gemm_flops));
}

TEST_CASE("efficiency: a card that holds a share of its measured GEMM rate under sustained load runs its GEMMs at that share") {
  PerfAssumptions a;
  const double nv = a.nvidia_matmul_efficiency;
  Gpu burst = measured("nvidia-l40s", a.reference_fp16_gemm_share, a.reference_bf16_gemm_share);
  Gpu held = burst;
  held.measured_matmul.sustained_share = 0.7;
  held.measured_matmul.sustained_source = "test";
  // Training's and a prefill's 16-bit and FP8 GEMMs, and the factor the output reports.
  CHECK(matmul_efficiency_for(held, "bf16", a) == Approx(0.7 * nv));
  CHECK(matmul_efficiency_for(held, "fp8", a) == Approx(0.7 * a.fp8_matmul_efficiency));
  CHECK(inference_matmul_efficiency_for(held, "fp8", a) == Approx(0.7 * a.fp8_inference_matmul_efficiency));
  CHECK(measured_gemm_scale_for(held, "fp16", a) == Approx(0.7));
  CHECK(measured_gemm_scale_for(held, "fp32", a) == 1);  // FP32 units: no measured scale at all
  // llama.cpp's cuBLAS prompt GEMMs take it; its MMQ kernels (SMs x clock) and a decode step's
  // weight streaming do not.
  PerfSystem sb = perf_system(hardware_from_gpu(burst, 1, true)), sh = perf_system(hardware_from_gpu(held, 1, true));
  Workload f16 = gguf_prompt("f16", "fp16"), q4 = gguf_prompt("q4_k_m", "int4");
  CHECK(inference_perf(f16, sh, 4096, 1, a).prefill_gemm_flops ==
        Approx(0.7 * inference_perf(f16, sb, 4096, 1, a).prefill_gemm_flops));
  CHECK(inference_perf(q4, sh, 4096, 1, a).prefill_gemm_flops == Approx(inference_perf(q4, sb, 4096, 1, a).prefill_gemm_flops));
  CHECK(inference_perf(q4, sh, 4096, 1, a).weight_bw == Approx(inference_perf(q4, sb, 4096, 1, a).weight_bw));
  // The catalog's cards with one (the RTX 6000 Ada and the L4) carry the measurement it comes from.
  for (const char* id : {"nvidia-rtx-6000-ada", "nvidia-l4"}) {
    const Gpu& g = gpu(id);
    INFO(id);
    CHECK(g.measured_matmul.sustained_share < 0.85);
    CHECK_FALSE(g.measured_matmul.sustained_source.empty());
  }
}

TEST_CASE("inference: llama.cpp's MMQ rate is per SM cycle, the same share of the INT8 peak on GeForce-class SMs") {
  PerfAssumptions a;
  // GeForce and workstation SMs from Turing to Blackwell do 2,048 INT8 operations a cycle: there
  // the rate is the share of the card's INT8 peak (within the catalog's rounding of the peaks).
  for (const char* id : {"nvidia-rtx-3080-fe", "nvidia-rtx-4090-fe", "nvidia-rtx-5090-fe", "nvidia-rtx-6000-ada"}) {
    const Gpu& g = gpu(id);
    INFO(id);
    CHECK(mmq_rate_for(g, a) == Approx(a.mmq_int8_efficiency * *g.tflops.int8 * 1e12).epsilon(0.02));
  }
  // The A100's SMs do twice that: half its INT8 peak's share, 0.238 x 2,048 x 108 SMs x 1.41 GHz.
  const Gpu& a100 = gpu("nvidia-a100-sxm4-80gb");
  CHECK(mmq_rate_for(a100, a) == Approx(a.mmq_int8_efficiency * *a100.tflops.int8 * 1e12 / 2).epsilon(0.02));
  CHECK(mmq_rate_for(a100, a) == Approx(a.mmq_int8_efficiency * 2048 * 108 * 1.41e9).epsilon(0.01));
  // Turing takes its own share; MMQ off (0) is no rate.
  const Gpu& turing = gpu("nvidia-rtx-2080-ti-fe");
  CHECK(mmq_rate_for(turing, a) == Approx(a.turing_mmq_int8_efficiency * *turing.tflops.int8 * 1e12).epsilon(0.02));
  PerfAssumptions off = a;
  off.mmq_int8_efficiency = 0;
  CHECK(mmq_rate_for(a100, off) == 0);
}

TEST_CASE("inference: llama.cpp builds before June 2024 prefill block formats without MMQ") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  Workload w = gguf_prompt("q4_k_m", "int4");
  PerfAssumptions may, no_mmq, june;
  may.llamacpp_build_month = no_mmq.llamacpp_build_month = 202405;
  no_mmq.mmq_int8_efficiency = 0;
  june.llamacpp_build_month = 202406;
  CHECK(inference_perf(w, s, 512, 1, may).ttft_s == Approx(inference_perf(w, s, 512, 1, no_mmq).ttft_s));
  CHECK(inference_perf(w, s, 512, 1, june).ttft_s != Approx(inference_perf(w, s, 512, 1, no_mmq).ttft_s));
}

TEST_CASE("inference: llama.cpp pays a prompt's per-layer fixed cost once a ubatch") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  Workload w = gguf_prompt("f16", "fp16");  // 16-bit: nothing dequantised per ubatch
  PerfAssumptions a, whole = a;
  whole.llamacpp_ubatch_tokens = 4096;
  double extra = inference_perf(w, s, 4096, 1, a).ttft_s - inference_perf(w, s, 4096, 1, whole).ttft_s;
  CHECK(extra == Approx(7 * w.model.layers * a.prefill_layer_overhead_s).epsilon(1e-6));  // 8 ubatches of 512, not 1
  // Other engines evaluate the prompt at once.
  Workload engine = gguf_prompt("", "bf16");
  CHECK(inference_perf(engine, s, 4096, 1, a).ttft_s == Approx(inference_perf(engine, s, 4096, 1, whole).ttft_s));
}

TEST_CASE("inference: a prompt computes the output layer for its last token only, and looks its input embedding up") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  PerfAssumptions a;
  a.prefill_layer_overhead_s = 1e-12;
  Workload w = gguf_prompt("", "bf16");
  const ModelSpec& m = w.model;  // untied: 128256 x 4096 twice
  const double vocab = static_cast<double>(m.vocab) * m.hidden;
  double t = inference_perf(w, s, 4096, 1, a).ttft_s;
  // Against a model with the same layers and no vocabulary: the difference is one token's output layer.
  Workload bare = w;
  bare.model.vocab = 0;
  bare.model.params = m.params - 2 * vocab;
  double layers_only = inference_perf(bare, s, 4096, 1, a).ttft_s;
  CHECK(t > layers_only);
  CHECK(t - layers_only < 0.001 * layers_only);
  // llama.cpp builds before April 2024 ran the output layer for every prompt token: 4096 x its FLOPs more.
  Workload gguf = gguf_prompt("f16", "fp16");
  PerfAssumptions old = a, newer = a;
  old.llamacpp_build_month = 202401;
  newer.llamacpp_build_month = 202405;
  old.mmq_int8_efficiency = newer.mmq_int8_efficiency = 0;
  old.llamacpp_early_2024_prompt_share = 1;  // the early builds' GEMM rate apart (tested below)
  double extra = inference_perf(gguf, s, 4096, 1, old).ttft_s - inference_perf(gguf, s, 4096, 1, newer).ttft_s;
  CHECK(extra > 0);
  double share = vocab / (m.params - 2 * vocab);  // the output layer's FLOPs over the layers'
  CHECK(extra / inference_perf(gguf, s, 4096, 1, newer).ttft_s == Approx(share).epsilon(0.2));
}

TEST_CASE("inference: a prompt without flash attention moves its scores through memory") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-3090-fe"), 1, true));
  PerfAssumptions a;
  Workload w = gguf_prompt("f16", "fp16");
  Workload standard = w;
  standard.attention = Attention::Standard;
  const ModelSpec& m = w.model;
  double bw = gpu("nvidia-rtx-3090-fe").memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  // llama.cpp evaluates 4096 tokens in ubatches of 512, each against every cached token so far:
  // 512 x 512 x (1 + 2 + ... + 8) scores a head and layer.
  double scores = 512.0 * 512 * 36 * m.heads * m.layers;
  double extra = inference_perf(standard, s, 4096, 1, a).ttft_s - inference_perf(w, s, 4096, 1, a).ttft_s;
  CHECK(extra == Approx(scores * a.prefill_score_bytes / bw).epsilon(1e-6));
  // Other engines evaluate the prompt whole: the full square.
  Workload engine = standard;
  engine.weight_format = "";
  engine.precision = "bf16";
  Workload flash = engine;
  flash.attention = Attention::Flash;
  double full = 4096.0 * 4096 * m.heads * m.layers;
  extra = inference_perf(engine, s, 4096, 1, a).ttft_s - inference_perf(flash, s, 4096, 1, a).ttft_s;
  CHECK(extra == Approx(full * a.prefill_score_bytes / bw).epsilon(1e-6));
  PerfAssumptions none = a;
  none.prefill_score_bytes = 0;
  CHECK(inference_perf(standard, s, 4096, 1, none).ttft_s == Approx(inference_perf(w, s, 4096, 1, none).ttft_s));
  // A last, partial ubatch scores its tokens against the whole prompt: 1000 tokens, 512 x 512 + 488 x 1000.
  extra = inference_perf(standard, s, 1000, 1, a).ttft_s - inference_perf(w, s, 1000, 1, a).ttft_s;
  CHECK(extra == Approx((512.0 * 512 + 488.0 * 1000) * m.heads * m.layers * a.prefill_score_bytes / bw).epsilon(1e-6));
  // A ubatch below one token (an override) scores the prompt whole: the count stays finite and quick.
  PerfAssumptions tiny = a;
  tiny.llamacpp_ubatch_tokens = 1e-9;
  CHECK(std::isfinite(inference_perf(standard, s, 4096, 1, tiny).ttft_s));
}

TEST_CASE("inference: llama.cpp's decode kernels read at most llamacpp_decode_bytes_per_sm_cycle a SM a cycle") {
  // Llama 2 7B in GGUF F16, batch 1: on an A100 (108 SMs at 1.41 GHz: 6.24 x 152 G cycles = 951
  // GB/s, below 80 % of its 1,935 GB/s) the weights stream at the ceiling; on an RTX 4090 (128 SMs
  // at 2.52 GHz) the ceiling is far above its bandwidth and nothing changes; uncapped, llama.cpp's
  // 16-bit kernels stream at gguf_16bit_decode_efficiency, the same 16 bits with no GGUF format
  // (another engine's kernels) at memory_efficiency.
  Workload w;
  w.model = *find_model("llama-2-7b");
  w.mode = Mode::Infer;
  w.precision = "fp16";
  w.weight_format = "f16";
  w.context = 640;
  PerfAssumptions a, none;
  none.llamacpp_decode_bytes_per_sm_cycle = 0;
  none.decode_layer_overhead_s = a.decode_layer_overhead_s = 0;
  const Gpu a100 = gpu("nvidia-a100-pcie-80gb");
  PerfSystem s = perf_system(hardware_from_gpu(a100, 1, true));
  double streamed = weight_bytes(w) - input_embedding_bytes(w);
  double ceiling = sm_cycles_per_s(a100) * a.llamacpp_decode_bytes_per_sm_cycle;
  const double bw = a100.memory_bandwidth_gb_s * 1e9;
  REQUIRE(ceiling < bw * a.memory_efficiency);
  REQUIRE(a.gguf_16bit_decode_efficiency > 0);
  double with = inference_perf(w, s, 128, 1, a).itl_s, without = inference_perf(w, s, 128, 1, none).itl_s;
  double attention = without - streamed / (bw * a.gguf_16bit_decode_efficiency);
  CHECK(with == Approx(streamed / ceiling + attention).epsilon(1e-6));
  Workload other = w;
  other.weight_format = "";
  CHECK(inference_perf(other, s, 128, 1, a).itl_s == Approx(streamed / (bw * a.memory_efficiency) + attention).epsilon(1e-6));
  PerfSystem g = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  CHECK(inference_perf(w, g, 128, 1, a).itl_s == Approx(inference_perf(w, g, 128, 1, none).itl_s));
  // Block formats: the smaller of their share of bandwidth and the ceiling.
  w.precision = "int4";
  w.weight_format = "q4_0";
  double q4 = weight_bytes(w) - input_embedding_bytes(w);
  double share = a100.memory_bandwidth_gb_s * 1e9 * a.block_quant_decode_efficiency;
  CHECK(inference_perf(w, s, 128, 1, a).itl_s - inference_perf(w, s, 128, 1, none).itl_s ==
        Approx(q4 / std::min(share, ceiling) - q4 / share).epsilon(1e-6));
}

namespace {

// Llama 3 70B in fp16 served over four A100s as four pipeline stages, and their system.
Workload llama70b_four_stages() {
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.mode = Mode::Infer;
  w.precision = "fp16";
  w.pp = 4;
  w.context = 1024;
  return w;
}

PerfSystem four_a100s() { return perf_system(hardware_from_gpu(gpu("nvidia-a100-pcie-80gb"), 4, true)); }

}  // namespace

TEST_CASE("inference: pipeline stages send the hidden states at each of their pp - 1 boundaries") {
  // Llama 3 70B in fp16 over four A100s as four stages: a decode step of batch 8 pays three sends
  // of 8 x hidden x 2 bytes, each the link's latency plus its bytes at the link's efficiency; a
  // 512-token prompt three sends of 512 x hidden x 2 bytes. Without a link, none.
  Workload w = llama70b_four_stages();
  PerfAssumptions a;
  PerfSystem s = four_a100s();
  REQUIRE(s.intra.gb_s > 0);
  PerfSystem none = s;
  none.intra.gb_s = 0;
  double h = w.model.hidden, eff = link_efficiency(s.intra, a);
  auto send = [&](double tokens) { return tokens * h * 2 / (s.intra.gb_s * 1e9 * eff) + s.intra.latency_s; };
  CHECK(inference_perf(w, s, 512, 8, a).itl_s - inference_perf(w, none, 512, 8, a).itl_s ==
        Approx(3 * send(8)).epsilon(1e-6));
  CHECK(inference_perf(w, s, 512, 8, a).ttft_s - inference_perf(w, none, 512, 8, a).ttft_s ==
        Approx(3 * send(512)).epsilon(1e-6));
  w.pp = 1;
  CHECK(inference_perf(w, s, 512, 8, a).itl_s == Approx(inference_perf(w, none, 512, 8, a).itl_s));
}

TEST_CASE("inference: llama.cpp's layer split pays its boundary cost at each of the pp - 1 boundaries, other engines do not") {
  // The same 70B over four A100s as four stages, in GGUF F16 (llama.cpp) and in plain fp16: the
  // GGUF step and prompt each pay 3 x llamacpp_stage_boundary_s more than without it; plain fp16
  // pays nothing for it; one stage pays nothing.
  Workload w = llama70b_four_stages();
  PerfSystem s = four_a100s();
  PerfAssumptions a, zero;
  zero.llamacpp_stage_boundary_s = 0;
  REQUIRE(a.llamacpp_stage_boundary_s > 0);
  w.weight_format = "f16";
  CHECK(inference_perf(w, s, 512, 1, a).itl_s - inference_perf(w, s, 512, 1, zero).itl_s ==
        Approx(3 * a.llamacpp_stage_boundary_s).epsilon(1e-6));
  CHECK(inference_perf(w, s, 512, 1, a).ttft_s - inference_perf(w, s, 512, 1, zero).ttft_s ==
        Approx(3 * a.llamacpp_stage_boundary_s).epsilon(1e-6));
  w.weight_format = "";
  CHECK(inference_perf(w, s, 512, 1, a).itl_s == Approx(inference_perf(w, s, 512, 1, zero).itl_s));
  w.weight_format = "f16";
  w.pp = 1;
  CHECK(inference_perf(w, s, 512, 1, a).itl_s == Approx(inference_perf(w, s, 512, 1, zero).itl_s));
}

TEST_CASE("step: eager frameworks pay the hidden states' dropouts and the heads' layout copies; Megatron fuses them") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  PerfAssumptions a;
  double bw = gpu("nvidia-rtx-4090-fe").memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  double tokens = 16.0 * 384, h = 1024, el = 2;
  Workload w = bert_large_hf();
  // Two dropouts a layer, each reading the input and writing the output and a one-byte mask, and
  // the same bytes backward.
  StepBreakdown plain = training_step(w, s, a);
  w.model.hidden_dropout = 0.1;
  StepBreakdown dropped = training_step(w, s, a);
  CHECK(dropped.step_s - plain.step_s == Approx(24 * 2 * (2 * tokens * h * (2 * el + 1)) / bw).epsilon(1e-6));
  // One more copy pass of the query, key, value and context each way.
  PerfAssumptions more = a;
  more.eager_head_copy_passes += 1;
  CHECK(training_step(w, s, more).step_s - dropped.step_s == Approx(24 * 2 * (tokens * 4 * h * el) / bw).epsilon(1e-6));
  // Megatron: fused bias-dropout-add and strided views.
  w.framework = Framework::Megatron;
  StepBreakdown meg = training_step(w, s, a);
  CHECK(training_step(w, s, more).step_s == Approx(meg.step_s));
  w.model.hidden_dropout = 0;
  CHECK(training_step(w, s, a).step_s == Approx(meg.step_s));
}

TEST_CASE("efficiency: SMs x clock from the fp32 peak and the fp32 lanes of the compute capability") {
  // 132 SMs at 1.98 GHz; 108 at 1.41 GHz (GA100: 64 lanes); 142 at 2.505 GHz (Ada: 128 lanes).
  CHECK(sm_cycles_per_s(gpu("nvidia-h100-sxm5-80gb")) == Approx(67e12 / 256));
  CHECK(sm_cycles_per_s(gpu("nvidia-a100-sxm4-80gb")) == Approx(19.5e12 / 128));
  CHECK(sm_cycles_per_s(gpu("nvidia-rtx-6000-ada")) == Approx(91.1e12 / 256));
  CHECK(sm_cycles_per_s(gpu("nvidia-quadro-rtx-8000")) == Approx(16.3e12 / 128));  // Turing: 64
  CHECK(sm_cycles_per_s(gpu("amd-instinct-mi300x")) == 0);  // compute units counted otherwise
  Gpu unknown = gpu("nvidia-h100-sxm5-80gb");
  unknown.compute_capability = "";
  CHECK(sm_cycles_per_s(unknown) == 0);
}

TEST_CASE("step: eager ops run at the SMs' ceiling where it is below the memory's; fused kernels do not") {
  // An H200's 132 SMs at 1.98 GHz move eager_op_bytes_per_sm_cycle x 261 G a second, below 80 % of
  // its 4.8 TB/s; an RTX 4090's 128 at 2.52 GHz do not bind its 1008 GB/s.
  PerfAssumptions a, none;
  none.eager_op_bytes_per_sm_cycle = 0;
  double tokens = 16.0 * 384, h = 1024, el = 2;
  const Gpu& h200 = gpu("nvidia-h200-sxm-141gb");
  double ceiling = sm_cycles_per_s(h200) * a.eager_op_bytes_per_sm_cycle;
  double bw = h200.memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  REQUIRE(ceiling < bw);
  PerfSystem s = perf_system(hardware_from_gpu(h200, 1, true));
  Workload w = bert_large_hf();
  StepBreakdown plain = training_step(w, s, a), plain_none = training_step(w, s, none);
  CHECK(plain.step_s > plain_none.step_s);
  // The hidden states' two dropouts, at the ceiling (and at the memory's speed without it).
  w.model.hidden_dropout = 0.1;
  double bytes = 24 * 2 * (2 * tokens * h * (2 * el + 1));
  CHECK(training_step(w, s, a).step_s - plain.step_s == Approx(bytes / ceiling).epsilon(1e-6));
  CHECK(training_step(w, s, none).step_s - plain_none.step_s == Approx(bytes / bw).epsilon(1e-6));
  // The heads' layout copies at their own, lower ceiling: one more pass of the query, key, value
  // and context each way.
  PerfAssumptions more = a;
  more.eager_head_copy_passes += 1;
  double copy_ceiling = sm_cycles_per_s(h200) * a.eager_layout_copy_bytes_per_sm_cycle;
  REQUIRE(copy_ceiling < ceiling);
  CHECK(training_step(w, s, more).step_s - training_step(w, s, a).step_s ==
        Approx(24 * 2 * (tokens * 4 * h * el) / copy_ceiling).epsilon(1e-6));
  // Megatron's fused kernels are not bound by it.
  w.framework = Framework::Megatron;
  CHECK(training_step(w, s, a).step_s == Approx(training_step(w, s, none).step_s));
  // Nor is a card whose SMs outrun its memory.
  w.framework = Framework::Hf;
  PerfSystem s4090 = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  CHECK(training_step(w, s4090, a).step_s == Approx(training_step(w, s4090, none).step_s));
}

TEST_CASE("step: eager frameworks sum each biased linear layer's output gradient; fused kernels and LoRA do not") {
  // At the eager ops' bandwidth (an A100's memory or its SMs' ceiling, the lower): the query, key,
  // value, projection, MLP-in and MLP-out gradients (3h + h + 4h + h per token) read once a layer,
  // backward only.
  PerfAssumptions a;
  double tokens = 16.0 * 384, h = 1024, el = 2;
  const Gpu& a100 = gpu("nvidia-a100-sxm4-80gb");
  double ceiling = sm_cycles_per_s(a100) * a.eager_op_bytes_per_sm_cycle;
  double op_bw = std::min(ceiling, a100.memory_bandwidth_gb_s * 1e9 * a.memory_efficiency);
  PerfSystem s = perf_system(hardware_from_gpu(a100, 1, true));
  Workload w = bert_large_hf();
  StepBreakdown plain = training_step(w, s, a);
  w.model.linear_bias = true;
  StepBreakdown biased = training_step(w, s, a);
  CHECK(biased.step_s - plain.step_s == Approx(24 * tokens * 9 * h * el / op_bw).epsilon(1e-6));
  // Megatron-Core's Transformer Engine layers fold them into their GEMMs.
  Workload meg = w;
  meg.framework = Framework::Megatron;
  Workload meg_plain = meg;
  meg_plain.model.linear_bias = false;
  CHECK(training_step(meg, s, a).step_s == Approx(training_step(meg_plain, s, a).step_s));
  // A LoRA fine-tune leaves the biases frozen.
  Workload lora = w, lora_plain = w;
  lora.mode = lora_plain.mode = Mode::Lora;
  lora_plain.model.linear_bias = false;
  CHECK(training_step(lora, s, a).step_s == Approx(training_step(lora_plain, s, a).step_s));
}

TEST_CASE("step: autocast's fp32 residual stream and weight casts, as stated; not for apex O2 or LoRA") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  PerfAssumptions a;
  double bw = gpu("nvidia-rtx-4090-fe").memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  double tokens = 16.0 * 384, h = 1024, el = 2;
  Workload w = bert_large_hf();  // the Hugging Face Trainer: autocast unless the workload says not
  StepBreakdown framework = training_step(w, s, a);
  w.autocast = false;  // apex O2: the model itself in 16-bit
  StepBreakdown pure = training_step(w, s, a);
  w.autocast = true;
  StepBreakdown cast = training_step(w, s, a);
  CHECK(framework.step_s == Approx(cast.step_s));
  // 24 layers: the forward's elementwise passes 10 -> 24, the backward's backward_memory_factor
  // times as many; every weight cast to 16-bit and its gradient back (12 bytes a parameter); the
  // unfused softmax's scores in fp32 after the fp32 mask, 8.5 -> 16.5 passes forward and 7.5 ->
  // 18.5 backward over batch x heads x s² elements.
  double residual = 24 * (1 + a.backward_memory_factor) * (a.autocast_elementwise_passes - a.elementwise_passes) * tokens * h * el;
  double casts = w.model.params * a.autocast_bytes_per_param;
  double scores = 16.0 * 16 * 384 * 384 * el;
  double softmax = 24 * (a.autocast_eager_softmax_passes - a.eager_softmax_passes + a.autocast_eager_softmax_backward_passes -
                         a.eager_softmax_backward_passes) * scores;
  CHECK(cast.step_s - pure.step_s == Approx((residual + casts + softmax) / bw).epsilon(1e-6));
  // With flash attention the scores never reach memory: the residual stream and the casts alone.
  w.attention = Attention::Flash;
  w.autocast = false;
  StepBreakdown flash_pure = training_step(w, s, a);
  w.autocast = true;
  CHECK(training_step(w, s, a).step_s - flash_pure.step_s == Approx((residual + casts) / bw).epsilon(1e-6));
  w.attention = Attention::Standard;
  // LoRA's frozen base is stored in its own type: no autocast whatever the workload says.
  w.mode = Mode::Lora;
  StepBreakdown lora_cast = training_step(w, s, a);
  w.autocast = false;
  CHECK(training_step(w, s, a).step_s == Approx(lora_cast.step_s));
  // fp32 training has nothing to cast.
  w.mode = Mode::Train;
  w.precision = "fp32";
  w.autocast = true;
  StepBreakdown fp32_cast = training_step(w, s, a);
  w.autocast = false;
  CHECK(training_step(w, s, a).step_s == Approx(fp32_cast.step_s));
}

TEST_CASE("step: eager frameworks pay a fixed cost per layer and micro-batch; Megatron-LM and DeepSpeed do not") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  PerfAssumptions a, none;
  none.eager_layer_overhead_s = 0;
  REQUIRE(a.eager_layer_overhead_s > 0);
  Workload w = bert_large_hf();
  for (Framework f : {Framework::Hf, Framework::Fsdp}) {
    w.framework = f;
    w.micro_batch = 16, w.batch = 16;
    CHECK(training_step(w, s, a).step_s - training_step(w, s, none).step_s == Approx(24 * a.eager_layer_overhead_s));
    // Two micro-batches launch every layer's kernels twice.
    w.batch = 32;
    CHECK(training_step(w, s, a).step_s - training_step(w, s, none).step_s == Approx(2 * 24 * a.eager_layer_overhead_s));
    // Full recompute runs the forward's third again.
    w.batch = 16;
    w.recompute = Recompute::Full;
    CHECK(training_step(w, s, a).step_s - training_step(w, s, none).step_s ==
          Approx(24 * a.eager_layer_overhead_s * 4 / 3).epsilon(1e-6));
    w.recompute = Recompute::None;
  }
  for (Framework f : {Framework::Megatron, Framework::Deepspeed}) {
    w.framework = f;
    CHECK(training_step(w, s, a).step_s == Approx(training_step(w, s, none).step_s));
  }
}

TEST_CASE("step: squared ReLU runs as two eager ops in every framework, 4 passes forward and 6 backward") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  PerfAssumptions a;
  double bw = gpu("nvidia-rtx-4090-fe").memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  for (Framework f : {Framework::Megatron, Framework::Hf}) {
    Workload w = bert_large_hf();
    w.framework = f;
    StepBreakdown gelu = training_step(w, s, a);
    w.model.mlp = "squared_relu";
    StepBreakdown squared = training_step(w, s, a);
    // GeLU: 2 passes over tokens x ffn forward, backward_memory_factor x 2 backward; squared ReLU 4 + 6.
    double more = 4 + 6 - (1 + a.backward_memory_factor) * 2;
    CHECK(squared.step_s - gelu.step_s == Approx(24 * more * 16.0 * 384 * 4096 * 2 / bw).epsilon(1e-6));
    CHECK(squared.model_flops == Approx(gelu.model_flops));
  }
}

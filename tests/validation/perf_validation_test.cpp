// Validation of the performance model (include/rigplan/perf.hpp) against published training and
// inference runs. Each case names its source and tolerance; the runs' setups (hardware, links,
// schedule) are stated where they are built. docs/performance-model.md prints the same
// comparison table (`build/rigplan_tests "[perf-table]" -s` writes it).
#include <algorithm>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>

#include "perf/layer_cost.hpp"
#include "validation/perf_validation_cases.hpp"

using namespace rigplan;
using namespace rigplan::validation;

TEST_CASE("Narayanan et al. 2021, Table 1: achieved TFLOP/s per GPU within 15 % each, 10 % on average") {
  double sum = 0;
  int n = 0;
  for (const auto& c : narayanan_table1()) {
    Prediction p = predict(c);
    INFO(c.label << ": predicted " << p.value << " published " << c.published);
    CHECK(std::abs(p.error()) <= 0.15);
    sum += std::abs(p.error());
    ++n;
  }
  CHECK(sum / n <= 0.10);
}

TEST_CASE("Narayanan et al. 2021, Table 2: ZeRO-3 without model parallelism within 30 %") {
  // The 1536-GPU row's step (67 s) is longer than its compute plus all of its ZeRO-3 traffic
  // (52 s predicted): the model is 27 % optimistic there; the 768-GPU row is within 1 %.
  for (const auto& c : narayanan_table2_zero3()) {
    Prediction p = predict(c);
    INFO(c.label << ": predicted " << p.value << " published " << c.published);
    CHECK(std::abs(p.error()) <= 0.30);
  }
}

TEST_CASE("Korthikanti et al. 2022, Table 4: one GPT-22B layer's forward and backward times within 10 %") {
  // The A100 matmul efficiency is calibrated on this table (see perf_assumptions.cpp); the
  // end-to-end cases below are the validation. Micro-batch 4 of 2048 tokens, TP 8 on NVLink.
  struct Row { const char* recompute; bool sp; double fwd_ms, bwd_ms; };
  const Row rows[] = {{"none", false, 7.7, 11.9}, {"none", true, 7.2, 11.8}, {"full", false, 7.7, 19.5},
                      {"selective", false, 7.7, 13.2}, {"selective", true, 7.2, 13.1}};
  Case c = korthikanti_table5()[0];
  for (const Row& r : rows) {
    c.w.recompute = checked_word<Recompute>(r.recompute);
    c.w.sp = r.sp;
    perf::Device d = perf::device_for(*c.sys.gpu, c.w.precision, 1, c.a);
    perf::LayerCost lc = perf::layer_cost(c.w, d, 2048);
    double ar = allreduce_s(c.w.micro_batch * 2048.0 * c.w.model.hidden * 2, 8, c.sys.intra, c.a);
    bool full = c.w.recompute == Recompute::Full;
    double bwd_ar = (full ? 2 : 0) * ar + (c.w.sp ? 2 * ar : std::max(0.0, 2 * ar - lc.wgrad_s));
    double fwd = (lc.fwd_s + 2 * ar) * 1e3, bwd = (lc.bwd_s + lc.recompute_s + bwd_ar) * 1e3;
    INFO(r.recompute << (r.sp ? " + SP" : "") << ": forward " << fwd << " ms (published " << r.fwd_ms << "), backward "
                     << bwd << " ms (published " << r.bwd_ms << ")");
    CHECK(fwd == Approx(r.fwd_ms).epsilon(0.10));
    CHECK(bwd == Approx(r.bwd_ms).epsilon(0.10));
  }
}

TEST_CASE("Korthikanti et al. 2022, Table 5: MFU with selective recompute + SP within 15 %") {
  for (const auto& c : korthikanti_table5()) {
    Prediction p = predict(c);
    INFO(c.label << ": predicted MFU " << p.value << " published " << c.published);
    CHECK(std::abs(p.error()) <= 0.15);
  }
}

TEST_CASE("Llama 3 405B, Table 4: BF16 MFU 43 % on 8K H100s within 15 %, 41 % on 16K within 20 %") {
  // The rows take the stages Meta describes (§3.3.2: a layer fewer on the first and the last
  // stage, a model chunk one slot: 16 stages of 8 chunks); the 16K row has 16 micro-batches on 16
  // stages, so its bubble weighs more (docs/performance-model.md shows the errors).
  for (const auto& c : llama3_table4()) {
    Prediction p = predict(c);
    INFO(c.label << ": predicted MFU " << p.value << " published " << c.published);
    CHECK(std::abs(p.error()) <= (c.w.dp > 64 ? 0.20 : 0.15));
  }
}

TEST_CASE("Single-GPU decode tokens/s (llama.cpp tables) within 25 %") {
  for (const auto& c : decode_cases()) {
    Prediction p = predict(c);
    INFO(c.label << ": predicted " << p.value << " tokens/s, published " << c.published);
    CHECK(std::abs(p.error()) <= 0.25);
  }
}

TEST_CASE("perf comparison table", "[.perf-table]") {
  std::printf("| run | published | predicted | error |\n|---|---|---|---|\n");
  for (const auto* set : {&narayanan_table1(), &narayanan_table2_zero3(), &korthikanti_table5(), &llama3_table4(), &decode_cases()})
    for (const auto& c : *set) {
      Prediction p = predict(c);
      std::printf("| %s | %.3g %s | %.3g | %+.1f %% |\n", c.label.c_str(), c.published, c.unit.c_str(), p.value,
                  p.error() * 100);
    }
}

namespace rigplan::validation {

// llama.cpp `llama-bench` text generation (tg 512, batch 1, all layers on the GPU), Llama 3 8B in
// F16 (2 bytes per parameter), from github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference,
// README.md at aa72e0ec86c356c41f8281c9733e9a13c3675800 (May 2024, CUDA 12.1.1). Only the
// consumer cards: there llama.cpp runs near the bandwidth roofline (81-87 % of spec); on HBM
// cards it reaches 42-54 %, below a ceiling of its kernels per SM cycle
// (llamacpp_decode_bytes_per_sm_cycle; fit_inference.hpp, fit_llamacpp_hbm_2024_cases). The
// weights in llama.cpp's GGUF F16 (weight format f16); no flash attention.
const std::vector<Case>& decode_cases() {
  static const std::vector<Case> cases = [] {
    struct Row { const char* gpu; double tps; };
    const Row rows[] = {{"nvidia-rtx-3090-fe", 47.4}, {"nvidia-rtx-4090-fe", 54.84}};
    std::vector<Case> out;
    for (const Row& r : rows) {
      Case c;
      c.label = std::string("llama.cpp Llama 3 8B F16 tg512 on ") + r.gpu;
      c.published = r.tps;
      c.unit = "tokens/s";
      c.measure = Measure::DecodeTokensPerS;
      const ModelSpec* m = find_model("llama-3-8b");
      REQUIRE(m != nullptr);
      c.w.model = *m;
      c.w.mode = Mode::Infer;
      c.w.precision = "fp16";
      c.w.weight_format = "f16";
      c.w.context = 512;
      c.sys.gpu = &catalog_gpu(r.gpu);
      c.prompt = 1;
      c.batch = 1;
      // No flash attention (llama-bench's default then): each query head reads its KV head's
      // cache (kLlamacppNoFlashAttnSharedReads, heldout_inference.hpp); a build of May 2024.
      c.a.gqa_kv_shared_reads = 0;
      c.a.llamacpp_build_month = 202405;
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

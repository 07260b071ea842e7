// Fit set and held-out set of the performance model. The fit set is what its constants were
// calibrated on (perf_validation_cases.hpp, seed 001, NeMo's Llama 2 7B FP8 row, and the rows
// moved from the held-out set when a constant or mechanism was added: fit_inference.hpp,
// fit_training.hpp; the MI300X rows of the CDNA3 constants: fit_cdna3.hpp); the held-out set (heldout_training.hpp, heldout_inference.hpp,
// heldout_second_set.hpp, heldout_third_set_training.hpp, heldout_third_set_inference.hpp) was
// never used
// to set a constant. Held-out rows are held to a regression bound — what the model reaches today,
// rounded up, so a change that makes it worse fails; the target (10 % mean, 25 % worst)
// is not asserted: docs/performance-model.md shows the tables, from
//   build/tests/rigplan_tests "[.fit-table],[.heldout-table]" -s
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "validation/fit_cdna3.hpp"
#include "validation/fit_inference.hpp"
#include "validation/fit_llamacpp_scoreboard.hpp"
#include "validation/fit_llamacpp_split.hpp"
#include "validation/fit_sustained_share.hpp"
#include "validation/fit_training.hpp"
#include "validation/heldout_sets.hpp"
#include "validation/seed_001.hpp"

using namespace rigplan;
using namespace rigplan::validation;

namespace rigplan::validation {
const std::vector<Case>& decode_cases();
}

namespace {

struct Row {
  std::string label, unit;
  double published = 0, predicted = 0;
  double error() const { return predicted / published - 1; }
};

std::vector<Row> rows_of(const std::vector<Case>& cases) {
  std::vector<Row> out;
  for (const Case& c : cases) out.push_back({c.label, c.unit, c.published, predict(c).value});
  return out;
}

// Each row within `bound` of its published figure, its label and both figures shown where not.
void check_each_within(const std::vector<Row>& rows, double bound) {
  for (const Row& r : rows) {
    INFO(r.label << ": predicted " << r.predicted << ", published " << r.published);
    CHECK(std::abs(r.error()) <= bound);
  }
}

std::vector<Row> fit_rows() {
  std::vector<Row> out;
  for (const auto* set : {&narayanan_table1(), &narayanan_table2_zero3(), &korthikanti_table5(), &llama3_table4(),
                          &decode_cases(), &fit_fp8_cases(), &fit_block_quant_cases(), &fit_p2p_cases(), &fit_framework_cases(), &fit_dp_precision_cases(), &fit_sp_backward_cases(),
                          &fit_mmq_cases(), &fit_decode_attention_cases(), &fit_prefill_overhead_cases(), &fit_scoreboard_cases(), &fit_scoreboard_hbm_cases(), &fit_scoreboard_hbm_prefill_cases(), &fit_llamacpp_hbm_2024_cases(), &fit_llamacpp_may2024_cases(), &fit_llamacpp_prompt_2024_cases(), &fit_llamacpp_early_prompt_cases(), &fit_hopper_legacy_mma_cases(), &fit_sustained_share_cases(), &fit_cdna3_cases()})
    for (const Row& r : rows_of(*set)) out.push_back(r);
  for (const SplitPair& p : fit_llamacpp_split_pairs()) out.push_back(rows_of({p.multi}).front());
  out.push_back({"HF 2x TITAN RTX GPT-2 DDP, NVLink (seed 001)", "s", 101.9, seed_run(true).seconds});
  out.push_back({"HF 2x TITAN RTX GPT-2 DDP, NCCL_P2P_DISABLE=1 (seed 001)", "s", 131.4, seed_run(false).seconds});
  return out;
}

std::vector<Row> heldout_rows() {
  std::vector<Row> out;
  for (const auto* set : heldout_sets())
    for (const Row& r : rows_of(*set)) out.push_back(r);
  return out;
}

void print(const char* title, const std::vector<Row>& rows) {
  double sum = 0, worst = 0;
  std::string worst_label;
  std::printf("%s\n\n| run | published | predicted | error |\n|---|---|---|---|\n", title);
  for (const Row& r : rows) {
    std::printf("| %s | %.4g %s | %.4g | %+.1f %% |\n", r.label.c_str(), r.published, r.unit.c_str(), r.predicted,
                r.error() * 100);
    sum += std::abs(r.error());
    if (std::abs(r.error()) > worst) worst = std::abs(r.error()), worst_label = r.label;
  }
  std::printf("\n%zu rows: mean absolute error %.1f %%, worst %.1f %% (%s)\n\n", rows.size(), 100 * sum / rows.size(),
              100 * worst, worst_label.c_str());
}

double mean_abs(const std::vector<Row>& rows) {
  double sum = 0;
  for (const Row& r : rows) sum += std::abs(r.error());
  return sum / rows.size();
}

}  // namespace

TEST_CASE("Held-out set: at least 30 published figures over 4 GPU generations, training and inference, consumer and AMD GPUs") {
  std::size_t runs = 0;
  for (const auto* set : heldout_sets()) runs += set->size();
  CHECK(runs >= 30);
  std::vector<std::string> archs;
  bool consumer = false, amd = false;
  for (const auto* set : heldout_sets())
    for (const Case& c : *set) {
      archs.push_back(c.sys.gpu->architecture);
      consumer |= c.sys.gpu->form_factor == "pcie" && c.sys.gpu->id.find("rtx") != std::string::npos;
      amd |= c.sys.gpu->vendor == "amd";
    }
  std::sort(archs.begin(), archs.end());
  archs.erase(std::unique(archs.begin(), archs.end()), archs.end());
  CHECK(archs.size() >= 4);
  CHECK(consumer);
  CHECK(amd);
}

TEST_CASE("Held-out set: each row within its stated tolerance, the mean within its own") {
  // Regression bounds: what the model reaches on this set (worst row 86.7 %, the DGX Spark's
  // llama.cpp prefill of the third inference set; mean 9.18 % over 340 rows with Lambda's 11
  // BERT-large and 11 BERT-base rows, the eighth to twelfth sets' 114 llama.cpp rows of May
  // 2024, the sixth set's 24 fixed-batch latencies on MI300X and H100, the seventh set's 10
  // llm.q training rows, the thirteenth set's 6 Megatron-Bridge rows, the fourteenth set's 24
  // TensorRT-LLM v0.9.0 rows, the fifteenth set's 12 context-parallel NeMo rows, the sixteenth
  // set's 12 BF16 / FP8 pairs of DGX Cloud recipes and the seventeenth set's 16 rows of two later
  // releases), rounded up, so that a change that makes it worse fails. The target (25 %
  // each, 10 % on average) is met on average, not for each row: 9 rows are beyond 25 %;
  // docs/performance-model.md lists them. Three sourced, not fitted, constants came after held-out
  // rows showed what they explain: the Hopper SXM clock share (hopper_sxm_overlap_clock_share;
  // the fifteenth and sixteenth sets' BF16 rows; 10.19 % and 14 rows before it), the PCIe ring
  // collectives' share (pcie_collective_efficiency; the fourteenth set's L40S rows; 9.44 % before
  // it) and the Blackwell SXM share (blackwell_sxm_clock_share; the seventeenth set's two GB200
  // BF16 rows, as that set's commit had predicted before the run; 9.29 % and 13 rows before it).
  // llama.cpp's early 2024 prompt share came after the RTX 3090's January rows (+29.0 / +27.3 %),
  // solved on another card's January and May pair (the January one a held-out row until then):
  // 9.18 % over 340 rows before it, 9.01 % over 339 after.
  std::vector<Row> rows = heldout_rows();
  for (const Row& r : rows) {
    INFO(r.label << ": predicted " << r.predicted << " " << r.unit << ", published " << r.published);
    CHECK(std::abs(r.error()) <= 0.87);
  }
  CHECK(mean_abs(rows) <= 0.091);
  // The training rows alone (tokens/s per GPU): worst 33.9 % (llm.q's Qwen2.5-1.5B FP8 on an RTX
  // 4090), mean 7.48 % over 112, rounded up (10.18 % over 96 before the Hopper SXM clock share).
  std::vector<Row> train;
  for (const Row& r : rows)
    if (r.unit == "tokens/s/GPU") train.push_back(r);
  REQUIRE(train.size() >= 30);
  check_each_within(train, 0.34);
  CHECK(mean_abs(train) <= 0.075);
}

TEST_CASE("Fit set: the rows of the framework settings, the FP8 recipe widths and the MMQ prefill within their tolerances") {
  // The mechanisms have no fitted constant (torchtitan's op AC, Transformer Engine's TP overlap):
  // 20 %; the one row mmq_int8_efficiency is fitted on: 2 %.
  check_each_within(rows_of(fit_framework_cases()), 0.20);
  // The FP8 recipes' gradient and parameter widths (not fitted): 10 %.
  check_each_within(rows_of(fit_dp_precision_cases()), 0.10);
  // SP's asynchronous backward reduce-scatters (no constant fitted): the rows as they stand, 25 %
  // (the SFT row's remaining gap is its pipeline bubble and compute, not the TP collectives).
  check_each_within(rows_of(fit_sp_backward_cases()), 0.25);
  check_each_within(rows_of(fit_mmq_cases()), 0.02);
}

TEST_CASE("Fit set: llama.cpp's January and May 2024 prompts on one RTX 3090 Ti, within 6 %") {
  // llamacpp_early_2024_prompt_share keeps the model's ratio of the two at the published one; the
  // May row takes the share fitted on May 2024's other cards (llamacpp_cublas_efficiency) and
  // comes to -2.2 %, the January row with it: 6 % holds both.
  check_each_within(rows_of(fit_llamacpp_early_prompt_cases()), 0.06);
}

TEST_CASE("Fit set: the TensorRT-LLM decode rows the attention mechanisms were studied on, within 35 %") {
  // Nothing is fitted on them (the per-operator roofline and gqa_kv_shared_reads = 0 for the
  // masked multi-head attention kernel are behaviours); 35 % is what they reach, rounded up:
  // +17.2 %, -0.9 %, +25.0 % (v0.5, no XQA) and -31.1 % (v0.7a, XQA).
  check_each_within(rows_of(fit_decode_attention_cases()), 0.35);
}

TEST_CASE("Fit set: llama.cpp's decode share by build era and format, on the rows each value is fitted on") {
  // block_quant_decode_efficiency is fitted on the 18 scoreboard rows together (mean error 0):
  // they reach 8.1 % on average and 37.4 % at worst (the 70 W Tesla T4, whose decode reaches 54 %
  // of peak bandwidth where its GDDR peers reach 64-90 %), held to 9 % and 38 %. The January 2024
  // row and the RX 7900 XTX K-quant row fit their own values alone: 2 %.
  std::vector<Row> sb = rows_of(fit_scoreboard_cases());
  check_each_within(sb, 0.38);
  CHECK(mean_abs(sb) <= 0.09);
  check_each_within(rows_of(fit_block_quant_cases()), 0.02);
}

TEST_CASE("Fit set: llama.cpp on HBM cards, the SM ceiling's two rows within 8 %, May 2024's nine within 19 %") {
  // llamacpp_decode_bytes_per_sm_cycle is fitted on the scoreboard's A100 80 GB and A30 rows
  // together (+7.3 and -7.4 %); the May 2024 rows moved from the eighth held-out set with it fit
  // llamacpp_2024_decode_layer_overhead_s together (mean error 0) and reach -18.6 % (the A100
  // SXM's 70B Q4_K_M) to +15.5 % (the H100 PCIe's 8B Q4_K_M), 19 % rounded up.
  check_each_within(rows_of(fit_scoreboard_hbm_cases()), 0.08);
  std::vector<Row> may = rows_of(fit_llamacpp_hbm_2024_cases());
  REQUIRE(may.size() == 9);
  check_each_within(may, 0.19);
}

TEST_CASE("Fit set: llama.cpp's May 2024 decode on GDDR cards, the K-quant share's 16 rows and the F16 rows within 13 %") {
  // kquant_decode_efficiency_2024 is fitted on the Q4_K_M rows together (mean signed error 0,
  // fit_constants_test.cpp; the F16 rows with the RTX 3090's and 4090's tg512 rows fit
  // gguf_16bit_decode_efficiency); every row moved with them reaches -7.9 % (the RTX 3080's
  // Q4_K_M tg4096) to +12.1 % (the A40's 70B Q4_K_M), 13 % rounded up.
  std::vector<Row> rows = rows_of(fit_llamacpp_may2024_cases());
  REQUIRE(rows.size() == 18);
  check_each_within(rows, 0.13);
}

TEST_CASE("Fit set: llama.cpp's May 2024 prompts on GeForce cards within 22 %") {
  // llamacpp_cublas_efficiency is fitted on the ten rows together (mean signed error 0,
  // fit_constants_test.cpp): the RTX 3090's and 4090's Q4_K_M rows -5.9 to +2.9 %, their F16 rows
  // +1.4 to +20.7 % (the model's F16 prompt runs ahead of its Q4_K_M one by more than published),
  // the RTX 3080's -21.9 and -18.4 % (a GeForce card with no measured GEMM rate on record, so
  // without the clocks above the rated boost the others' measurements carry), 22 % rounded up.
  std::vector<Row> rows = rows_of(fit_llamacpp_prompt_2024_cases());
  REQUIRE(rows.size() == 10);
  check_each_within(rows, 0.22);
}

TEST_CASE("Fit set: llama.cpp's MMQ prompts on the A100 and A30 within 8 %") {
  // MMQ priced per SM cycle (mmq_rate_for), mmq_int8_efficiency not refitted on them: +1.4 % (A100)
  // and -5.7 % (A30), 8 % rounded up (at 0.238 of their INT8 peaks: +93 and +82 %).
  std::vector<Row> rows = rows_of(fit_scoreboard_hbm_prefill_cases());
  REQUIRE(rows.size() == 2);
  check_each_within(rows, 0.08);
}

TEST_CASE("Fit set: llama.cpp's May 2024 prompts on an H100 PCIe within 11 %") {
  // hopper_legacy_mma_share is Luo et al.'s measurement, not fitted on them: +10.7 % (8B Q4_K_M),
  // +7.2 % (8B F16) and +2.2 % (70B Q4_K_M) at pp4096, 11 % rounded up (held out before the share:
  // +35.5, +38.2 and +31.4 %).
  std::vector<Row> rows = rows_of(fit_hopper_legacy_mma_cases());
  REQUIRE(rows.size() == 3);
  check_each_within(rows, 0.11);
}

TEST_CASE("Fit set: the RTX 6000 Ada rows its sustained GEMM share was studied on within 27 %") {
  // The share is the card's measured FP32-GEMM hold (0.705), not fitted on them: Lambda BERT-large
  // +21.9 % (one card) and +25.9 % (two), BERT-base +10.4 and +11.3 %; llama.cpp F16 prompts +0.3 %
  // (pp4096), +0.5 % (pp512) and -1.9 % (pp8192); 27 % rounded up (held out before: +14.2 to +43.5 %).
  std::vector<Row> rows = rows_of(fit_sustained_share_cases());
  REQUIRE(rows.size() == 7);
  check_each_within(rows, 0.27);
}

TEST_CASE("Fit set: the MI300X rows of the CDNA3 constants, the fitted one within 2 %, the others within 25 %") {
  // cdna3_memory_efficiency is fitted on the first (batch 1: +0.2 % at the shipped 0.60); the others
  // are checked against it: +1.2 % (batch 1, 2048 in), -9.1 % (batch 32) and -19.6 % (batch 128,
  // whose decode GEMMs of 128 rows run slower than either roofline; not modelled), 25 % rounded up.
  const auto& cases = fit_cdna3_cases();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Row r = rows_of({cases[i]}).front();
    INFO(r.label << ": predicted " << r.predicted << ", published " << r.published);
    CHECK(std::abs(r.error()) <= (i == 0 ? 0.02 : 0.25));
  }
}

TEST_CASE("fit table", "[.fit-table]") { print("Fit set", fit_rows()); }

TEST_CASE("held-out table", "[.heldout-table]") { print("Held-out set", heldout_rows()); }

// Each held-out set's rows, mean absolute error and rows beyond 25 %.
TEST_CASE("held-out sets", "[.heldout-sets]") {
  const auto sets = heldout_sets();
  const auto names = heldout_set_names();
  REQUIRE(sets.size() == names.size());
  std::printf("| set | rows | mean absolute error | beyond 25 %% |\n|---|---|---|---|\n");
  for (std::size_t i = 0; i < sets.size(); ++i) {
    std::vector<Row> rows = rows_of(*sets[i]);
    int beyond = 0;
    for (const Row& r : rows) beyond += std::abs(r.error()) > 0.25;
    std::printf("| %s | %zu | %.1f %% | %d |\n", names[i], rows.size(), 100 * mean_abs(rows), beyond);
  }
}

// Where each training row's predicted step goes (seconds per step), to read a row's error.
TEST_CASE("training breakdown", "[.training-breakdown]") {
  std::printf("| run | step | compute | memory | tp | cp | pp | bubble | dp exposed | zero3 exposed | mfu |\n");
  for (const auto* set : {&heldout_training(), &heldout_second_training(), &heldout_third_training(), &heldout_seventh_training(), &heldout_workstation_training(), &heldout_thirteenth_training(), &heldout_fifteenth_training(), &heldout_sixteenth_training(), &heldout_seventeenth_training(), &narayanan_table1(), &fit_fp8_cases(), &fit_p2p_cases(), &fit_framework_cases(), &fit_dp_precision_cases(), &fit_sp_backward_cases(), &llama3_table4()})
    for (const Case& c : *set) {
      if (c.measure == Measure::DecodeTokensPerS || c.measure == Measure::ItlSeconds ||
          c.measure == Measure::TtftSeconds || c.measure == Measure::PrefillTokensPerS ||
          c.measure == Measure::LatencySeconds)
        continue;
      StepBreakdown s = training_step(c.w, c.sys, c.a);
      std::printf("| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", c.label.c_str(), s.step_s,
                  s.compute_s, s.memory_s, s.tp_comm_s, s.cp_comm_s, s.pp_comm_s, s.bubble_s, s.dp_exposed_s,
                  s.zero3_exposed_s, s.mfu);
    }
}

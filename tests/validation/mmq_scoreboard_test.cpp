// llama.cpp's quantised prefill (MMQ) on sixteen of the scoreboard's NVIDIA cards
// (tests/validation/mmq_scoreboard.hpp): one share of a GeForce-class SM's INT8 rate per SM cycle for Ampere to Blackwell,
// fitted on one RTX 3080 row, and Turing's, fitted on the scoreboard's RTX 2080 Ti row, checked on
// cards of four generations they were not fitted on. The table, with the share each card reaches
// and the mean by architecture:
//   build/tests/rigplan_tests "[.mmq-table]" -s
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <map>

#include "validation/mmq_scoreboard.hpp"

using namespace rigplan;
using namespace rigplan::validation;

namespace {

struct MmqRow {
  const Case* c;
  double predicted;
  double error() const { return predicted / c->published - 1; }
};

std::vector<MmqRow> mmq_rows() {
  std::vector<MmqRow> out;
  for (const Case& c : mmq_scoreboard_cases()) out.push_back({&c, predict(c).value});
  return out;
}

}  // namespace

TEST_CASE("llama.cpp MMQ prefill on the scoreboard's cards: within the regression bounds") {
  // What the model reaches today (worst row +37.6 %, the T4; mean 15.7 %), rounded up: a change
  // that makes it worse fails. It was 17.3 % (worst -39.1 %, the L40, whose datasheet prints half
  // the INT8 rate of the same chip's RTX 6000 Ada) before MMQ was priced per SM cycle
  // (mmq_rate_for), and 14.2 % (worst +38.3 %, the T4) before a prompt's output
  // layer ran for its last token only and its input embedding counted as a lookup: that took 13 %
  // off the FLOPs of the fit row's Llama 3.1 8B and 4 % off these rows' Llama 2 7B, so the share
  // refitted on the first (0.273 -> 0.238), a Q4_K_M model whose Q4_K and Q6_K blocks MMQ
  // multiplies more slowly than Q4_0's, now sits below these Q4_0 rows on most cards.
  // docs/performance-model.md ("Validation: llama.cpp prefill on sixteen cards") gives the table
  // and what the errors say.
  std::vector<MmqRow> rows = mmq_rows();
  REQUIRE(rows.size() == 16);
  double sum = 0;
  for (const MmqRow& r : rows) {
    INFO(r.c->label << ": predicted " << r.predicted << ", published " << r.c->published);
    CHECK(std::abs(r.error()) <= 0.40);
    sum += std::abs(r.error());
  }
  CHECK(sum / rows.size() <= 0.16);
}

TEST_CASE("mmq table", "[.mmq-table]") {
  std::map<std::string, std::pair<double, int>> by_arch;
  double sum = 0;
  std::vector<MmqRow> rows = mmq_rows();
  std::printf("| run | published | predicted | error | INT8 share reached |\n|---|---|---|---|---|\n");
  for (const MmqRow& r : rows) {
    const Gpu& g = *r.c->sys.gpu;
    // Weight FLOPs a token (2 per multiplied parameter: every matrix but the token embedding).
    const ModelSpec& m = r.c->w.model;
    double flops = 2 * (m.params - static_cast<double>(m.vocab) * m.hidden);
    double share = flops * r.c->published / (*g.tflops.int8 * 1e12);
    std::printf("| %s | %.4g tokens/s | %.4g | %+.1f %% | %.3f |\n", r.c->label.c_str(), r.c->published, r.predicted,
                100 * r.error(), share);
    sum += std::abs(r.error());
    auto& a = by_arch[g.architecture];
    a.first += std::abs(r.error());
    a.second += 1;
  }
  std::printf("\n%zu rows: mean absolute error %.1f %%;", rows.size(), 100 * sum / rows.size());
  for (const auto& [arch, a] : by_arch) std::printf(" %s %.1f %% (%d),", arch.c_str(), 100 * a.first / a.second, a.second);
  std::printf("\n\n");
}

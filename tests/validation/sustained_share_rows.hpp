// Which held-out rows the RTX 6000 Ada's sustained GEMM share (catalog measured_matmul.
// sustained_share) was studied on: the card's rows whose errors the docs had cited as its 16-bit
// math running too fast in the model — Lambda's four BERT fine-tuning rows (one and two cards,
// BERT-large and BERT-base: +24.5 to +43.5 % held out) and llama.cpp's three F16 prompt rows of May
// 2024 (pp512, pp4096, pp8192: +33.9, +22.9, +14.2 %). They moved to the fit set
// (fit_sustained_share_cases); the card's other rows, its Q4_K_M prompts (8B and 70B), stay held out.
#pragma once

#include "validation/perf_validation_cases.hpp"

namespace rigplan::validation {

inline bool is_sustained_share_study_row(const Case& c) {
  if (c.sys.gpu == nullptr || c.sys.gpu->id != "nvidia-rtx-6000-ada") return false;
  return c.w.mode == Mode::Train || c.w.weight_format == "f16";
}

// What stays held out of a set those rows came from.
inline bool is_not_sustained_share_study_row(const Case& c) { return !is_sustained_share_study_row(c); }

}  // namespace rigplan::validation

// The rows the RTX 6000 Ada's sustained GEMM share (catalog measured_matmul.sustained_share) was
// studied on, moved here from three held-out sets (sustained_share_rows.hpp says which and why).
// The share is a measurement of the card (its FP32 GEMMs held 0.705 of their short-call rate over
// 11-19 ms calls), not fitted on these rows; their held-out errors before it: Lambda BERT-large
// +39.0 % (one card) and +43.5 % (two), BERT-base +24.5 and +25.5 %; llama.cpp's F16 prompts +33.9 %
// (pp512), +22.9 % (pp4096) and +14.2 % (pp8192).
#pragma once

#include "validation/heldout_twelfth_set_inference.hpp"
#include "validation/heldout_workstation_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& fit_sustained_share_cases() {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out;
    for (const auto* table : {&workstation_table_rows(), &eleventh_set_table_rows(), &twelfth_set_table_rows()})
      for (const Case& c : select_cases(*table, is_sustained_share_study_row)) out.push_back(c);
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

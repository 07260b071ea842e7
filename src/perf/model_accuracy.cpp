// The held-out accuracy table (include/rigplan/model_accuracy.hpp): the rows live in
// model_accuracy_table.inc, written by tests/validation/accuracy_table_test.cpp from the
// held-out set, so that what `size` prints is what the validation measures today.
#include "rigplan/model_accuracy.hpp"

#include <array>

namespace rigplan {

namespace {

constexpr std::array kTable = {
#include "model_accuracy_table.inc"
};

}  // namespace

std::string_view prediction_kind_name(PredictionKind k) {
  switch (k) {
    case PredictionKind::Training: return "training";
    case PredictionKind::Prefill: return "prefill";
    case PredictionKind::Decode: return "decode";
    case PredictionKind::Batch: return "batch";
  }
  return "training";
}

std::span<const HeldOutAccuracy> heldout_accuracy() { return kTable; }

const HeldOutAccuracy* accuracy_for(PredictionKind kind, std::string_view vendor) {
  const HeldOutAccuracy* all = nullptr;
  for (const HeldOutAccuracy& a : kTable) {
    if (a.kind != kind) continue;
    if (a.vendor == vendor && a.runs >= kMinAccuracyRuns) return &a;
    if (a.vendor == "all") all = &a;
  }
  return all;
}

}  // namespace rigplan

// How far the performance model's predictions fell from published runs it was not fitted to: the
// held-out set of tests/validation (docs/performance-model.md, "Held-out set"), summed up by what
// was predicted (a training step, a prompt's prefill, a decode step, a static batch end to end) and
// by the GPUs' vendor. `size` prints the summary that matches its prediction next to it, so a
// user reads a predicted time with the error the model has shown on comparable published runs,
// not as an exact figure.
//
// The table is generated from the held-out set by tests/validation/accuracy_table_test.cpp, which
// fails when it no longer matches the model (regenerate with RIGPLAN_UPDATE_ACCURACY=1, see there).
#pragma once

#include <span>
#include <string_view>

namespace rigplan {

enum class PredictionKind { Training, Prefill, Decode, Batch };

std::string_view prediction_kind_name(PredictionKind k);  // "training", "prefill", "decode", "batch"

struct HeldOutAccuracy {
  PredictionKind kind;
  std::string_view vendor;  // a catalog GPU vendor, or "all"
  int runs = 0;
  double mean_abs_error = 0;   // mean of |predicted / published - 1| (the docs' tables' error)
  double worst_abs_error = 0;  // the largest |predicted / published - 1|
  int beyond_25_percent = 0;  // runs with |error| > 25 %
};

// Every (kind, vendor) summary, the vendor "all" rows included.
std::span<const HeldOutAccuracy> heldout_accuracy();

// Fewer held-out runs than this for a vendor and kind: the summary over all vendors stands in.
inline constexpr int kMinAccuracyRuns = 5;

// The summary for a prediction on a GPU of `vendor`: the vendor's own when it has at least
// kMinAccuracyRuns runs of that kind, else the kind's over all vendors (nullptr if none).
const HeldOutAccuracy* accuracy_for(PredictionKind kind, std::string_view vendor);

}  // namespace rigplan

// How the performance model's answers read: the predicted training step with its breakdown, the
// predicted inference speed and the parallelism search's ranked layouts, for people (text) and
// for scripts (JSON objects embedded in `rigplan size --format json`). Presentation only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/model_accuracy.hpp"
#include "rigplan/perf.hpp"

namespace rigplan {

std::string step_text(const StepBreakdown& s, bool mfu_given);
std::string serving_text(const InferencePerf& p, int prompt);
std::string search_text(const SearchResult& r, double tokens, int top, int cp = 1);
// The held-out error of a `kind` prediction on a GPU of `vendor` (include/rigplan/model_accuracy.hpp),
// as one line: "Accuracy on published <what> not used in fitting (NVIDIA GPUs): <mean> % mean error
// over <runs> runs, <n> beyond 25 % (worst <w> %)\n"; "" when nothing of that kind is held out.
std::string heldout_line(PredictionKind kind, std::string_view vendor, std::string_view what);
// Where each held-out run is listed, the line after the last heldout_line.
inline constexpr std::string_view kHeldoutWhere = "(each run in docs/performance-model.md, \"Held-out set\")\n";

nlohmann::ordered_json step_json(const StepBreakdown& s);
nlohmann::ordered_json search_json(const SearchResult& r, double tokens);
// The same held-out summary for scripts: {"vendor", "runs", "mean_abs_error", "worst_abs_error",
// "beyond_25_percent"} (docs/json-contract.md, "size": heldout), or null.
nlohmann::ordered_json heldout_json(PredictionKind kind, std::string_view vendor);

}  // namespace rigplan

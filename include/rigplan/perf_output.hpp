// How the performance model's answers read: the predicted training step with its breakdown, the
// predicted inference speed and the parallelism search's ranked layouts, for people (text) and
// for scripts (JSON objects embedded in `rigplan size --format json`). Presentation only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/perf.hpp"

namespace rigplan {

std::string step_text(const StepBreakdown& s, bool mfu_given);
std::string serving_text(const InferencePerf& p, int prompt);
std::string search_text(const SearchResult& r, double tokens, int top);

nlohmann::ordered_json step_json(const StepBreakdown& s);
nlohmann::ordered_json search_json(const SearchResult& r, double tokens);

}  // namespace rigplan

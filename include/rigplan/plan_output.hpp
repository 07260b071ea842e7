// How `rigplan plan` shows its answer: a ranked table and the top build in detail (the same
// report `check` prints) for people, with `--explain` the rejections by code; the versioned JSON
// document for scripts. Presentation only: the planner decided everything shown.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/plan.hpp"

namespace rigplan {

std::string plan_text(const PlanResult& res, const PlanRequest& req, bool explain);
nlohmann::ordered_json plan_json(const PlanResult& res, const PlanRequest& req);

}  // namespace rigplan

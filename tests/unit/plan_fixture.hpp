// What the planner's tests share: the built-in catalog, and a plan request parsed from JSON
// against it (as `rigplan plan REQUEST.json` parses one).
#pragma once

#include <nlohmann/json.hpp>

#include "rigplan/plan.hpp"

namespace rigplan::plan_fixture {

inline const Catalog& cat() { return Catalog::builtin(); }

inline PlanRequest req(const nlohmann::json& j) { return parse_plan_request(j, cat(), "req.json"); }

}  // namespace rigplan::plan_fixture

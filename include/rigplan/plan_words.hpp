// The words of a plan request, declared once (issue 32: one table per vocabulary): what the ranking
// optimises, whether the cards are bridged with NVLink, which chassis form is allowed, and which
// market the parts come from. They live in the request layer, below the planner, because the
// request-key table lists them (--help, the schemas, the "is not one of" messages); the plan
// request parser turns each word into its enum and the planner and the reports compare enums.
#pragma once

#include "rigplan/vocabulary.hpp"

namespace rigplan {

// What the planner ranks by: lowest price, performance per dollar, shortest time, or performance
// per watt.
enum class Objective { Cost, PerfPerDollar, Time, PerfPerWatt };
template <>
struct Vocabulary<Objective> {
  static constexpr VocabularyWord<Objective> words[] = {{Objective::Cost, "cost"},
                                                        {Objective::PerfPerDollar, "perf-per-dollar"},
                                                        {Objective::Time, "time"},
                                                        {Objective::PerfPerWatt, "perf-per-watt"}};
};

// NVLink bridges: never; wanted (bridge the cards when a bridge is sold for them and the build
// stays sound); required (only builds whose cards are bridged).
enum class NvlinkPolicy { None, Wanted, Required };
template <>
struct Vocabulary<NvlinkPolicy> {
  static constexpr VocabularyWord<NvlinkPolicy> words[] = {
      {NvlinkPolicy::None, "none"}, {NvlinkPolicy::Wanted, "wanted"}, {NvlinkPolicy::Required, "required"}};
};

// The chassis form a plan may use: any, a tower (a case; no open frame, no barebone server) or rack.
enum class ChassisForm { Any, Tower, Rack };
template <>
struct Vocabulary<ChassisForm> {
  static constexpr VocabularyWord<ChassisForm> words[] = {
      {ChassisForm::Any, "any"}, {ChassisForm::Tower, "tower"}, {ChassisForm::Rack, "rack"}};
};

// Which parts a plan may buy (planner/market_filter.hpp): new, used (discontinued or used-only
// GPUs) or any.
enum class PlanMarket { New, Used, Any };
template <>
struct Vocabulary<PlanMarket> {
  static constexpr VocabularyWord<PlanMarket> words[] = {
      {PlanMarket::New, "new"}, {PlanMarket::Used, "used"}, {PlanMarket::Any, "any"}};
};

// The word a plan's workload gives a memory saver (lora_base, offload, recompute) to leave it to the
// planner, the same as leaving the key out.
inline constexpr std::string_view kPlannerChooses = "auto";

static_assert(vocabulary_in_enum_order<Objective>() && vocabulary_in_enum_order<NvlinkPolicy>() &&
                  vocabulary_in_enum_order<ChassisForm>() && vocabulary_in_enum_order<PlanMarket>(),
              "each plan vocabulary lists its values once, in enum order");

}  // namespace rigplan

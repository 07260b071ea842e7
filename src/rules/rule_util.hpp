// Small helpers the rules share: number formatting for messages and the rule class boilerplate.
// RIGPLAN_RULE(Class) declares a rule class with its doc and check; the .cpp defines both.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <string>

#include "rigplan/rules.hpp"

namespace rigplan::rules {

inline std::string watts(double w) { return fmt::format("{:.0f} W", w); }
inline std::string num(double v) { return fmt::format("{:g}", v); }

}  // namespace rigplan::rules

#define RIGPLAN_RULE(Class)                                                                      \
  class Class final : public ::rigplan::Rule {                                                   \
   public:                                                                                       \
    const ::rigplan::RuleDoc& doc() const override;                                              \
    void check(const ::rigplan::Build& b, const ::rigplan::RuleContext& ctx,                     \
               std::vector<::rigplan::Diagnostic>& out) const override;                          \
  };                                                                                             \
  std::unique_ptr<::rigplan::Rule> make_##Class() { return std::make_unique<Class>(); }

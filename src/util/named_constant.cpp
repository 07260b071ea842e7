// Reading one NAME=VALUE override against a registry of named constants (rigplan/named_constant.hpp):
// the name must be in the table (else a suggestion), the value a finite number within the entry's
// bounds; the messages name the flag and the entry so the user knows what to change.
#include "rigplan/named_constant.hpp"

#include <fmt/format.h>

#include "util/assignment.hpp"
#include "util/suggest.hpp"

namespace rigplan {

std::variant<ConstantAssignment, std::string> read_constant_assignment(std::string_view assignment,
                                                                       const std::vector<ConstantSpec>& specs,
                                                                       const ConstantRegistry& registry) {
  auto kv = split_assignment(assignment);
  if (!kv) return fmt::format("{} expects NAME=VALUE, got \"{}\"", registry.flag, assignment);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ConstantSpec& s = specs[i];
    names.emplace_back(s.name);
    if (s.name != kv->name) continue;
    auto v = finite_number(kv->value);
    std::string unit = s.unit.empty() || s.unit == "fraction" || s.unit == "share" || s.unit == "x" ? "" : " " + std::string(s.unit);
    if (!v || *v < s.bounds.min || *v > s.bounds.max)
      return fmt::format("{} {}: \"{}\" is not a number between {:g} and {:g}{}", registry.flag, s.name, kv->value,
                         s.bounds.min, s.bounds.max, unit);
    if (s.bounds.positive && *v == 0)
      return fmt::format("{} {}: 0 would make every time that divides by it infinite (or drop the prediction); give a "
                         "value above 0",
                         registry.flag, s.name);
    return ConstantAssignment{i, *v};
  }
  return fmt::format("{}: unknown {} \"{}\"{}{}", registry.flag, registry.what, kv->name, did_you_mean(kv->name, names),
                     registry.listed_in.empty() ? "" : fmt::format("; {} lists them", registry.listed_in));
}

}  // namespace rigplan

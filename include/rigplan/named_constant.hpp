// A constant a user may override on the command line: the rule engine's rules of thumb
// (`--assume NAME=VALUE`, rigplan/assumptions.hpp) and the performance model's fitted and sourced
// constants (`--perf NAME=VALUE`, rigplan/perf_assumptions.hpp). Both registries are tables of
// this one type and read an assignment through one function, so the two flags split, range-check,
// report and suggest alike; each table keeps only what is its own (names, units, sources, bounds).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rigplan {

template <class T>
struct NamedConstant {
  std::string_view name, unit, doc;  // doc: what it means, with its source
  double T::*field;
};

// The values an override may take: [min, max], and 0 refused when `positive` (a value that
// divides, where 0 would make a time infinite).
struct ConstantBounds {
  double min = 0, max = 0;
  bool positive = false;
};

// How a registry names itself in messages: the flag ("--perf"), what one entry is called
// ("performance assumption") and where the list is documented ("" = nowhere to point at).
struct ConstantRegistry {
  std::string_view flag, what, listed_in;
};

struct ConstantSpec {
  std::string_view name, unit;
  ConstantBounds bounds;
};
struct ConstantAssignment {
  std::size_t index;  // into the specs
  double value;
};

// Reads "NAME=VALUE" against `specs`: the entry and its value, or the message for the user.
std::variant<ConstantAssignment, std::string> read_constant_assignment(std::string_view assignment,
                                                                       const std::vector<ConstantSpec>& specs,
                                                                       const ConstantRegistry& registry);

// Applies "NAME=VALUE" from `table` to `target`; nullopt on success, else the message.
template <class T, class BoundsOf>
std::optional<std::string> set_named_constant(T& target, const std::vector<NamedConstant<T>>& table,
                                              std::string_view assignment, const ConstantRegistry& registry,
                                              BoundsOf bounds_of) {
  std::vector<ConstantSpec> specs;
  specs.reserve(table.size());
  for (const auto& d : table) specs.push_back({d.name, d.unit, bounds_of(d)});
  auto r = read_constant_assignment(assignment, specs, registry);
  if (const auto* message = std::get_if<std::string>(&r)) return *message;
  const auto& a = std::get<ConstantAssignment>(r);
  target.*(table[a.index].field) = a.value;
  return std::nullopt;
}

}  // namespace rigplan

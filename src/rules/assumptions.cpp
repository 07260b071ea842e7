// The registry of overridable rules of thumb (see include/rigplan/assumptions.hpp).
#include "rigplan/assumptions.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "rigplan/request_keys.hpp"
#include "util/assignment.hpp"
#include "util/suggest.hpp"

namespace rigplan {

const std::vector<AssumptionDoc>& assumption_docs() {
  static const std::vector<AssumptionDoc> docs = {
      {"gpu_transient_factor", "x",
       "GPU power excursion over board power, under 1 ms (Igor's Lab: RTX 5090 FE 901 W / 575 W = 1.57x); ATX "
       "3.x PSUs ride through 2x their rating for 100 us, ATX 2.x ones may shut down",
       &Assumptions::gpu_transient_factor},
      {"platform_w", "W", "board, memory, fans and USB of a desktop (rule of thumb)", &Assumptions::platform_w},
      {"psu_max_load", "share", "highest sustained load as a share of the PSU rating before a warning (headroom, D2L)",
       &Assumptions::psu_max_load},
      {"cpu_load", "share",
       "CPU package power drawn during the workload, for the wall draw against the outlet: 0.5 = GPU-bound training "
       "loop (an estimate: one process per GPU and its loaders, not every core), 1 = all-core (compiling)",
       &Assumptions::cpu_load},
  };
  return docs;
}

std::optional<std::string> set_assumption(Assumptions& a, std::string_view assignment) {
  auto kv = split_assignment(assignment);
  if (!kv) return fmt::format("--assume expects NAME=VALUE, got \"{}\"", assignment);
  const std::string& name = kv->name;
  std::vector<std::string> names;
  for (const auto& d : assumption_docs()) {
    names.push_back(std::string(d.name));
    if (d.name != name) continue;
    auto v = finite_number(kv->value);
    if (!v || *v < kAssumptionMin || *v > kAssumptionMax)
      return fmt::format("--assume {}: \"{}\" is not a number between {:g} and {:g}", name, kv->value, kAssumptionMin,
                         kAssumptionMax);
    a.*(d.field) = *v;
    return std::nullopt;
  }
  return fmt::format("--assume: unknown assumption \"{}\"{}", name, did_you_mean(name, names));
}

}  // namespace rigplan

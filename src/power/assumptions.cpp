// The registry of overridable rules of thumb (see include/rigplan/assumptions.hpp).
#include "rigplan/assumptions.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>


namespace rigplan {

const std::vector<AssumptionDoc>& assumption_docs() {
  static const std::vector<AssumptionDoc> docs = {
      {"gpu_transient_factor", "x",
       "GPU power excursion over its power limit under 1 ms, for generations without their own figure; ATX 3.x "
       "PSUs ride through 2x their rating for 100 us",
       &Assumptions::gpu_transient_factor},
      {"gpu_transient_ms_factor", "x",
       "GPU power excursion over its power limit for 1-10 ms (what over-current protection sees), for generations "
       "without their own figure",
       &Assumptions::gpu_transient_ms_factor},
      {"transient_ampere_us", "x", "Ampere excursion under 1 ms (Igor's Lab RTX 3090 FE: about 2x board power)",
       &Assumptions::transient_ampere_us},
      {"transient_ampere_ms", "x", "Ampere excursion over 1-10 ms (Igor's Lab RTX 3090 FE: 460-500 W at 350 W)",
       &Assumptions::transient_ampere_ms},
      {"transient_blackwell_us", "x", "Blackwell excursion under 1 ms (Igor's Lab RTX 5090 FE: 901 W / 575 W)",
       &Assumptions::transient_blackwell_us},
      {"transient_blackwell_ms", "x", "Blackwell excursion up to 10 ms (Igor's Lab RTX 5090 FE: 738 W / 575 W)",
       &Assumptions::transient_blackwell_ms},
      {"atx2_ocp_margin", "share",
       "1-10 ms peak, as a share of an ATX 2.x unit's rating, where its over-current protection trips (calibrated "
       "on Puget's 4 x RTX 3090 on one 1600 W unit: ran at 280 and 300 W, shut down at 350 W)",
       &Assumptions::atx2_ocp_margin},
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
  return set_named_constant(a, assumption_docs(), assignment, {"--assume", "assumption", ""},
                            [](const AssumptionDoc&) { return ConstantBounds{kAssumptionMin, kAssumptionMax}; });
}

}  // namespace rigplan

// A whole check of one build (see include/rigplan/checked_build.hpp): the rules, then the topology
// predicted from the placement the rules used.
#include <utility>

#include "rigplan/checked_build.hpp"

namespace rigplan {

CheckedBuild run_check(Build b, const Assumptions& a) {
  CheckResult r = check_build(b, a);
  Topology t = predict_topology(b, r.placement);
  return CheckedBuild{std::move(b), std::move(r), std::move(t), {}};
}

}  // namespace rigplan

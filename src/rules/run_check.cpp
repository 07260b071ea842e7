// A whole check of one build (see include/rigplan/checked_build.hpp): the rules, then the topology
// predicted from the placement the rules used. A partial build is first given generic parts for
// what it leaves unchosen (src/builds/generic_parts.hpp), so the chassis rules judge it.
#include <utility>

#include "builds/generic_parts.hpp"
#include "rigplan/checked_build.hpp"

namespace rigplan {

CheckedBuild run_check(Build b, const Assumptions& a) {
  assume_generic_parts(b);
  CheckResult r = check_build(b, a);
  Topology t = predict_topology(b, r.placement);
  return CheckedBuild{std::move(b), std::move(r), std::move(t), {}};
}

}  // namespace rigplan

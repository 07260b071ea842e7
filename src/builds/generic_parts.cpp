// Generic stand-ins for what a partial build leaves unchosen (see src/builds/generic_parts.hpp).
#include "builds/generic_parts.hpp"

namespace rigplan {

const char* generic_chassis_for(const Build& b) {
  for (const auto& g : b.gpus)
    if (g.part->cooler == "passive" || g.part->form_factor != "pcie") return kGenericServerChassisId;
  return kGenericTowerId;
}

void assume_generic_parts(Build& b) {
  if (!b.partial || b.chassis || b.barebone) return;
  const Chassis* c = Catalog::builtin().find<Chassis>(generic_chassis_for(b));
  if (!c) return;  // the built-in catalog always has both; a missing one leaves the build as it is
  // A stand-in must not make a finding of its own: a named board it cannot mount (E-ATX, EEB) would
  // be FIT004's error about a case nobody chose, so such a build keeps no chassis (BLD002 says so).
  if (b.board && !chassis_mounts(*c, b.board->form_factor)) return;
  b.chassis = c;
  b.assumed_parts.push_back(c->id);
}

}  // namespace rigplan

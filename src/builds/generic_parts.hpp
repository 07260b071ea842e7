// The generic parts a partial build is judged with (data/catalog/chassis-generic.json). A build
// marked partial ("partial": true, check --partial) that names no chassis would leave every
// chassis rule unrun; instead it is judged in a stand-in an experienced builder would assume for
// the cards it names: a 4U rack server chassis for passive or module (SXM/OAM) GPUs, which only
// forced front-to-back airflow cools, and an ATX desktop tower otherwise. The stand-ins carry only
// the figures a standard fixes (the ATX board mounting and seven slot openings, 4 rack units), so
// what depends on an unknown figure (card length, cooler height, airflow rating) is reported as not
// verified by the rules themselves. Build::assumed_parts names what was put in, and BLD002 says so.
#pragma once

#include <string>

#include "rigplan/build.hpp"

namespace rigplan {

inline constexpr const char* kGenericTowerId = "generic-atx-tower";
inline constexpr const char* kGenericServerChassisId = "generic-4u-server-chassis";

// Whether `id` is one of the stand-ins above: the planner never proposes one.
inline bool is_generic_stand_in(const std::string& id) { return id == kGenericTowerId || id == kGenericServerChassisId; }
// The stand-in chassis for `b`'s cards (one of the ids above).
const char* generic_chassis_for(const Build& b);
// Fills what a partial build leaves unchosen with generic parts from the built-in catalog and
// records them in b.assumed_parts; a build that is not partial, names its chassis, or names a board
// larger than ATX (which no stand-in claims to mount) is unchanged.
void assume_generic_parts(Build& b);

}  // namespace rigplan

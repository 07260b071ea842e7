// How `rigplan cluster` shows its answer: a summary for people, the versioned JSON for scripts.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/cluster.hpp"

namespace rigplan {

std::string cluster_text(const ClusterReport& r, const FabricRequest& f);
nlohmann::ordered_json cluster_json(const ClusterReport& r, const FabricRequest& f,
                                    PricePreference prices = PricePreference::Street);

}  // namespace rigplan

// Reading the build file's psu_groups (see PsuGroup in include/rigplan/build.hpp): which PSU
// units feed which GPUs, and from which outlet and circuit. What the schema cannot say is checked
// here and returned as located issues (JSON pointer, message): the groups' units must add up to
// psu_count, names are unique, one group feeds the platform, every GPU entry names a group that
// exists, a group's own PSU model is a PSU, and a redundant module set or a barebone's backplane is
// not split into groups.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "rigplan/build.hpp"

namespace rigplan {

using PsuGroupIssue = std::pair<std::string, std::string>;  // JSON pointer, message

// Fills b.psu_groups from doc (b's psu, psu_count, outlet and gpus already read).
std::vector<PsuGroupIssue> read_psu_groups(const nlohmann::json& doc, const Catalog& cat, Build& b);

}  // namespace rigplan

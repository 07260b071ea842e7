// How `rigplan size` shows its answer: a breakdown table with a bar per component and the
// verdict for people; the versioned JSON document for scripts. Presentation only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/size_report.hpp"

namespace rigplan {

std::string size_text(const SizeReport& r);
nlohmann::ordered_json size_json(const SizeReport& r);

}  // namespace rigplan

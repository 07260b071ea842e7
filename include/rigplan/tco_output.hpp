// How `rigplan tco` shows its answer: the owned cost per GPU-hour with its prices' dates, each
// cloud offer with the date its rate was seen, and the break-even, for people; the versioned JSON
// document for scripts. Presentation only (the answer is rigplan/tco.hpp's answer_tco).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/tco_request.hpp"

namespace rigplan {

std::string tco_text(const TcoAnswer& a);
nlohmann::ordered_json tco_json(const TcoAnswer& a);

}  // namespace rigplan

// Whether a part can still be bought new. A catalog price says what a part cost on a date; the
// market status says whether the maker still sells it: current (on the maker's current product
// pages or in stock new at retailers), discontinued (the maker announced its end of life or
// production ended, per the maker or a press report), or used only (no new stock; bought second
// hand). Each status carries the date it was stated or seen and its source, so a planner can
// keep a 2017 platform out of a plan for new parts, or let it in where a recent price shows it
// is still sold. Unknown is the default: no status is recorded for the part.
#pragma once

#include <optional>
#include <string>

namespace rigplan {

enum class MarketStatus { Unknown, Current, Discontinued, UsedOnly };

// "unknown" | "current" | "discontinued" | "used_only" (the catalog's and JSON output's spelling).
const char* market_status_name(MarketStatus s);
// The inverse for the three a catalog may state; "unknown" and anything else give nullopt.
std::optional<MarketStatus> market_status_from_name(const std::string& name);

struct Market {
  MarketStatus status = MarketStatus::Unknown;
  std::string date;    // YYYY-MM-DD: when the status was stated (an EOL notice) or seen (a product page)
  std::string source;  // URL of the notice, product page or press report
  std::string note;    // optional: one sentence on what the source says
};

// True for a real calendar date written YYYY-MM-DD (leap years counted), e.g. "2024-02-29".
bool is_calendar_date(const std::string& text);

}  // namespace rigplan

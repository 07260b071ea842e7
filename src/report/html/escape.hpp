// HTML escaping and number formatting for the HTML report. Every string that comes from input
// (build names, part ids, messages, file paths, sweep values) passes through esc() before it is
// written into the page, so a part called "<script>" is shown, never run. Control characters
// other than tab and newline become U+FFFD: HTML forbids them and a browser would drop them.
#pragma once

#include <string>
#include <string_view>

namespace rigplan::html {

// Text and attribute values alike: & < > " ' escaped.
std::string esc(std::string_view s);

// A number as the report shows it: fixed decimals, thousands separated by commas ("1,184,100"),
// no "-0", "—" for NaN or infinities. For text only, never an SVG coordinate.
std::string num(double v, int decimals = 0);

// US dollars with thousands separators, no cents ("$12,000,000").
std::string usd(double v);

// The end of a chart's axis: the smallest 1, 2, 2.5 or 5 × 10^k at or above `v` (84.8 → 100,
// 1,291 → 2,000), so the scale ends at a round figure a reader can read off.
double nice_ceiling(double v);

// Bytes in GiB with one decimal ("12.3 GiB").
std::string gib(double bytes);

}  // namespace rigplan::html

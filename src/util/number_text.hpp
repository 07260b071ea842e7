// Numbers as people read them in rigplan's text and HTML output: fixed decimals with the whole
// part's thousands separated by commas ("1,184,100 BTU/h", "$11,235"), so magnitudes compare at a
// glance. Machine formats (JSON, CSV) never use these: they print plain numbers.
#pragma once

#include <string>

namespace rigplan {

// `v` with `decimals` decimals and thousands separators; "-0" prints as "0", a non-finite value
// as "—".
std::string grouped(double v, int decimals = 0);
// US dollars, whole, with thousands separators: "$12,000,000".
std::string dollars(double v);

}  // namespace rigplan

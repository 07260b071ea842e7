// Numbers with thousands separators (see number_text.hpp).
#include "util/number_text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace rigplan {

std::string grouped(double v, int decimals) {
  if (!std::isfinite(v)) return "—";
  std::string s = fmt::format("{:.{}f}", v, decimals);
  if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1);  // "-0" → "0"
  std::size_t start = s[0] == '-' ? 1 : 0, end = s.find('.');
  if (end == std::string::npos) end = s.size();
  for (std::size_t i = end; i > start + 3; i -= 3) s.insert(i - 3, ",");
  return s;
}

std::string dollars(double v) { return "$" + grouped(v); }

}  // namespace rigplan

// HTML escaping and number formatting (see escape.hpp).
#include "report/html/escape.hpp"

#include <fmt/format.h>

#include <cmath>
#include "util/number_text.hpp"

namespace rigplan::html {

std::string esc(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if ((c < 0x20 && ch != '\t' && ch != '\n') || c == 0x7f) out += "&#xFFFD;";
        else out += ch;
    }
  }
  return out;
}

std::string num(double v, int decimals) { return grouped(v, decimals); }

std::string usd(double v) { return "$" + num(v); }

double nice_ceiling(double v) {
  if (!(v > 0) || !std::isfinite(v)) return 1;
  double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * p >= v * (1 - 1e-12)) return m * p;
  return 10 * p;
}

std::string gib(double bytes) { return num(bytes / (1024.0 * 1024.0 * 1024.0), 1) + " GiB"; }

}  // namespace rigplan::html

// A key/value list for the report's summaries (see sections.hpp); keys and values are escaped.
#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

std::string key_values(const std::vector<std::pair<std::string, std::string>>& kv) {
  std::string out = "<dl class=\"kv\">\n";
  for (const auto& [k, v] : kv) out += "<dt>" + esc(k) + "</dt><dd>" + esc(v) + "</dd>\n";
  return out + "</dl>\n";
}

}  // namespace rigplan::html

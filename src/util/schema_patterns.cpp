// Hand-written matchers for the schemas' patterns (see schema_patterns.hpp).
#include "util/schema_patterns.hpp"

#include <algorithm>

namespace rigplan {
namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }
bool lower_alnum(char c) { return digit(c) || (c >= 'a' && c <= 'z'); }
bool word(char c) { return digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool hex_lower(char c) { return digit(c) || (c >= 'a' && c <= 'f'); }

// ^[a-z0-9]+([-.][a-z0-9]+)*$ : groups of lower-case letters and digits joined by single - or .
bool kebab_id(std::string_view s) {
  if (s.empty() || !lower_alnum(s.front()) || !lower_alnum(s.back())) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (lower_alnum(c)) continue;
    if (c != '-' && c != '.') return false;
    if (!lower_alnum(s[i + 1])) return false;  // i + 1 < size: the last character is alphanumeric
  }
  return true;
}

// ^https?://[^ ]+$
bool http_url(std::string_view s) {
  std::string_view rest;
  if (s.substr(0, 7) == "http://") rest = s.substr(7);
  else if (s.substr(0, 8) == "https://") rest = s.substr(8);
  else return false;
  return !rest.empty() && rest.find(' ') == std::string_view::npos;
}

// ^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$
bool date(std::string_view s) {
  if (s.size() != 7 && s.size() != 10) return false;
  auto digits = [&](std::size_t from, std::size_t n) {
    return std::all_of(s.begin() + from, s.begin() + from + n, digit);
  };
  if (!digits(0, 4) || s[4] != '-' || !digits(5, 2)) return false;
  return s.size() == 7 || (s[7] == '-' && digits(8, 2));
}

// ^[A-Za-z0-9_]+$
bool word_chars(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), word); }

// ^[0-9]+\.[0-9]+$
bool dotted_number(std::string_view s) {
  auto dot = s.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == s.size()) return false;
  return std::all_of(s.begin(), s.begin() + dot, digit) && std::all_of(s.begin() + dot + 1, s.end(), digit);
}

// ^[0-9a-f]{40}$
bool commit(std::string_view s) { return s.size() == 40 && std::all_of(s.begin(), s.end(), hex_lower); }

}  // namespace

std::optional<bool> match_schema_pattern(std::string_view pattern, std::string_view text) {
  if (pattern == "^[a-z0-9]+([-.][a-z0-9]+)*$") return kebab_id(text);
  if (pattern == "^https?://[^ ]+$") return http_url(text);
  if (pattern == "^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$") return date(text);
  if (pattern == "^[A-Za-z0-9_]+$") return word_chars(text);
  if (pattern == "^[0-9]+\\.[0-9]+$") return dotted_number(text);
  if (pattern == "^[0-9a-f]{40}$") return commit(text);
  return std::nullopt;
}

}  // namespace rigplan

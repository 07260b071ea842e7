// How error messages name things (see json_words.hpp).
#include "util/json_words.hpp"

#include <cstring>

namespace rigplan {

std::string with_article(const std::string& word) {
  if (word == "null" || word.empty()) return word;
  // A "u" sounded as "you" takes "a": a unified_system.
  bool you = word.rfind("uni", 0) == 0 || word.rfind("use", 0) == 0;
  return (std::strchr("aeiou", word[0]) && !you ? "an " : "a ") + word;
}

const char* json_type_words(const nlohmann::json& v) {
  using T = nlohmann::json::value_t;
  switch (v.type()) {
    case T::null: return "null";
    case T::boolean: return "a boolean";
    case T::number_integer:
    case T::number_unsigned: return "an integer";
    case T::number_float: return "a number";
    case T::string: return "a string";
    case T::array: return "an array";
    case T::object: return "an object";
    default: return "a value";
  }
}

std::string json_brief(const nlohmann::json& v) {
  std::string s = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

}  // namespace rigplan

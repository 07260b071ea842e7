// How error messages name things: a word with its article ("an integer", "a gpu"), a JSON value's
// type in words ("an integer", "a string"), and a value shortened for a message. One definition
// for the schema validator and the catalog's id messages.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace rigplan {

// "a"/"an" by the word's first letter ("an integer", "a gpu"); "null" stays as it is.
std::string with_article(const std::string& word);

// The value's JSON type with its article: "null", "a boolean", "an integer", "a number", ...
const char* json_type_words(const nlohmann::json& v);

// The value as compact JSON, cut to 40 characters ("..." marks a cut).
std::string json_brief(const nlohmann::json& v);

}  // namespace rigplan

// Building the JSON tree from text, and finding a key given twice in one object. nlohmann keeps
// the last of two equal keys silently; rigplan refuses such a file, so the tree is built by its
// own SAX handler that notices a repeated key as it inserts it (one pass), and only a document
// that has one is read a second time to name the object's JSON pointer.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace rigplan {

// Parses `text` into `out`; returns whether some object repeats a key. Parse errors are thrown
// with their own type (nlohmann::json::parse_error, out_of_range), as nlohmann::json::parse does.
bool build_json_tree(std::string_view text, nlohmann::json& out);

struct DuplicateKey {
  std::string key;
  std::string pointer;  // of the object that repeats it
};
// The first key repeated within one object, or nullopt.
std::optional<DuplicateKey> find_duplicate_key(std::string_view text);

}  // namespace rigplan

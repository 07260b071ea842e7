// A JSON Schema validator for the subset of draft 2020-12 that rigplan's own schemas use:
// type, enum, const, required, properties, additionalProperties (false), items, minItems,
// minLength, maxLength, pattern, minimum, maximum, exclusiveMinimum, local $ref, allOf, if/then
// and oneOf. The loader validates every input against the very schema files shipped in
// data/schema/, so the published schema and what rigplan accepts cannot drift apart. Messages
// are written for people: the found value, the limit, and a did-you-mean for names. The custom
// keyword "x-message" replaces the generic text when a pattern does not match.
#pragma once

#include <map>
#include <memory>
#include <unordered_map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace rigplan {

// Longest string a "pattern" with an unbounded repeat (+, *) is matched against: std::regex
// recurses per character such a repeat matches, so a string of tens of thousands of characters
// overflows the stack. Longer ones are refused with a message. The longest patterned value in the
// shipped data (a source URL) is well under 300 characters; sweep axes ("set") use a bounded
// pattern and take any length.
inline constexpr std::size_t kMaxPatternInput = 2048;

struct SchemaError {
  std::string pointer;  // where in the document
  std::string message;
};

class JsonSchema {
 public:
  explicit JsonSchema(nlohmann::json schema);

  // All errors (up to max_errors), in a deterministic order.
  std::vector<SchemaError> validate(const nlohmann::json& doc, std::size_t max_errors = 50) const;

  // The schema node a local reference ("#/$defs/gpu") names; throws std::logic_error if absent.
  const nlohmann::json& resolve(const std::string& ref) const;

  const nlohmann::json& root() const { return *root_; }

  // The schema node that governs the value at a document pointer ("/gpus/0/count": properties,
  // then items, then properties), references resolved; nullptr when the schema has none.
  const nlohmann::json* node_at(const std::string& pointer) const;
  // Whether `value` meets `node` (a node of this schema), as validate would judge it there.
  bool accepts(const nlohmann::json& node, const nlohmann::json& value) const { return valid(node, value); }

 private:
  struct Ctx;
  struct Path;  // where a value sits, turned into a JSON pointer only when an error needs one
  void check(const nlohmann::json& schema, const nlohmann::json& value, const Path& at, Ctx& ctx) const;
  bool valid(const nlohmann::json& schema, const nlohmann::json& value) const;
  bool matches(const std::string& pattern, const std::string& text) const;
  const nlohmann::json& deref(const nlohmann::json& schema) const;

  // A schema node's keywords, looked up once at construction: validating an overlay of 20,000
  // parts visits a million values, and a keyword lookup by name per value and keyword was most
  // of the time.
  struct Keywords {
    const nlohmann::json* ref = nullptr;  // the node "$ref" names, resolved
    unsigned types = 0;                   // bit set of kType*; 0 = any
    const nlohmann::json* type = nullptr;
    const nlohmann::json* const_ = nullptr;
    const nlohmann::json* enum_ = nullptr;
    const nlohmann::json* minimum = nullptr;
    const nlohmann::json* exclusive_minimum = nullptr;
    const nlohmann::json* maximum = nullptr;
    const nlohmann::json* min_length = nullptr;
    const nlohmann::json* max_length = nullptr;
    const nlohmann::json* pattern = nullptr;
    const nlohmann::json* x_message = nullptr;
    bool x_calendar = false;  // "x-calendar": true — a YYYY-MM[-DD] string must name a real month and day
    const nlohmann::json* min_items = nullptr;
    const nlohmann::json* items = nullptr;
    const nlohmann::json* properties = nullptr;
    const nlohmann::json* required = nullptr;
    bool closed = false;  // additionalProperties: false
    const nlohmann::json* all_of = nullptr;
    const nlohmann::json* if_ = nullptr;
    const nlohmann::json* then_ = nullptr;
    const nlohmann::json* one_of = nullptr;
  };
  const Keywords* keywords(const nlohmann::json& node) const;
  void compile(const nlohmann::json& node);
  std::shared_ptr<const nlohmann::json> root_;  // shared, so that keywords_' pointers survive copies
  std::unordered_map<const nlohmann::json*, Keywords> keywords_;
  std::map<std::string, std::regex> patterns_;  // compiled once, at construction
  std::set<std::string> unbounded_;             // patterns with an unbounded repeat
  std::map<std::string, const nlohmann::json*> refs_;  // every local $ref, resolved once
};

}  // namespace rigplan

// Hand-written matchers for the "pattern"s rigplan's own schemas use on every part: ids, URLs,
// dates, commits, field names and versions. std::regex (libstdc++) spends about 16,000
// instructions on one such match, and an overlay of 20,000 parts has 80,000 of them: most of the
// time of loading it. Each matcher here decides exactly what std::regex_search decides for its
// pattern string (tests/unit/schema_patterns_test.cpp compares them on random strings); a pattern
// not listed falls back to std::regex, so a schema edit can never silently loosen a check.
#pragma once
#include <optional>
#include <string_view>

namespace rigplan {

// Whether `text` matches `pattern` (ECMAScript, searched), or nullopt when the pattern has no
// hand-written matcher.
std::optional<bool> match_schema_pattern(std::string_view pattern, std::string_view text);

}  // namespace rigplan

// The hand-written pattern matchers decide exactly what std::regex decides for the same pattern
// strings: random strings over each pattern's alphabet plus the characters that break it
// (space, newline, separators at the ends, doubled separators), and edge cases by hand.
#include <catch2/catch.hpp>

#include <random>
#include <regex>
#include <string>
#include <vector>

#include "util/schema_patterns.hpp"

using rigplan::match_schema_pattern;

namespace {

const std::vector<std::string> kPatterns = {
    "^[a-z0-9]+([-.][a-z0-9]+)*$", "^https?://[^ ]+$", "^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$",
    "^[A-Za-z0-9_]+$",            "^[0-9]+\\.[0-9]+$", "^[0-9a-f]{40}$",
};

std::string random_string(std::mt19937& rng, const std::string& alphabet, std::size_t max_len) {
  std::uniform_int_distribution<std::size_t> len(0, max_len), pick(0, alphabet.size() - 1);
  std::string s;
  for (std::size_t n = len(rng); n > 0; --n) s += alphabet[pick(rng)];
  return s;
}

}  // namespace

TEST_CASE("schema pattern matchers agree with std::regex", "[schema][patterns]") {
  std::mt19937 rng(20261123);
  const std::string alphabet = "az09AZ_-.:/ \n\thtps";
  for (const auto& pattern : kPatterns) {
    std::regex rx(pattern, std::regex::ECMAScript);
    std::vector<std::string> inputs = {"", "a", "a-b", "a--b", "-a", "a-", "a.b-c", "A", "http://", "https://x",
                                       "http://x y", "https://x\n", "ftp://x", "2026-11", "2026-11-23",
                                       "2026-1-23", "2026-11-2", "1.2", ".2", "1.", "1.2.3", "a_B9",
                                       std::string(40, 'a'), std::string(40, 'g'), std::string(39, '0')};
    for (int i = 0; i < 4000; ++i) inputs.push_back(random_string(rng, alphabet, 12));
    // Strings shaped like each pattern's matches, mutated, so that matches are common too.
    for (int i = 0; i < 2000; ++i) {
      std::string s = random_string(rng, "0123456789-", 11);
      inputs.push_back(s);
      inputs.push_back("https://" + random_string(rng, "ab/ .\n", 6));
      inputs.push_back(random_string(rng, "0123456789abcdef", 41));
      inputs.push_back(random_string(rng, "abc09-.", 8));
    }
    for (const auto& s : inputs) {
      auto fast = match_schema_pattern(pattern, s);
      REQUIRE(fast.has_value());
      INFO("pattern " << pattern << " on \"" << s << "\"");
      CHECK(*fast == std::regex_search(s, rx));
    }
  }
}

TEST_CASE("an unknown pattern has no hand-written matcher", "[schema][patterns]") {
  CHECK_FALSE(match_schema_pattern("^[0-9]+(\\.[0-9]+){0,3}$", "1.2").has_value());
  CHECK_FALSE(match_schema_pattern("^[a-z]+$", "abc").has_value());
}

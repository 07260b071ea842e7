// A rule's doc example as the engine sees it: the example's JSON merge patch over the seed desktop
// (examples/builds/seed-desktop.json, kRuleExampleBase), with the few parts no catalog entry has
// yet (written in angle brackets) replaced by fixture parts. One definition shared by
// rule_examples_test (the failing example fires, the passing one does not) and
// rule_snapshots_test (the failing example's messages, pinned per rule).
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "seed_build.hpp"

namespace rigplan::rule_example {

// The exceptions: parts no catalog entry has yet, which an example writes as a placeholder in
// angle brackets. The tests stand the fixture part (seed_build.hpp) in for it. Keep this short:
// a real part, once in the catalog, replaces the placeholder in the rule's doc.
struct Placeholder {
  const char* rule;
  const char* text;     // as the doc writes it, quoted
  const char* fixture;  // the fixture part the tests use
  const char* why;      // why no catalog part serves
};
inline constexpr Placeholder kPlaceholders[] = {
    {"RSR002", R"("<an unshielded passive PCIe 4.0 riser>")", R"("test-riser-gen4-unshielded")",
     "the catalog's PCIe 4.0 risers are shielded; its unshielded ones are PCIe 2.0 and 3.0, below what RSR002 "
     "checks"},
    {"THM004", R"("<a server chassis rated for 300 W passive cards>")", R"("test-chassis-passive-300w")",
     "no chassis in the catalog states a passive_gpu_max_w rating (makers publish validated GPU lists instead)"},
};

inline nlohmann::json base_build() {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/" + std::string(kRuleExampleBase));
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return nlohmann::json::parse(ss.str());
}

// The engine's findings on the base patched with `patch` (an example of rule `code`), then with
// `then` if given; `placeholders` counts the placeholders replaced, and `parsed` (if given) gets
// the build the engine checked.
inline CheckResult check_example(const nlohmann::json& base, std::string_view code, std::string patch,
                                 int& placeholders, const nlohmann::json& then = nullptr, Build* parsed = nullptr) {
  for (const auto& p : kPlaceholders) {
    if (code != p.rule) continue;
    for (auto at = patch.find(p.text); at != std::string::npos; at = patch.find(p.text)) {
      patch.replace(at, std::string(p.text).size(), p.fixture);
      ++placeholders;
    }
  }
  INFO("the example, placeholders replaced: " << patch);
  CHECK(patch.find("\"<") == std::string::npos);  // a placeholder these tests do not list
  nlohmann::json j = base;
  nlohmann::json p = nlohmann::json::parse(patch);
  REQUIRE(p.is_object());
  j.merge_patch(p);
  if (then.is_object()) j.merge_patch(then);
  const Catalog& cat = placeholders ? seed_build::fixture_catalog() : Catalog::builtin();
  Build b = parse_build(j.dump(), "example.json", cat);
  if (parsed) *parsed = b;
  return check_build(b);
}

}  // namespace rigplan::rule_example

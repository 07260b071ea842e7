// Every rule's doc examples are complete inputs, run through the engine: the failing example
// (a JSON merge patch over the seed desktop, examples/builds/seed-desktop.json) must give the
// rule's code, the passing one must not. The docs (docs/rules.md, `rigplan rules CODE`) show
// exactly these patches, so an example that names a part the catalog lacks, or that no longer
// fires after a rule or a catalog entry changes, fails here instead of misleading a reader.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

// The exceptions: parts no catalog entry has yet, which an example writes as a placeholder in
// angle brackets. The test stands the fixture part (seed_build.hpp) in for it. Keep this short:
// a real part, once in the catalog, replaces the placeholder in the rule's doc.
struct Placeholder {
  const char* rule;
  const char* text;     // as the doc writes it, quoted
  const char* fixture;  // the fixture part the test uses
  const char* why;      // why no catalog part serves
};
const Placeholder kPlaceholders[] = {
    {"RSR002", R"("<an unshielded passive PCIe 4.0 riser>")", R"("test-riser-gen4-unshielded")",
     "the catalog's PCIe 4.0 risers are shielded; its unshielded ones are PCIe 2.0 and 3.0, below what RSR002 "
     "checks"},
    {"THM004", R"("<a server chassis rated for 300 W passive cards>")", R"("test-chassis-passive-300w")",
     "no chassis in the catalog states a passive_gpu_max_w rating (makers publish validated GPU lists instead)"},
};

json base_build() {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/" + std::string(kRuleExampleBase));
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str());
}

// The codes the patched base gives; `placeholders` counts the placeholders replaced.
std::set<std::string> codes_for(const json& base, std::string_view code, std::string patch, int& placeholders) {
  for (const auto& p : kPlaceholders) {
    if (code != p.rule) continue;
    for (auto at = patch.find(p.text); at != std::string::npos; at = patch.find(p.text)) {
      patch.replace(at, std::string(p.text).size(), p.fixture);
      ++placeholders;
    }
  }
  INFO("the example, placeholders replaced: " << patch);
  CHECK(patch.find("\"<") == std::string::npos);  // a placeholder this test does not list
  json j = base;
  json p = json::parse(patch);
  REQUIRE(p.is_object());
  j.merge_patch(p);
  const Catalog& cat = placeholders ? seed_build::fixture_catalog() : Catalog::builtin();
  std::set<std::string> codes;
  for (const auto& d : check_build(parse_build(j.dump(), "example.json", cat)).diagnostics) codes.insert(d.code);
  return codes;
}

}  // namespace

TEST_CASE("every rule's failing example gives its code and its passing example does not") {
  json base = base_build();
  std::set<std::string> with_placeholders;
  int plain = 0;
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    INFO(d.code << " (examples patch " << kRuleExampleBase << ")");
    int placeholders = 0;
    {
      INFO("the failing example: " << d.fails);
      CHECK(codes_for(base, d.code, std::string(d.fails), placeholders).count(std::string(d.code)) == 1);
    }
    {
      INFO("the passing example: " << d.passes);
      CHECK(codes_for(base, d.code, std::string(d.passes), placeholders).count(std::string(d.code)) == 0);
    }
    if (placeholders) with_placeholders.insert(std::string(d.code));
    else ++plain;
  }
  // Each listed exception is still needed (its rule's examples use its placeholder).
  for (const auto& p : kPlaceholders) {
    INFO(p.rule << ": " << p.text << " is listed but no example uses it");
    CHECK(with_placeholders.count(p.rule) == 1);
  }
  CHECK(with_placeholders.size() <= 2);  // a third exception needs a reason here, not a quiet addition
  CHECK(plain + static_cast<int>(with_placeholders.size()) == static_cast<int>(rule_registry().size()));
}

TEST_CASE("the rule tests' seed build is the examples' base build") {
  json base = base_build();
  json seed = seed_build::seed();
  for (const char* meta : {"$schema", "name", "notes"}) base.erase(meta);
  seed.erase("name");
  CHECK(base == seed);
}

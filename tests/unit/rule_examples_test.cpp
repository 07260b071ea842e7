// Every rule's doc examples are complete inputs, run through the engine: the failing example
// (a JSON merge patch over the seed desktop, examples/builds/seed-desktop.json) must give the
// rule's code, the passing one must not. The docs (docs/rules.md, `rigplan rules CODE`) show
// exactly these patches, so an example that names a part the catalog lacks, or that no longer
// fires after a rule or a catalog entry changes, fails here instead of misleading a reader.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>

#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
#include "rigplan/rules.hpp"
#include "rule_example_build.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

// The codes the patched base gives; `placeholders` counts the placeholders replaced.
std::set<std::string> example_codes(const json& base, std::string_view code, std::string patch, int& placeholders) {
  std::set<std::string> codes;
  for (const auto& d : rule_example::check_example(base, code, std::move(patch), placeholders).diagnostics)
    codes.insert(d.code);
  return codes;
}

// What a build file leaves out to lack each need (a merge patch: null removes the key).
json example_without(Need n) {
  switch (n) {
    case Need::Cpu: return {{"cpu", nullptr}};
    case Need::Board: return {{"board", nullptr}};
    case Need::Memory: return {{"memory", nullptr}};
    case Need::Psu: return {{"psu", nullptr}, {"psu_groups", nullptr}};
    case Need::Chassis: return {{"chassis", nullptr}};
    case Need::Cooler: return {{"cooler", nullptr}};
    case Need::Bridge: return {{"nvlink_bridge", nullptr}};
    case Need::Outlet: return {{"outlet", nullptr}};
    case Need::Cuda: return {{"software", {{"cuda", nullptr}}}};
    case Need::Driver: return {{"software", {{"driver", nullptr}}}};
    case Need::Pytorch: return {{"software", {{"pytorch", nullptr}}}};
    case Need::Rocm: return {{"software", {{"rocm", nullptr}}}};
    case Need::Software: return {{"software", nullptr}};
  }
  return json::object();
}

}  // namespace

TEST_CASE("every rule's failing example gives its code and its passing example does not") {
  json base = rule_example::base_build();
  std::set<std::string> with_placeholders;
  int plain = 0;
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    INFO(d.code << " (examples patch " << kRuleExampleBase << ")");
    int placeholders = 0;
    {
      INFO("the failing example: " << d.fails);
      CHECK(example_codes(base, d.code, std::string(d.fails), placeholders).count(std::string(d.code)) == 1);
    }
    {
      INFO("the passing example: " << d.passes);
      CHECK(example_codes(base, d.code, std::string(d.passes), placeholders).count(std::string(d.code)) == 0);
    }
    if (placeholders) with_placeholders.insert(std::string(d.code));
    else ++plain;
  }
  // Each listed exception is still needed (its rule's examples use its placeholder).
  for (const auto& p : rule_example::kPlaceholders) {
    INFO(p.rule << ": " << p.text << " is listed but no example uses it");
    CHECK(with_placeholders.count(p.rule) == 1);
  }
  CHECK(with_placeholders.size() <= 2);  // a third exception needs a reason here, not a quiet addition
  CHECK(plain + static_cast<int>(with_placeholders.size()) == static_cast<int>(rule_registry().size()));
}

// The engine skips a rule whose needs (RuleDoc::needs.all) a build lacks, so the rules no longer
// test for them by hand: a rule that reads a part it does not declare would dereference nothing.
// Each rule's failing example, with each part it does not declare taken out in turn, must run
// (a crash fails the suite); with a part it declares taken out, the rule must not fire.
TEST_CASE("every rule runs without the parts it does not declare, and not without those it does") {
  json base = rule_example::base_build();
  int runs = 0;
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    for (Need n : kAllNeeds) {
      INFO(d.code << " without " << need_name(n) << " (" << example_without(n).dump() << ")");
      int placeholders = 0;
      CheckResult res;
      Build b;
      try {
        res = rule_example::check_example(base, d.code, std::string(d.fails), placeholders, example_without(n), &b);
      } catch (const InputError&) {
        continue;  // a build file that no longer parses (a PSU group naming the outlet taken out)
      }
      ++runs;
      // A barebone brings its own PSU and chassis: the file leaving them out does not take them away.
      if (!d.needs.requires_all(n) || build_has(b, n)) continue;
      for (const auto& f : res.diagnostics) CHECK(f.code != d.code);
    }
  }
  CHECK(runs > static_cast<int>(rule_registry().size()) * 10);
}

TEST_CASE("the rule tests' seed build is the examples' base build") {
  json base = rule_example::base_build();
  json seed = seed_build::seed();
  for (const char* meta : {"$schema", "name", "notes"}) base.erase(meta);
  seed.erase("name");
  CHECK(base == seed);
}

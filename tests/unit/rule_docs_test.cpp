// Every registered rule is documented, codes are unique and well-formed, and docs/rules.md is
// exactly what the registry generates; each rule sits in the file its code and slug name.
// Each says what clears it (RuleDoc::relax), and declares a need whole or in part, not both.
#include <catch2/catch.hpp>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "rigplan/rule_docs.hpp"
#include "rigplan/rules.hpp"

using namespace rigplan;

TEST_CASE("every rule has a complete doc and a unique code") {
  std::set<std::string> codes;
  std::regex code_re("^(CPU|MEM|PCIE|FIT|PWR|CON|THM|NVL|SW|NET|DATA|BLD|RSR)[0-9]{3}$");
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    INFO(d.code);
    CHECK(std::regex_match(std::string(d.code), code_re));
    CHECK(codes.insert(std::string(d.code)).second);
    for (auto field : {d.name, d.what, d.why, d.source, d.relax}) CHECK(field.size() > 5);
    CHECK((d.needs.all & d.needs.partly) == 0);  // a need is whole or in part, not both
    // The examples are JSON merge patches ("{}": the seed desktop as it is); rule_examples_test runs them.
    for (auto example : {d.fails, d.passes}) CHECK((example.size() >= 2 && example.front() == '{' && example.back() == '}'));
  }
  CHECK(codes.size() >= 30);
}

TEST_CASE("every rule cites a primary source, not the project's design notes") {
  for (const auto& r : rule_registry()) {
    std::string source(r->doc().source);
    INFO(r->doc().code << ": " << source);
    CHECK(source.size() > 10);
    for (const char* banned : {"/work/shared", "DOMAIN.md", "DESIGN.md", "STYLE.md"})
      CHECK(source.find(banned) == std::string::npos);
  }
}

TEST_CASE("docs/rules.md is generated from the registry") {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/docs/rules.md");
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  INFO("regenerate with: build/rigplan rules --format markdown > docs/rules.md");
  CHECK(ss.str() == rules_markdown());
}

TEST_CASE("each rule lives in src/rules/<code>_<slug>.cpp, named after its own code and slug") {
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    std::string file = std::string(d.code) + "_" + std::string(d.name);
    for (auto& ch : file) ch = ch == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    INFO(file);
    CHECK(std::ifstream(std::string(RIGPLAN_SOURCE_DIR) + "/src/rules/" + file + ".cpp").good());
  }
}

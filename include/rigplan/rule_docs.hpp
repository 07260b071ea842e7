// Rule documentation rendered from the registry: `rigplan rules` (text, json) and docs/rules.md
// (markdown). One source — the RuleDoc each rule carries — so the docs cannot drift.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace rigplan {

std::string rules_text(const std::string& code = "");  // all rules, or one
std::string rules_markdown();
nlohmann::ordered_json rules_json(const std::string& code = "");

}  // namespace rigplan

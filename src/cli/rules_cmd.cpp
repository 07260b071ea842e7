// `rigplan rules [CODE]`: every rule with its doc, from the registry; `--format markdown` is what
// docs/rules.md is generated from (a test keeps the two equal).
#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/error.hpp"
#include "rigplan/rule_docs.hpp"
#include "rigplan/rules.hpp"

#include <fmt/format.h>
#include "util/suggest.hpp"

namespace rigplan::cli {

void register_rules(CLI::App& app, Globals& g) {
  auto code = std::make_shared<std::string>();
  auto format = std::make_shared<std::string>("text");
  auto* cmd = app.add_subcommand("rules", "List every check rule with its documentation");
  cmd->add_option("CODE", *code, "Show one rule (e.g. PWR001)");
  cmd->add_option("--format", *format, "text | markdown | json")->check(CLI::IsMember({"text", "markdown", "json"}));
  cmd->callback([&g, code, format] {
    if (!code->empty() && !find_rule(*code)) {
      std::vector<std::string> codes;
      for (const auto& r : rule_registry()) codes.push_back(std::string(r->doc().code));
      input_error(fmt::format("no rule \"{}\"{}", *code, did_you_mean(*code, codes)));
    }
    if (*format == "json") print_json(rules_json(*code));
    else if (*format == "markdown") std::cout << rules_markdown();
    else std::cout << rules_text(*code);
    g.exit_code = 0;
  });
}

}  // namespace rigplan::cli

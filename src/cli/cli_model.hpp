// The command line as data: every subcommand, option, value choice and the catalog ids an option
// takes, read from the CLI11 definition itself (never a hand-kept list), so that the shell
// completions (`rigplan completion bash|zsh|fish`) and the man page (`rigplan man`) can never
// drift from the flags the binary really accepts.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/cli_common.hpp"
#include "rigplan/catalog.hpp"

namespace rigplan::cli {

struct OptionModel {
  std::string name;               // "--gpu" (or "-h" where it has no long name)
  std::vector<std::string> aliases;  // the other names ("-h" for "--help")
  std::string help;
  std::string type_name;          // "ID", "FILE", … ("" for a flag)
  bool takes_value = false;
  bool repeatable = false;
  std::vector<std::string> values;  // words it accepts (choices, catalog ids, model presets)
  std::string complete;             // "file" | "dir" | "" (values, or nothing to complete)
};

struct CommandModel {
  std::string key;                // "" (the root), "plan", "catalog_show"
  std::vector<std::string> path;  // {"catalog", "show"}
  std::string help;
  std::vector<OptionModel> options;
  std::vector<std::string> subcommands;      // direct children, by name
  std::vector<std::string> positional_names;  // "BUILD", "ID"
  std::vector<std::string> positional_values;
  std::string positional_complete;            // "file" | ""
};

// The root first, then every subcommand depth first, in definition order. `c` supplies the ids.
std::vector<CommandModel> cli_model(CLI::App& root, const Catalog& c);

// `rigplan completion bash|zsh|fish` and `rigplan man`.
std::string completion_script(const std::vector<CommandModel>& m, const std::string& shell);
// The man page is dated by the catalog's data date (deterministic output, unlike today's date).
std::string man_page(const std::vector<CommandModel>& m, const std::string& version_line, const std::string& date);

}  // namespace rigplan::cli

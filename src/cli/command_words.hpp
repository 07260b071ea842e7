// The command words before CLI11 parses: no arguments prints the help, `help [CMD...]` prints a
// command's help, `version` is `--version`, and a word that names no command is refused with a
// "did you mean" (exit 2) rather than CLI11's "A subcommand is required". After a parse error,
// an unknown flag gets a suggestion from the flags of the command it was given to.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace rigplan::cli {

// The exit code when the command words were answered here (help, version, unknown command);
// nullopt when CLI11 should parse the arguments.
std::optional<int> answer_command_words(CLI::App& app, int argc, const char* const* argv);

// For each unknown flag left after a parse of `app` failed, a line
// "rigplan: error: unknown flag --x (did you mean \"--y\"?)"; empty when there is none to name.
std::string unknown_flag_hints(const CLI::App& app);

}  // namespace rigplan::cli

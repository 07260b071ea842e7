// See command_words.hpp: the habits of gh and cargo for the first word of a command line.
#include "cli/command_words.hpp"

#include <iostream>
#include <vector>

#include "cli/cli_common.hpp"
#include "util/suggest.hpp"

namespace rigplan::cli {

namespace {

// The subcommand of `parent` named `word`, or null.
const CLI::App* subcommand_named(const CLI::App& parent, const std::string& word) {
  for (const CLI::App* s : parent.get_subcommands([](const CLI::App*) { return true; }))
    if (s->check_name(word)) return s;
  return nullptr;
}

std::vector<std::string> subcommand_names(const CLI::App& parent) {
  std::vector<std::string> names;
  for (const CLI::App* s : parent.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(s->get_name());
  return names;
}

int unknown_command(const CLI::App& parent, const std::string& word, const std::string& path) {
  std::vector<std::string> names = subcommand_names(parent);
  if (parent.get_parent() == nullptr) names.insert(names.end(), {"help", "version"});
  std::cerr << "rigplan: error: unknown command \"" << word << "\"" << (path.empty() ? "" : " under " + path)
            << did_you_mean(word, names) << "; `rigplan " << (path.empty() ? "" : path + " ")
            << "--help` lists the commands\n";
  return 2;
}

}  // namespace

std::optional<int> answer_command_words(CLI::App& app, int argc, const char* const* argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  app.name(argv[0]);  // as CLI11's parse would name it, for the usage line
  if (args.empty()) {
    std::cout << app.help();
    return 0;
  }
  // The first word that is neither a global option nor the value of one.
  std::size_t i = 0;
  while (i < args.size()) {
    const std::string& a = args[i];
    if (a == "--") return std::nullopt;
    std::string name = a.substr(0, a.find('='));
    if (a == "--catalog" || a == "--prices") i += 2;
    else if (name == "--catalog" || name == "--prices" || a == "--version" || a == "--help" || a == "-h") ++i;
    else if (!a.empty() && a[0] == '-') return std::nullopt;  // an unknown flag: CLI11 names it
    else break;
  }
  if (i >= args.size()) return std::nullopt;
  const std::string& word = args[i];
  if (word == "version") {
    std::cout << version_line() << "\n";
    return 0;
  }
  if (word == "help") {
    const CLI::App* cur = &app;
    std::string path, parents = argv[0];  // the usage line names the command as typed
    for (std::size_t j = i + 1; j < args.size(); ++j) {
      const CLI::App* sub = subcommand_named(*cur, args[j]);
      if (sub == nullptr) return unknown_command(*cur, args[j], path);
      if (cur != &app) parents += " " + cur->get_name();
      path += (path.empty() ? "" : " ") + sub->get_name();
      cur = sub;
    }
    std::cout << (cur == &app ? app.help() : cur->help(parents));
    return 0;
  }
  if (subcommand_named(app, word) == nullptr) return unknown_command(app, word, "");
  return std::nullopt;
}

std::string unknown_flag_hints(const CLI::App& app) {
  // The command the flags were given to: the last subcommand parsed, at any depth.
  const CLI::App* cmd = &app;
  while (!cmd->get_subcommands().empty()) cmd = cmd->get_subcommands().back();
  std::vector<std::string> flags;
  for (const CLI::App* a = cmd; a != nullptr; a = a->get_parent())
    for (const CLI::Option* o : a->get_options()) {
      for (const auto& l : o->get_lnames()) flags.push_back("--" + l);
      for (const auto& s : o->get_snames()) flags.push_back("-" + s);
    }
  std::string out;
  for (std::string w : app.remaining(true)) {
    if (w.size() < 2 || w[0] != '-' || w == "--") continue;
    w = w.substr(0, w.find('='));
    std::string hint = did_you_mean(w, flags);
    // "--gpu-count": the stem before the first inner dash ("--gpu") is the likelier slip.
    std::size_t dash = w.find('-', 2);
    if (hint.empty() && dash != std::string::npos) hint = did_you_mean(w.substr(0, dash), flags, 2);
    out += "rigplan: error: unknown flag " + w + (cmd == &app ? "" : " for " + cmd->get_name()) + hint + "\n";
  }
  return out;
}

}  // namespace rigplan::cli

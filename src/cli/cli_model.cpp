// The command line as data (see cli_model.hpp). Choices come from each option's IsMember
// validator ("{text,json}"); catalog ids from the option's name, by one table below (an option
// named for a part kind takes that kind's ids); files from the option's type name.
#include "cli/cli_model.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "planner/choose.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/workload.hpp"

namespace rigplan::cli {

namespace {

// Options whose value is a catalog id, by long name: the kind whose ids they take (nullopt: any).
struct IdOption {
  const char* name;
  std::optional<Kind> kind;
};
const IdOption kIdOptions[] = {{"--gpu", Kind::Gpu},       {"--outlet", Kind::Outlet}, {"--node", Kind::Node},
                               {"--switch", Kind::Switch}, {"--include", std::nullopt}, {"--exclude", std::nullopt},
                               {"--cloud", Kind::Cloud},   {"--system", Kind::UnifiedSystem}};

// "{a,b,c}" (CLI11's IsMember description) → {"a", "b", "c"}.
std::vector<std::string> choices_of(CLI::Option* o) {
  std::vector<std::string> out;
  CLI::Validator* v = nullptr;
  try {
    v = o->get_validator();
  } catch (const CLI::OptionNotFound&) {
    return out;
  }
  if (!v) return out;
  std::string d = v->get_description();
  if (d.size() < 3 || d.front() != '{' || d.back() != '}') return out;
  std::string word;
  for (char ch : d.substr(1, d.size() - 2)) {
    if (ch == ',') {
      out.push_back(word);
      word.clear();
    } else if (ch != ' ') {
      word += ch;
    }
  }
  out.push_back(word);
  return out;
}

std::vector<std::string> preset_ids() {
  std::vector<std::string> out;
  for (const auto& m : model_presets()) out.push_back(m.id);
  return out;
}

OptionModel option_model(CLI::Option* o, const Catalog& c, const std::string& command) {
  OptionModel m;
  for (const auto& l : o->get_lnames()) (m.name.empty() ? m.name : m.aliases.emplace_back()) = "--" + l;
  for (const auto& s : o->get_snames()) (m.name.empty() ? m.name : m.aliases.emplace_back()) = "-" + s;
  m.help = o->get_description();
  m.takes_value = o->get_items_expected_max() > 0;  // flags expect 0 items
  m.repeatable = o->get_items_expected_max() > 1;
  if (m.takes_value) m.type_name = o->get_type_name().substr(0, o->get_type_name().find(':'));  // "TEXT:{a,b}" → "TEXT"
  if (!m.takes_value) return m;
  m.values = choices_of(o);
  for (const auto& id : kIdOptions)
    if (m.name == id.name) m.values = c.ids(id.kind);
  if (m.name == "--model") m.values = preset_ids();
  if (m.name == "--kind" && m.values.empty())
    for (Kind k : kAllKinds) m.values.push_back(kind_name(k));
  // --family: the catalog's GPU architectures and vendors, as the planner matches them (lower case).
  if (m.name == "--family") {
    std::set<std::string> families;
    for (const Gpu& g : c.all<Gpu>())
      for (const auto& f : planner::gpu_families(g)) families.insert(f);
    m.values.assign(families.begin(), families.end());
  }
  if (m.values.empty()) {
    // plan --emit writes a directory of builds; inspect --emit one build file.
    if (m.name == "--emit") m.complete = command == "inspect" ? "file" : "dir";
    else if (command == "inspect" && m.name == "--from") m.complete = "dir";
    else if (m.type_name == "FILE" || m.name == "--catalog" || m.name == "--build" || m.name == "--plot" ||
             m.name == "--report" || m.name == "--against" || (command == "sweep" && m.name == "--check"))
      m.complete = "file";
  }
  return m;
}

void walk(CLI::App* app, std::vector<std::string> path, const Catalog& c, std::vector<CommandModel>& out) {
  CommandModel m;
  m.path = path;
  for (const auto& p : path) m.key += (m.key.empty() ? "" : "_") + p;
  m.help = app->get_description();
  std::string command = path.empty() ? "" : path.front();
  for (CLI::Option* o : app->get_options()) {
    if (o->get_positional()) {
      m.positional_names.push_back(o->get_name(true));
      continue;
    }
    m.options.push_back(option_model(o, c, command));
  }
  std::vector<CLI::App*> subs = app->get_subcommands([](CLI::App*) { return true; });
  for (CLI::App* s : subs) m.subcommands.push_back(s->get_name());
  if (!m.positional_names.empty()) {
    if (m.key == "catalog_show") m.positional_values = c.ids();
    else if (m.key == "rules")
      for (const auto& r : rule_registry()) m.positional_values.emplace_back(r->doc().code);
    else if (m.key == "completion") m.positional_values = {"bash", "zsh", "fish"};
    else m.positional_complete = "file";
  }
  out.push_back(std::move(m));
  for (CLI::App* s : subs) {
    auto p = path;
    p.push_back(s->get_name());
    walk(s, p, c, out);
  }
}

}  // namespace

std::vector<CommandModel> cli_model(CLI::App& root, const Catalog& c) {
  std::vector<CommandModel> out;
  walk(&root, {}, c, out);
  return out;
}

}  // namespace rigplan::cli

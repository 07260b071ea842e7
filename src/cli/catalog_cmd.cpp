// `rigplan catalog list|show|validate`: browse the parts rigplan knows and check a user's own
// catalog files exactly as the loader would (`catalog prices` is in catalog_prices_cmd.cpp). The
// command reads flags; the catalog answers (rigplan/catalog_query.hpp) and report/ renders
// (rigplan/catalog_output.hpp).
#include <fmt/format.h>

#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/catalog_output.hpp"
#include "rigplan/catalog_query.hpp"
#include "rigplan/error.hpp"

namespace rigplan::cli {

namespace {

void list(const Globals& g, const std::string& kind, const std::string& format) {
  Catalog cat = load_catalog(g);
  std::vector<std::string> ids = catalog_ids(cat, kind.empty() ? std::nullopt : kind_from_name(kind));
  if (format == "json") return print_json(catalog_list_json(cat, ids));
  if (format == "csv") {
    std::cout << catalog_list_csv(cat, ids);
    return;
  }
  std::cout << catalog_list_table(cat, ids) << std::flush;
  std::cerr << fmt::format("{} parts\n", ids.size());
}

void show(const Globals& g, const std::string& id, const std::string& format) {
  Catalog cat = load_catalog(g);
  if (auto problem = cat.id_problem(id)) input_error(*problem);
  if (format == "json") return print_json(catalog_part_json(cat, id));
  std::cout << catalog_part_text(cat, id);
}

int validate(const Globals& g, const std::vector<std::string>& files, const std::string& format) {
  std::vector<CatalogFileCheck> checks;
  int code = 0;
  for (const auto& file : files) {
    checks.push_back(check_catalog_file(g.catalogs, file));
    const CatalogFileCheck& c = checks.back();
    if (!c.valid) code = 2;
    if (format == "json") continue;
    if (c.valid) std::cout << catalog_check_line(c);
    for (const auto& is : c.issues) std::cerr << "rigplan: error: " << is.to_string() << "\n";
  }
  if (format == "json") print_json(catalog_check_json(checks));
  return code;
}

}  // namespace

void register_catalog(CLI::App& app, Globals& g) {
  auto* cmd = app.add_subcommand("catalog", "Browse the parts catalog and validate catalog files");
  cmd->require_subcommand(1);

  auto* ls = cmd->add_subcommand("list", "List parts (all, or one kind)");
  auto kind = std::make_shared<std::string>();
  auto ls_format = std::make_shared<std::string>("table");
  std::vector<std::string> kinds;
  for (Kind k : kAllKinds) kinds.push_back(kind_name(k));
  ls->add_option("--kind", *kind, "Only parts of this kind")->check(CLI::IsMember(kinds));
  ls->add_option("--format", *ls_format, "table | json | csv")->check(CLI::IsMember({"table", "json", "csv"}));
  ls->callback([&g, kind, ls_format] { list(g, *kind, *ls_format); });

  auto* sh = cmd->add_subcommand("show", "Show every field of one part");
  auto id = std::make_shared<std::string>();
  auto sh_format = std::make_shared<std::string>("text");
  sh->add_option("ID", *id, "Part id")->required();
  sh->add_option("--format", *sh_format, "text (also spelled table, as in list) | json")
      ->check(CLI::IsMember({"text", "table", "json"}));
  sh->callback([&g, id, sh_format] { show(g, *id, *sh_format); });

  auto* va = cmd->add_subcommand("validate", "Check catalog files as the loader does (exit 0 valid, 2 not)");
  auto files = std::make_shared<std::vector<std::string>>();
  auto va_format = std::make_shared<std::string>("text");
  va->add_option("FILE", *files, "Catalog files")->required();
  va->add_option("--format", *va_format, "text | json")->check(CLI::IsMember({"text", "json"}));
  va->callback([&g, files, va_format] { g.exit_code = validate(g, *files, *va_format); });

  register_catalog_prices(*cmd, g);
}

}  // namespace rigplan::cli

// `rigplan check` (would these builds work?) and `rigplan topo` (the predicted topology matrix).
// Several files or directories in one call; exit 0 all pass, 1 some build has errors (or
// warnings with --strict), 2 bad input — in which case nothing is printed on stdout in machine
// formats, except JUnit: CI wants a report for the good files too, so each unreadable file
// becomes a test case with an <error> and the exit code is still 2.
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/cli_common.hpp"
#include "rigplan/document.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "rigplan/html_report.hpp"
#include "util/atomic_file.hpp"
#include "util/json_text.hpp"

namespace rigplan::cli {

namespace {

std::vector<std::string> expand(const std::vector<std::string>& inputs) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) {
      std::vector<std::string> here;
      for (const auto& e : fs::directory_iterator(in, ec))
        if (e.path().extension() == ".json") here.push_back(e.path().string());
      std::sort(here.begin(), here.end());
      if (here.empty()) throw InputError(InputIssue{in, "", 0, 0, "directory holds no .json build files"});
      files.insert(files.end(), here.begin(), here.end());
    } else {
      files.push_back(in);
    }
  }
  return files;
}

struct CheckOptions {
  std::vector<std::string> inputs;
  std::string format = "text";
  std::string report;  // --report FILE.html
  bool strict = false;
  bool partial = false;  // every build is partial on purpose (as "partial": true in the file)
  std::vector<std::string> assume;
};

Assumptions assumptions_from(const std::vector<std::string>& assume) {
  Assumptions a;
  for (const auto& s : assume)
    if (auto err = set_assumption(a, s)) input_error(*err);
  return a;
}

// Loads every build against `c` (which must outlive the result: builds point into it); bad input
// anywhere is reported for all files, then thrown as one error — unless `unreadable` is given, in
// which case each bad file is listed there and the rest are checked (JUnit reports both).
std::vector<CheckedBuild> load_all(const Catalog& c, const std::vector<std::string>& inputs, const Assumptions& a,
                                   std::vector<UnreadableBuild>* unreadable = nullptr, bool partial = false) {
  std::vector<CheckedBuild> out;
  std::vector<InputIssue> issues;
  for (const auto& f : expand(inputs)) {
    try {
      Build b = load_build(f, c);
      b.partial = b.partial || partial;
      out.push_back(run_check(std::move(b), a));
      if (f != "-") out.back().part_lines = part_lines_of(read_input_file(f));  // for annotations' line numbers
    } catch (const InputError& e) {
      issues.insert(issues.end(), e.issues().begin(), e.issues().end());
      if (unreadable) {
        UnreadableBuild u{f, {}};
        for (const auto& i : e.issues()) u.messages.push_back(i.to_string());
        unreadable->push_back(std::move(u));
      }
    }
  }
  if (!issues.empty() && !unreadable) throw InputError(std::move(issues));
  if (!issues.empty())
    for (const auto& i : issues) std::cerr << "rigplan: error: " << i.to_string() << "\n";
  return out;
}

int check(const Globals& g, const CheckOptions& o) {
  std::optional<AtomicFile> report;  // opened first: a bad path fails before any work
  if (!o.report.empty()) report.emplace(o.report, "--report", /*overwrite=*/true);
  Catalog cat = load_catalog(g);
  std::vector<UnreadableBuild> unreadable;
  auto all = load_all(cat, o.inputs, assumptions_from(o.assume), o.format == "junit" ? &unreadable : nullptr, o.partial);
  bool ok = true;
  for (const auto& c : all) ok = ok && c.result.ok(o.strict);
  if (report && unreadable.empty()) {
    report->write(check_report_html(all, o.strict));
    report->commit();
  }
  if (o.format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Check);
    doc["builds"] = nlohmann::ordered_json::array();
    for (const auto& c : all) doc["builds"].push_back(check_json(c, o.strict));
    print_json(doc);
  } else if (o.format == "github") {
    std::cout << check_github(all);
  } else if (o.format == "junit") {
    std::cout << check_junit(all, o.strict, unreadable);
    if (!unreadable.empty()) return 2;  // bad input, though the XML reports every file
  } else {
    for (std::size_t i = 0; i < all.size(); ++i) std::cout << (i ? "\n" : "") << check_text(all[i], o.strict);
  }
  return ok ? 0 : 1;
}

int topo(const Globals& g, const CheckOptions& o) {
  Catalog cat = load_catalog(g);
  auto all = load_all(cat, o.inputs, assumptions_from(o.assume));
  for (const auto& c : all)
    if (c.result.placement.search_truncated)
      std::cerr << "rigplan: note: " << c.build.file << ": so many cards and slots that the placement search stopped after "
                << kMaxPlacementSteps << " steps; the topology is that of the best placement it found\n";
  if (o.format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Topo);
    doc["builds"] = nlohmann::ordered_json::array();
    for (const auto& c : all) doc["builds"].push_back({{"file", c.build.file}, {"topology", topology_json(c.topology)}});
    print_json(doc);
  } else {
    for (std::size_t i = 0; i < all.size(); ++i)
      std::cout << (i ? "\n" : "") << all[i].build.file << "\n" << topology_text(all[i].topology);
  }
  return 0;
}

}  // namespace

void register_check(CLI::App& app, Globals& g) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Check build files: would this build work, and what exactly is wrong?");
  cmd->add_option("BUILD", o->inputs, "Build files or directories of them")->required();
  cmd->add_option("--format", o->format, "text | json | github | junit")
      ->check(CLI::IsMember({"text", "json", "github", "junit"}));
  cmd->add_option("--report", o->report, "Also write the checks as one self-contained HTML page (slots, power, topology, findings)")
      ->type_name("FILE.html");
  cmd->add_flag("--strict", o->strict, "Warnings fail the check too (exit 1)");
  cmd->add_flag("--partial", o->partial,
                "The builds name only some parts on purpose: missing CPU, board, memory or PSU are notes, and the "
                "checks that need them do not run");
  cmd->add_option("--assume", o->assume, "Override a rule of thumb, NAME=VALUE (see `rigplan rules`)")
      ->type_name("NAME=VALUE");
  cmd->callback([&g, o] { g.exit_code = check(g, *o); });

  auto t = std::make_shared<CheckOptions>();
  auto* tp = app.add_subcommand("topo", "Predict `nvidia-smi topo -m` for a build's GPUs and NICs");
  tp->add_option("BUILD", t->inputs, "Build files")->required();
  tp->add_option("--format", t->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  tp->callback([&g, t] { g.exit_code = topo(g, *t); });
}

}  // namespace rigplan::cli

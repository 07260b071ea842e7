// `rigplan inspect`: the machine as built — read live, or from saved reports with --from DIR —
// matched to the catalog, written as a build file with --emit, and compared with a planned build
// with --against. Exit 0 when no finding is an error (and, with --strict, none a warning), 1
// otherwise, 2 on bad input: a malformed report or plan, or an --emit target it may not write. In
// machine formats nothing is printed on stdout then.
#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/document.hpp"
#include "rigplan/error.hpp"
#include "rigplan/inspect_report.hpp"
#include "util/atomic_file.hpp"
#include "util/utf8.hpp"

namespace rigplan::cli {

namespace {

struct InspectOptions {
  std::string from, against, emit, format = "text";
  bool force = false, strict = false;
  double command_timeout_s = kDefaultCommandTimeout_s;
};

int inspect(const Globals& g, const InspectOptions& o) {
  if (o.force && o.emit.empty()) input_error("--force goes with --emit FILE");
  Catalog cat = load_catalog(g);
  std::optional<Build> plan;
  if (!o.against.empty()) plan = load_build(o.against, cat);
  std::unique_ptr<AtomicFile> out;
  if (!o.emit.empty()) out = std::make_unique<AtomicFile>(o.emit, "--emit", o.force);  // refuse before any work
  InspectedMachine m = o.from.empty() ? inspect_live(cat, o.command_timeout_s) : inspect_from_dir(o.from, cat);
  std::vector<Diagnostic> findings = inspect_findings(m, plan ? &*plan : nullptr);
  if (out) {
    out->write(dump_json(as_built_json(m), 2) + "\n");
    out->commit();
  }
  InspectView v{&m, &findings, o.against, o.strict};
  if (o.format == "json") {
    nlohmann::ordered_json doc = new_document(DocumentKind::Inspect);
    doc["inspect"] = inspect_json(v);
    print_json(doc);
  } else if (o.format == "github") {
    std::cout << inspect_github(v);
  } else if (o.format == "junit") {
    std::cout << inspect_junit(v);
  } else {
    std::cout << inspect_text(v);
    if (out) std::cout << "\nWrote the as-built build to " << o.emit << " (check it with: rigplan check " << o.emit << ")\n";
  }
  return v.ok() ? 0 : 1;
}

}  // namespace

void register_inspect(CLI::App& app, Globals& g) {
  auto o = std::make_shared<InspectOptions>();
  auto* cmd = app.add_subcommand("inspect",
                                 "Read the machine as built (nvidia-smi, lspci, /proc), match it to the catalog, and "
                                 "compare it with a planned build");
  cmd->add_option("--from", o->from,
                  "Read saved reports from this directory instead of running the commands (nvidia-smi-q.xml, "
                  "topo-m.txt, nvlink-s.txt, lspci-vv.txt, cpuinfo, meminfo, rocm-smi-topo.json)")
      ->type_name("DIR");
  cmd->add_option("--against", o->against, "Compare with this planned build file (e.g. a plan --emit rank-1.json)")
      ->type_name("BUILD");
  cmd->add_option("--emit", o->emit, "Write the machine as a build file that `rigplan check` accepts")->type_name("FILE");
  cmd->add_flag("--force", o->force, "With --emit: replace the file if it exists");
  cmd->add_option("--format", o->format, "text | json | github | junit")
      ->check(CLI::IsMember({"text", "json", "github", "junit"}));
  cmd->add_flag("--strict", o->strict, "Warnings fail too (exit 1)");
  cmd->add_option("--command-timeout", o->command_timeout_s,
                  "Seconds each command (nvidia-smi, lspci, rocm-smi) may run before it is killed and reported as "
                  "timed out (default 30)")
      ->type_name("SECONDS")
      ->check(finite_range(0, 3600, /*lo_open=*/true));
  cmd->callback([&g, o] { g.exit_code = inspect(g, *o); });
}

}  // namespace rigplan::cli

// `rigplan sweep`: what-if questions over `check`, `size` or `cluster`, streamed as CSV or JSON Lines.
// A spec file (data/schema/sweep.schema.json) or flags; the engine lives in src/sweep/.
#include <fmt/format.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <iostream>
#include <thread>

#include "cli/cli_common.hpp"
#include "rigplan/error.hpp"
#include "rigplan/html_report.hpp"
#include "rigplan/sweep.hpp"
#include "rigplan/sweep_plot.hpp"
#include "util/atomic_file.hpp"
#include "util/json_text.hpp"

namespace rigplan::cli {

namespace {

struct SweepOptions {
  std::string spec, check, size, cluster, format = "csv", shard, metrics, plot, plot_x, plot_y, plot_series, plot_log, report;
  std::vector<std::string> set;
  bool zip = false;
  int jobs = 0;
  std::uint64_t limit = 0;
};


std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    auto comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    if (comma > start) out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

SweepSpec spec_from(const SweepOptions& o) {
  SweepSpec s;
  if (!o.spec.empty()) {
    s = parse_sweep_spec(read_input_file(o.spec), o.spec);
  } else if (!o.check.empty()) {
    s.command = "check";
    s.base_file = o.check;
    s.base = parse_json(read_input_file(o.check), o.check);
  } else if (!o.size.empty()) {
    s.command = "size";
    s.base_file = "--size";
    s.base = parse_json(o.size, "--size");
  } else if (!o.cluster.empty()) {
    s.command = "cluster";
    s.base_file = "--cluster";
    s.base = parse_json(o.cluster, "--cluster");
  } else {
    input_error("give a sweep spec file, --check BUILD, --size '{\"model\": ...}' or --cluster '{\"node\": ...}'");
  }
  for (const auto& set : o.set) add_axis(s, set);  // the spec's axes, then --set's
  if (s.axes.empty()) input_error("nothing to sweep: give at least one --set PATH=VALUES");
  s.zip = s.zip || o.zip;
  if (!o.metrics.empty()) s.metrics = split(o.metrics);
  if (s.metrics.empty())
    s.metrics = s.command == "check"   ? std::vector<std::string>{"verdict", "codes", "power.sustained_w", "power.wall_w"}
                : s.command == "size" ? std::vector<std::string>{"fits", "memory.per_gpu.total_bytes", "time.days"}
                                      : std::vector<std::string>{"gpus", "power.it_kw", "power.racks"};
  if (!o.shard.empty()) {
    auto slash = o.shard.find('/');
    auto i = parse_count(o.shard.substr(0, slash));
    auto n = slash == std::string::npos ? std::nullopt : parse_count(o.shard.substr(slash + 1));
    if (!i || !n) input_error(fmt::format("--shard expects I/N with whole numbers 1 <= I <= N, got \"{}\"", o.shard));
    s.shard = *i;
    s.shards = *n;
  }
  s.limit = o.limit;
  return s;
}

int run(const Globals& g, const SweepOptions& o) {
  Catalog cat = load_catalog(g);
  SweepSpec s = spec_from(o);
  try {
    validate_sweep(s, cat);
  } catch (const InputError& e) {
    if (o.spec.empty()) throw;
    std::vector<InputIssue> named = e.issues();  // a spec's problems are the spec file's
    for (auto& is : named)
      if (is.file.empty()) is.file = o.spec;
    throw InputError(std::move(named));
  }
  int threads = o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // A progress line on stderr only when a person is watching it (a terminal).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  auto start = std::chrono::steady_clock::now();
  if (isatty(STDERR_FILENO))
    progress = [start](std::uint64_t done, std::uint64_t total) {
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      double rate = secs > 0 ? done / secs : 0;
      double eta = rate > 0 ? (total - done) / rate : 0;
      std::cerr << fmt::format("\r{} / {} points  {:.0f}/s  ETA {:.0f} s   ", done, total, rate, eta)
                << (done == total ? "\n" : "") << std::flush;
    };
  std::optional<PlotCollector> plot;
  std::optional<AtomicFile> plot_file, report_file;  // opened before any row is printed: a bad path fails first
  if (!o.plot.empty() || !o.report.empty()) {  // --report shows the same plot inside a page
    // A flag overrides the spec's own plot key by key.
    auto pick = [](const std::string& flag, const std::string& spec) { return flag.empty() ? spec : flag; };
    std::string log = pick(o.plot_log, s.plot_log);
    plot.emplace(s, PlotSpec{pick(o.plot_x, s.plot_x), pick(o.plot_y, s.plot_y), pick(o.plot_series, s.plot_series),
                             log.find('x') != std::string::npos, log.find('y') != std::string::npos},
                 o.format);
    if (!o.plot.empty()) plot_file.emplace(o.plot, "--plot", /*overwrite=*/true);
    if (!o.report.empty()) report_file.emplace(o.report, "--report", /*overwrite=*/true);
  }
  run_sweep(
      s, cat, o.format, threads,
      [&plot](const std::string& chunk) {
        std::cout << chunk << std::flush;
        if (plot) plot->feed(chunk);
      },
      progress);
  if (plot_file) {
    plot_file->write(plot->svg());
    plot_file->commit();
  }
  if (report_file) {
    report_file->write(sweep_report_html(s, plot->svg()));
    report_file->commit();
  }
  return 0;
}

}  // namespace

void register_sweep(CLI::App& app, Globals& g) {
  auto o = std::make_shared<SweepOptions>();
  auto* c = app.add_subcommand("sweep", "What-if sweeps over check, size or cluster, streamed as CSV or JSON Lines");
  c->add_option("SPEC", o->spec, "A sweep spec file (data/schema/sweep.schema.json)");
  c->add_option("--check", o->check, "Sweep `check` over this build file");
  c->add_option("--size", o->size, "Sweep `size` over this request (JSON object of size flags)");
  c->add_option("--cluster", o->cluster, "Sweep `cluster` over this request (JSON object of cluster flags)");
  c->add_option("--set", o->set, "PATH=VALUES: A..B, A..B:STEP or X,Y,Z (repeatable)")->type_name("PATH=VALUES");
  c->add_flag("--zip", o->zip, "Pair the axes instead of crossing them");
  c->add_option("--metrics", o->metrics, "Comma-separated paths into the command's JSON output (+ verdict, codes)");
  c->add_option("--format", o->format, "csv | jsonl")->check(CLI::IsMember({"csv", "jsonl"}));
  c->add_option("-j,--jobs", o->jobs, "Threads (default: all cores); output order does not depend on it")->check(CLI::Range(1, 1024));
  c->add_option("--shard", o->shard, "Run the I-th of N contiguous slices of the points, e.g. 2/8");
  c->add_option("--limit", o->limit, "Stop after N points (N >= 1)")->check(count_range(1, UINT64_MAX));
  c->add_option("--plot", o->plot, "Also draw one metric against one axis as an SVG file");
  c->add_option("--plot-x", o->plot_x, "Axis on the plot's x (default: the first axis)");
  c->add_option("--plot-y", o->plot_y, "Metric on the plot's y (default: the first numeric metric)");
  c->add_option("--plot-log", o->plot_log, "Log scale on the plot's x, y or both, for quantities that span decades")
      ->check(CLI::IsMember({"x", "y", "xy"}));
  c->add_option("--report", o->report, "Also write the plot (as --plot draws it) in a self-contained HTML page")
      ->type_name("FILE.html");
  c->add_option("--plot-series", o->plot_series, "Axis whose values are the plot's series (default: the next axis; - for none)");
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

// `rigplan plan`: search the catalog for builds that meet a request and print them ranked. The
// flags (or a request file, flags on top) become a plan request the library interprets; this
// file only reads flags, writes --emit files and prints.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/cli_common.hpp"
#include "cli/request_flags.hpp"
#include "util/assignment.hpp"
#include "util/embedded.hpp"
#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/plan_output.hpp"
#include "rigplan/html_report.hpp"
#include "util/atomic_file.hpp"
#include "util/utf8.hpp"

namespace rigplan::cli {

namespace {

struct PlanOptions {
  std::string request, gpus, nvlink, model, mode, precision, objective, outlet, form, market, format = "text", emit, report;
  std::string recompute, offload, lora_base;
  std::vector<std::string> gpu, family, include, exclude, assume, perf;
  double min_vram = -1, min_total_vram = -1, deadline = 0, budget = -1;
  std::optional<double> tokens;
  int zero = -1, top = 0, threads = 0, seq = 0, micro_batch = 0, tp = 0, pp = 0;
  bool explain = false, force = false;
};


// The flags as a request document (keys of data/schema/plan.schema.json).
nlohmann::json request_from(const PlanOptions& o) {
  nlohmann::json j = nlohmann::json::object();
  if (!o.gpus.empty()) j["gpus"] = o.gpus;
  if (!o.gpu.empty()) j["gpu"] = o.gpu;
  if (!o.family.empty()) j["family"] = o.family;
  if (o.min_vram >= 0) j["min_vram_gib"] = o.min_vram;
  if (o.min_total_vram >= 0) j["min_total_vram_gib"] = o.min_total_vram;
  if (!o.nvlink.empty()) j["nvlink"] = o.nvlink;
  if (!o.model.empty()) {
    nlohmann::json w{{"model", o.model}};
    if (!o.mode.empty()) w["mode"] = o.mode;
    if (!o.precision.empty()) w["precision"] = o.precision;
    if (o.tokens) w["tokens"] = *o.tokens;
    if (o.zero >= 0) w["zero"] = o.zero;
    if (o.seq > 0) w["seq"] = o.seq;
    if (o.micro_batch > 0) w["micro_batch"] = o.micro_batch;
    if (!o.recompute.empty()) w["recompute"] = o.recompute;
    if (!o.offload.empty()) w["offload"] = o.offload;
    if (!o.lora_base.empty()) w["lora_base"] = o.lora_base;
    if (o.tp > 0) w["tp"] = o.tp;
    if (o.pp > 0) w["pp"] = o.pp;
    j["workload"] = w;
  } else if (!o.mode.empty() || !o.precision.empty() || o.tokens || o.zero >= 0 || o.seq > 0 || o.micro_batch > 0 ||
             !o.recompute.empty() || !o.offload.empty() || !o.lora_base.empty() || o.tp > 0 || o.pp > 0) {
    input_error(
        "--mode, --precision, --tokens, --zero, --recompute, --offload, --lora-base, --tp, --pp, --seq and "
        "--micro-batch describe a workload: give --model too");
  }
  if (o.deadline > 0) j["deadline_hours"] = o.deadline;
  if (o.budget >= 0) j["budget_usd"] = o.budget;
  if (!o.outlet.empty()) j["outlet"] = o.outlet;
  if (!o.form.empty()) j["form"] = o.form;
  if (!o.market.empty()) j["market"] = o.market;
  if (!o.include.empty()) j["include"] = o.include;
  if (!o.exclude.empty()) j["exclude"] = o.exclude;
  if (!o.objective.empty()) j["objective"] = o.objective;
  if (o.top > 0) j["top"] = o.top;
  for (const auto& a : o.assume) {  // read as `check --assume` reads it; the names are checked with the request
    auto kv = split_assignment(a);
    if (!kv) input_error("--assume takes NAME=VALUE, got \"" + a + "\"");
    auto v = finite_number(kv->value);
    if (!v) input_error("--assume " + a + ": the value is not a number");
    j["assume"][kv->name] = *v;
  }
  return j;
}

std::string rank_path(const std::string& dir, int rank) {
  return (std::filesystem::path(dir) / ("rank-" + std::to_string(rank) + ".json")).string();
}

// Before any work: DIR exists (made if need be) and rank-1..rank-TOP.json can be written there
// without overwriting a file (unless --force) or writing through a link.
void check_emit(const std::string& dir, int top, bool force) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) input_error("--emit " + dir + ": cannot create the directory (" + ec.message() + ")");
  for (int rank = 1; rank <= top; ++rank) AtomicFile probe(rank_path(dir, rank), "--emit", force);
}

// Writes each build as DIR/rank-N.json (a build file `rigplan check` accepts unchanged): all of
// them to temporary files first, then each renamed into place, so a failure leaves no half file.
// Each file names its schema ("$schema": the build schema's $id) so editors validate and complete it.
std::string build_schema_id() {
  for (const auto& f : embedded::files())
    if (f.path == "data/schema/build.schema.json") return nlohmann::json::parse(f.content).value("$id", "");
  return "";
}

void emit(const PlanResult& res, const std::string& dir, bool force) {
  std::vector<std::unique_ptr<AtomicFile>> files;
  std::string schema = build_schema_id();
  for (const auto& b : res.builds) {
    files.push_back(std::make_unique<AtomicFile>(rank_path(dir, b.rank), "--emit", force));
    nlohmann::ordered_json doc;
    if (!schema.empty()) doc["$schema"] = schema;
    nlohmann::ordered_json body = build_to_json(b.build);
    for (auto& [k, v] : body.items()) doc[k] = v;
    files.back()->write(dump_json(doc, 2) + "\n");
    files.back()->seal();
  }
  for (auto& f : files) f->commit();
}

int run_plan(const Globals& g, const PlanOptions& o) {
  Catalog cat = load_catalog(g);
  nlohmann::json flags = request_from(o);
  PlanRequest req = o.request.empty() ? parse_plan_request(flags, cat, "plan") : load_plan_request(o.request, cat, flags);
  req.prices = cat.price_preference();
  req.threads = o.threads;
  for (const auto& p : o.perf)
    if (auto err = set_perf_assumption(req.sizing.perf, p)) input_error(*err);
  std::optional<AtomicFile> report;
  if (!o.report.empty()) report.emplace(o.report, "--report", /*overwrite=*/true);
  if (!o.emit.empty()) check_emit(o.emit, req.top, o.force);
  else if (o.force) input_error("--force goes with --emit DIR");
  PlanResult res = plan(req, cat);
  if (!o.emit.empty()) emit(res, o.emit, o.force);
  if (report) {
    report->write(plan_report_html(res, req));
    report->commit();
  }
  if (o.format == "json") print_json(plan_json(res, req));
  else std::cout << plan_text(res, req, o.explain);
  return 0;
}

}  // namespace

void register_plan(CLI::App& app, Globals& g) {
  auto o = std::make_shared<PlanOptions>();
  auto* c = app.add_subcommand("plan", "Search the catalog for builds that meet a need, ranked");
  c->add_option("REQUEST", o->request, "A plan request file (data/schema/plan.schema.json); flags override its keys");
  // The request keys' flags: help text and checks from the request-key table.
  add_key_option(c, kPlanRequest, "gpus", o->gpus);
  add_key_option(c, kPlanRequest, "gpu", o->gpu);
  add_key_option(c, kPlanRequest, "family", o->family);
  add_key_option(c, kPlanRequest, "min_vram_gib", o->min_vram);
  add_key_option(c, kPlanRequest, "min_total_vram_gib", o->min_total_vram);
  add_key_option(c, kPlanRequest, "nvlink", o->nvlink);
  // The workload's, as a size request's keys (the planner picks each memory saver left out or "auto").
  add_key_option(c, kPlanWorkload, "model", o->model, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "mode", o->mode, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "precision", o->precision, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "tokens", o->tokens, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "zero", o->zero, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "recompute", o->recompute, "Workload: ");
  add_key_option(c, kPlanWorkload, "offload", o->offload, "Workload: ");
  add_key_option(c, kPlanWorkload, "lora_base", o->lora_base, "Workload: ");
  add_key_option(c, kPlanWorkload, "tp", o->tp, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "pp", o->pp, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "seq", o->seq, "Workload: ", false);
  add_key_option(c, kPlanWorkload, "micro_batch", o->micro_batch, "Workload: ", false);
  add_key_option(c, kPlanRequest, "deadline_hours", o->deadline);
  // The flag names its unit (cluster's deadline is in days); the old name stays, unlisted.
  c->add_option("--deadline", o->deadline, "Same as --deadline-hours")->group("")->check(*key_check(request_key(kPlanRequest, "deadline_hours")));
  add_key_option(c, kPlanRequest, "budget_usd", o->budget);
  add_key_option(c, kPlanRequest, "outlet", o->outlet);
  add_key_option(c, kPlanRequest, "form", o->form);
  add_key_option(c, kPlanRequest, "market", o->market);
  add_key_option(c, kPlanRequest, "include", o->include);
  add_key_option(c, kPlanRequest, "exclude", o->exclude);
  add_key_option(c, kPlanRequest, "objective", o->objective);
  add_key_option(c, kPlanRequest, "top", o->top);
  add_key_option(c, kPlanRequest, "assume", o->assume)->type_name("NAME=VALUE");
  c->add_option("--perf", o->perf, "Override a performance-model constant, NAME=VALUE (docs/performance-model.md)")
      ->type_name("NAME=VALUE");
  c->add_option("-j,--jobs", o->threads, "Accepted for scripts; the plan search runs on one thread (branch and bound)")->check(CLI::Range(1, 1024));
  c->add_option("--emit", o->emit, "Write each build as a build file (rank-N.json) into this directory");
  c->add_flag("--force", o->force, "With --emit: replace rank-N.json files already in the directory");
  c->add_option("--report", o->report, "Also write the plan as one self-contained HTML page (ranking, top build drawn)")
      ->type_name("FILE.html");
  c->add_flag("--explain", o->explain, "Show why the rest were rejected, by rule code");
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->callback([&g, o] { g.exit_code = run_plan(g, *o); });
}

}  // namespace rigplan::cli

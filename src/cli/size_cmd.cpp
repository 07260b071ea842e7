// `rigplan size`: what a workload needs (memory by component, FLOPs, time, traffic), on given
// hardware or none. Flags only; the model lives in src/sizing/. Exit 1 when, on the hardware
// given, the workload does not fit (0 without hardware: there is nothing to fit on).
#include <fmt/format.h>

#include <iostream>
#include <deque>
#include <optional>

#include "cli/cli_common.hpp"
#include "cli/request_flags.hpp"
#include "rigplan/document.hpp"
#include "rigplan/error.hpp"
#include "rigplan/html_report.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/size_output.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/table.hpp"
#include "rigplan/unified.hpp"
#include "util/atomic_file.hpp"
#include "util/suggest.hpp"

namespace rigplan::cli {

namespace {

// One size-request key's flag: where CLI11 stores its value, and whether it was given.
struct KeyFlag {
  const RequestKey* key;
  CLI::Option* option = nullptr;
  std::string text;
  long long whole = 0;
  double number = 0;
  bool flag = false;
};

struct SizeOptions {
  std::deque<KeyFlag> keys;  // every size key that has a flag (a deque: CLI11 keeps pointers into it)
  std::string build, format = "text", report;
  bool list = false, no_p2p = false, search = false;
  int top = 5;
  std::vector<std::string> perf;
};


// The flags given as a size request (keys = flag names); the library validates, fills in the
// table's defaults and interprets it.
nlohmann::json request_from(const SizeOptions& o) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& f : o.keys) {
    if (f.option->count() == 0) continue;
    std::string name(f.key->name);
    switch (f.key->type) {
      case KeyType::Integer: j[name] = f.whole; break;
      case KeyType::Number: j[name] = f.number; break;
      case KeyType::Flag: j[name] = f.flag; break;
      default: j[name] = f.text; break;
    }
  }
  if (o.no_p2p) j["p2p"] = false;
  return j;
}

int run_size(const Globals& g, const SizeOptions& o) {
  if (!o.report.empty() && o.list) input_error("--report draws a sizing; it does not apply to --list-models");
  if (o.list) {
    if (o.format == "json") {  // the catalog document's shape: {"schema_version", "models": [...]}
      nlohmann::ordered_json doc = new_document(DocumentKind::Catalog);
      doc["models"] = nlohmann::ordered_json::array();
      for (const auto& m : model_presets()) {
        nlohmann::ordered_json e{{"id", m.id},         {"name", m.name},       {"architecture", m.architecture},
                                 {"params", m.params}, {"layers", m.layers},   {"hidden", m.hidden},
                                 {"heads", m.heads},   {"kv_heads", m.kv_heads}, {"ffn", m.ffn},
                                 {"vocab", m.vocab},   {"max_context", m.max_context}, {"source", m.source}};
        if (m.experts > 1) e["active_params"] = m.active(), e["experts"] = m.experts, e["experts_per_token"] = m.experts_per_token;
        doc["models"].push_back(std::move(e));
      }
      print_json(doc);
      return 0;
    }
    Table t;
    t.headers = {"ID", "NAME", "PARAMS", "LAYERS", "HIDDEN", "HEADS/KV", "CONTEXT", "SOURCE"};
    for (const auto& m : model_presets())
      t.rows.push_back({m.id, m.name, fmt::format("{:.2f} B", m.params / 1e9), std::to_string(m.layers),
                        std::to_string(m.hidden), fmt::format("{}/{}", m.heads, m.kv_heads), std::to_string(m.max_context),
                        m.source});
    std::cout << t.render();
    return 0;
  }
  std::optional<AtomicFile> report;
  if (!o.report.empty()) report.emplace(o.report, "--report", /*overwrite=*/true);
  Catalog cat = load_catalog(g);
  SizingAssumptions a;
  for (const auto& p : o.perf)
    if (auto err = set_perf_assumption(a.perf, p)) input_error(*err);
  nlohmann::json req = request_from(o);
  if ((req.contains("gpu") || req.contains("system")) && !o.build.empty())
    input_error(req.contains("gpu") ? "give --gpu or --build, not both" : "give --system or --build, not both");
  std::optional<Hardware> build_hw;
  if (!o.build.empty()) {
    Build b = load_build(o.build, cat);  // `cat` outlives `b` and the hardware, which point into it
    if (b.gpus.empty()) input_error(o.build + ": the build has no GPUs");
    build_hw = hardware_from_build(b, check_build(b).placement, !o.no_p2p, a);
    int gpus = build_hw->count;
    if (!req.contains("dp")) {
      auto whole = [&](const char* k) { return req.value(k, request_key(kSizeRequest, k).def.get<int>()); };
      auto dp = data_parallel_degree(gpus, whole("tp"), whole("pp"), whole("cp"));
      if (!dp) input_error(gpu_split_error(gpus, whole("tp"), whole("pp"), whole("cp")));
      req["dp"] = *dp;
    }
  }
  SizeRequest sr = parse_size_request(req, cat, "size");
  Workload& w = sr.workload;
  std::optional<Hardware> hw = build_hw ? build_hw : sr.hardware;
  // A unified-memory machine's GPU memory depends on the OS reserve, which --perf may override.
  if (hw && hw->system) hw = hardware_from_system(*hw->system, a);
  if (build_hw && w.gpus() != build_hw->count)
    input_error(fmt::format("{} = {} but the build has {} GPUs", layout_product_name(w.cp), w.gpus(), build_hw->count));
  if (o.search) {
    if (!hw || !hw->gpu) input_error("--search needs hardware: --gpu ID --count N, or --build FILE");
    if (hw->system) input_error("--search looks for layouts over several GPUs; a unified-memory machine has one");
    if (w.mode == Mode::Infer) input_error("--search looks for training layouts; it does not apply to --mode infer");
    if (w.batch <= 0) input_error("--search needs the global batch: --batch SEQUENCES");
    if (w.model.layers <= 0) input_error("--search needs the model's shape (a preset, or --layers/--hidden/--heads)");
  }
  SizeReport r = size_workload(w, hw, cat, a);
  if (o.search) {
    SearchOptions so;
    so.top = o.top;
    r.search = search_parallelism(w, hw->count, perf_system(*hw, a), hw->gpu->memory_gib * kGiB, a, a.perf, so);
    if (r.search->evaluated == 0) {
      std::string why;
      for (const auto& [reason, n] : r.search->rejected) why += fmt::format("; {} × {}", n, reason);
      input_error(fmt::format("--search: no layout of {} GPUs can run a global batch of {}{}", hw->count, w.batch, why));
    }
  }
  if (report) {
    report->write(size_report_html(r));
    report->commit();
  }
  if (o.format == "json") print_json(size_json(r));
  else std::cout << size_text(r);
  // docs/json-contract.md: exit 1 = the workload does not fit the hardware as configured. With
  // --search the answer is the layouts found (none is bad input, above), so 0.
  return hw && hw->gpu && !r.fits && !o.search ? 1 : 0;
}

}  // namespace

void register_size(CLI::App& app, Globals& g) {
  auto o = std::make_shared<SizeOptions>();
  auto* c = app.add_subcommand("size", "What a workload needs: memory per GPU, FLOPs, time and traffic");
  c->add_flag("--list-models", o->list, "List the model presets");
  // The request keys' flags, in the table's order, as the table declares them.
  for (const RequestKey* k : request_keys(kSizeRequest)) {
    std::string flag = key_flag(*k);
    if (flag.empty()) continue;
    KeyFlag& f = o->keys.emplace_back(KeyFlag{k, nullptr, {}, 0, 0, false});
    if (k->type == KeyType::Flag) {
      f.option = c->add_flag(flag, f.flag, key_help(*k));
      continue;
    }
    f.option = k->type == KeyType::Integer ? c->add_option(flag, f.whole, key_help(*k))
               : k->type == KeyType::Number ? c->add_option(flag, f.number, key_help(*k))
                                            : c->add_option(flag, f.text, key_help(*k));
    if (auto check = key_check(*k)) f.option->check(*check);
  }
  c->add_flag("--search", o->search, "Search tensor/pipeline/data parallelism, micro-batch, ZeRO, recompute, SP and interleaving");
  c->add_option("--top", o->top, "Layouts the search shows")->check(CLI::Range(1, 100));
  c->add_option("--perf", o->perf, "Override a performance-model constant, NAME=VALUE (repeatable; docs/performance-model.md lists them)");
  c->add_option("--build", o->build, "A build file: its GPUs and their real links");
  c->add_flag("--no-p2p", o->no_p2p, "GPUs cannot reach each other peer to peer (host-staged copies)");
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->add_option("--report", o->report, "Also write the sizing as one self-contained HTML page (memory bars, time)")
      ->type_name("FILE.html");
  c->callback([&g, o] { g.exit_code = run_size(g, *o); });
}

}  // namespace rigplan::cli

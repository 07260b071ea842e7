// `rigplan size`: what a workload needs (memory by component, FLOPs, time, traffic), on given
// hardware or none. Flags only; the model lives in src/sizing/.
#include <fmt/format.h>

#include <iostream>
#include <optional>

#include "cli/cli_common.hpp"
#include "rigplan/error.hpp"
#include "rigplan/html_report.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/size_output.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/table.hpp"
#include "util/atomic_file.hpp"
#include "util/suggest.hpp"

namespace rigplan::cli {

namespace {

struct SizeOptions {
  std::string model, mode = "train", precision = "bf16", optimizer = "adamw", lora_base = "bf16";
  std::string offload = "none", recompute = "none", attention = "flash", gpu, build, format = "text", accounting = "zero", report;
  double params = 0, tokens = 0, mfu = 0;
  int layers = 0, hidden = 0, heads = 0, kv_heads = 0, ffn = 0, vocab = 0;
  int lora_rank = 16, dp = 0, tp = 1, pp = 1, zero = 0, micro_batch = 1, seq = 0, batch = 0, context = 0, count = 1;
  bool sp = false, list = false, no_p2p = false, search = false;
  int top = 5, interleave = 1, prompt = 0;
  std::vector<std::string> perf;
};

void bad(const std::string& msg) { throw InputError(InputIssue{"", "", 0, 0, msg}); }

// The flags as a size request (keys = flag names); the library validates and interprets it.
nlohmann::json request_from(const SizeOptions& o) {
  nlohmann::json j;
  if (!o.model.empty()) j["model"] = o.model;
  auto pos = [&](const char* k, double v) {
    if (v > 0) j[k] = v;
  };
  pos("params", o.params);
  pos("layers", o.layers);
  pos("hidden", o.hidden);
  pos("heads", o.heads);
  pos("kv_heads", o.kv_heads);
  pos("ffn", o.ffn);
  pos("vocab", o.vocab);
  j["mode"] = o.mode;
  j["precision"] = o.precision;
  j["optimizer"] = o.optimizer;
  j["lora_rank"] = o.lora_rank;
  j["lora_base"] = o.lora_base;
  pos("dp", o.dp);
  j["tp"] = o.tp;
  j["pp"] = o.pp;
  j["zero"] = o.zero;
  j["offload"] = o.offload;
  j["sp"] = o.sp;
  j["recompute"] = o.recompute;
  j["attention"] = o.attention;
  j["micro_batch"] = o.micro_batch;
  pos("seq", o.seq);
  pos("batch", o.batch);
  pos("context", o.context);
  j["tokens"] = o.tokens;
  pos("mfu", o.mfu);
  j["accounting"] = o.accounting;
  j["interleave"] = o.interleave;
  pos("prompt", o.prompt);
  if (!o.gpu.empty()) {
    j["gpu"] = o.gpu;
    j["count"] = o.count;
    j["p2p"] = !o.no_p2p;
  }
  return j;
}

int run_size(const Globals& g, const SizeOptions& o) {
  if (!o.report.empty() && o.list) bad("--report draws a sizing; it does not apply to --list-models");
  if (o.list) {
    if (o.format == "json") {  // the catalog document's shape: {"schema_version", "models": [...]}
      nlohmann::ordered_json doc;
      doc["schema_version"] = kSchemaVersion;
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
    if (auto err = set_perf_assumption(a.perf, p)) bad("--perf: " + *err);
  if (!o.gpu.empty() && !o.build.empty()) bad("give --gpu or --build, not both");
  nlohmann::json req = request_from(o);
  std::optional<Hardware> build_hw;
  if (!o.build.empty()) {
    Build b = load_build(o.build, cat);  // `cat` outlives `b` and the hardware, which point into it
    if (b.gpus.empty()) bad(o.build + ": the build has no GPUs");
    build_hw = hardware_from_build(b, check_build(b).placement, !o.no_p2p, a);
    int gpus = build_hw->count;
    if (o.dp == 0) {
      if (gpus % (o.tp * o.pp) != 0) bad(fmt::format("{} GPUs cannot be split into tp={} x pp={}", gpus, o.tp, o.pp));
      req["dp"] = gpus / (o.tp * o.pp);
    }
  }
  SizeRequest sr = parse_size_request(req, cat, "size");
  Workload& w = sr.workload;
  std::optional<Hardware> hw = build_hw ? build_hw : sr.hardware;
  if (build_hw && w.gpus() != build_hw->count)
    bad(fmt::format("dp x tp x pp = {} but the build has {} GPUs", w.gpus(), build_hw->count));
  if (o.search) {
    if (!hw || !hw->gpu) bad("--search needs hardware: --gpu ID --count N, or --build FILE");
    if (w.mode == Mode::Infer) bad("--search looks for training layouts; it does not apply to --mode infer");
    if (w.batch <= 0) bad("--search needs the global batch: --batch SEQUENCES");
    if (w.model.layers <= 0) bad("--search needs the model's shape (a preset, or --layers/--hidden/--heads)");
  }
  SizeReport r = size_workload(w, hw, cat, a);
  if (o.search) {
    SearchOptions so;
    so.top = o.top;
    r.search = search_parallelism(w, hw->count, perf_system(*hw, a), hw->gpu->memory_gib * kGiB, a, a.perf, so);
    if (r.search->evaluated == 0) {
      std::string why;
      for (const auto& [reason, n] : r.search->rejected) why += fmt::format("; {} × {}", n, reason);
      bad(fmt::format("--search: no layout of {} GPUs can run a global batch of {}{}", hw->count, w.batch, why));
    }
  }
  if (report) {
    report->write(size_report_html(r));
    report->commit();
  }
  if (o.format == "json") print_json(size_json(r));
  else std::cout << size_text(r);
  return 0;
}

}  // namespace

void register_size(CLI::App& app, Globals& g) {
  auto o = std::make_shared<SizeOptions>();
  auto* c = app.add_subcommand("size", "What a workload needs: memory per GPU, FLOPs, time and traffic");
  c->add_flag("--list-models", o->list, "List the model presets");
  c->add_option("--model", o->model, "Model preset id");
  c->add_option("--params", o->params, "Custom model: parameter count")->check(finite_range(1e6, 1e13));
  c->add_option("--layers", o->layers, "Custom model: layers")->check(CLI::Range(1, 1000));
  c->add_option("--hidden", o->hidden, "Custom model: hidden size")->check(CLI::Range(16, 131072));
  c->add_option("--heads", o->heads, "Custom model: attention heads")->check(CLI::Range(1, 1024));
  c->add_option("--kv-heads", o->kv_heads, "Custom model: key/value heads (GQA)")->check(CLI::Range(1, 1024));
  c->add_option("--ffn", o->ffn, "Custom model: MLP width")->check(CLI::Range(16, 1048576));
  c->add_option("--vocab", o->vocab, "Custom model: vocabulary")->check(CLI::Range(0, 10000000));
  c->add_option("--mode", o->mode, "train | lora | infer")->check(CLI::IsMember({"train", "lora", "infer"}));
  c->add_option("--precision", o->precision, "fp32 | bf16 | fp16 | fp8 | int8 | int4")
      ->check(CLI::IsMember({"fp32", "bf16", "fp16", "fp8", "int8", "int4"}));
  c->add_option("--optimizer", o->optimizer, "adamw | sgd | adafactor | adam8bit")
      ->check(CLI::IsMember({"adamw", "sgd", "adafactor", "adam8bit"}));
  c->add_option("--lora-rank", o->lora_rank, "LoRA rank")->check(CLI::Range(1, 4096));
  c->add_option("--lora-base", o->lora_base, "Frozen base for LoRA: bf16 | int4")->check(CLI::IsMember({"bf16", "int4"}));
  c->add_option("--dp", o->dp, "Data-parallel degree (default: GPUs / (tp x pp))")->check(CLI::Range(1, 1000000));
  c->add_option("--tp", o->tp, "Tensor-parallel degree")->check(CLI::Range(1, 1024));
  c->add_option("--pp", o->pp, "Pipeline-parallel degree")->check(CLI::Range(1, 1024));
  c->add_option("--zero", o->zero, "ZeRO stage 0..3")->check(CLI::Range(0, 3));
  c->add_option("--offload", o->offload, "none | optimizer | params (to CPU memory) | nvme (all states, ZeRO-Infinity)")
      ->check(CLI::IsMember({"none", "optimizer", "params", "nvme"}));
  c->add_flag("--sp", o->sp, "Sequence parallelism (with --tp)");
  c->add_option("--recompute", o->recompute, "none | selective | full")->check(CLI::IsMember({"none", "selective", "full"}));
  c->add_option("--attention", o->attention, "standard | flash")->check(CLI::IsMember({"standard", "flash"}));
  c->add_option("--micro-batch", o->micro_batch, "Sequences per GPU per micro-step")->check(CLI::Range(1, 1 << 20));
  c->add_option("--seq", o->seq, "Training sequence length")->check(CLI::Range(1, 10000000));
  c->add_option("--batch", o->batch, "Global batch in sequences")->check(CLI::Range(1, 1 << 30));
  c->add_option("--context", o->context, "Inference context (prompt + output tokens)")->check(CLI::Range(1, 10000000));
  c->add_option("--tokens", o->tokens, "Training tokens D")->check(finite_range(0.0, 1e16));
  c->add_option("--mfu", o->mfu, "Model FLOPs utilisation, 0..1 (default: predicted by the performance model)")
      ->check(finite_range(0.01, 1.0));
  c->add_option("--accounting", o->accounting, "Training-state memory: zero (16 B/param) | megatron (18) | deepspeed (its estimators)")
      ->check(CLI::IsMember({"zero", "megatron", "deepspeed"}));
  c->add_option("--interleave", o->interleave, "Virtual pipeline stages per GPU (interleaved 1F1B; with --pp)")->check(CLI::Range(1, 64));
  c->add_option("--prompt", o->prompt, "Inference prompt tokens for time to first token (default 512)")->check(CLI::Range(1, 10000000));
  c->add_flag("--search", o->search, "Search tensor/pipeline/data parallelism, micro-batch, ZeRO, recompute, SP and interleaving");
  c->add_option("--top", o->top, "Layouts the search shows")->check(CLI::Range(1, 100));
  c->add_option("--perf", o->perf, "Override a performance-model constant, NAME=VALUE (repeatable; docs/performance-model.md lists them)");
  c->add_option("--gpu", o->gpu, "GPU part id");
  c->add_option("--count", o->count, "Number of GPUs (with --gpu)")->check(CLI::Range(1, 1000000));
  c->add_option("--build", o->build, "A build file: its GPUs and their real links");
  c->add_flag("--no-p2p", o->no_p2p, "GPUs cannot reach each other peer to peer (host-staged copies)");
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->add_option("--report", o->report, "Also write the sizing as one self-contained HTML page (memory bars, time)")
      ->type_name("FILE.html");
  c->callback([&g, o] { g.exit_code = run_size(g, *o); });
}

}  // namespace rigplan::cli

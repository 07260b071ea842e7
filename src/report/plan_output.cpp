// Text and JSON for a plan (see include/rigplan/plan_output.hpp).
#include "rigplan/document.hpp"
#include "rigplan/plan_output.hpp"

#include <fmt/format.h>

#include <cmath>

#include "rigplan/check_report.hpp"
#include "rigplan/perf_output.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/topology.hpp"
#include "rigplan/price_json.hpp"
#include "rigplan/table.hpp"
#include "rigplan/tco.hpp"
#include "util/number_text.hpp"

namespace rigplan {

namespace {

using nlohmann::ordered_json;

std::string usd(double v) { return dollars(v); }

std::string cost_cell(const PlanMetrics& m) {
  if (m.cost_known()) return usd(m.cost_usd);
  return m.cost_usd > 0 ? "≥ " + usd(m.cost_usd) : "?";
}

std::string perf_cell(const PlannedBuild& b, const PlanRequest& r) {
  const PlanMetrics& m = b.metrics;
  if (!r.workload) return fmt::format("{:.2f}", m.reference_index);
  if (r.workload->mode == Mode::Infer) return fmt::format("{:.0f} tok/s", m.tokens_per_s);
  double h = m.seconds / 3600;
  return h >= 48 ? fmt::format("{:.1f} d", h / 24) : fmt::format("{:.1f} h", h);
}

std::string score_cell(const PlannedBuild& b, Objective o) {
  if (o == Objective::Cost) return usd(b.score);
  return std::abs(b.score) >= 100 ? fmt::format("{:.0f}", b.score) : fmt::format("{:.3g}", b.score);
}

std::string request_line(const PlanRequest& r) {
  std::string gpus = r.gpus_min == r.gpus_max ? std::to_string(r.gpus_min) : fmt::format("{}..{}", r.gpus_min, r.gpus_max);
  std::string s = fmt::format("Plan: {} GPU{}", gpus, r.gpus_max == 1 ? "" : "s");
  if (r.workload) {
    const Workload& w = *r.workload;
    s += fmt::format(" for {} ({})", w.model.id.empty() ? "a custom model" : w.model.id,
                     word_of(w.mode));
    if (w.mode != Mode::Infer) s += fmt::format(", {:g} tokens", w.tokens > 0 ? w.tokens : r.tuning.default_tokens);
  }
  s += fmt::format(", objective {}", word_of(r.objective));
  if (r.budget_usd) s += fmt::format(", budget {}", usd(*r.budget_usd));
  if (r.outlet) s += fmt::format(", outlet {}", r.outlet->id);
  s += fmt::format(", market {}", word_of(r.market));
  return s + "\n";
}

// How a build's cost entered the ranking: "by_cost" (a complete cost), "after_complete_costs" (a
// lower bound, ranked after every build whose cost is complete), or "not_by_cost".
const char* cost_ranking(const PlanMetrics& m, Objective o) {
  if (o != Objective::Cost && o != Objective::PerfPerDollar) return "not_by_cost";
  return m.cost_known() ? "by_cost" : "after_complete_costs";
}

}  // namespace

std::string plan_text(const PlanResult& res, const PlanRequest& req, bool explain) {
  std::string out = request_line(req);
  for (const auto& n : res.notes) out += "note: " + n + "\n";
  out += "\n";
  if (res.builds.empty()) {
    out += "No build meets the request: " + res.empty_reason + "\n";
  } else {
    Table t;
    t.headers = {"#", "GPUS", "VRAM", "STACK", "CPU", "BOARD", "PSU", "PRICE", req.workload ? "WORKLOAD" : "SPEED", "WALL", "WARN", "SCORE"};
    t.right_align = {true, false, true, false, false, false, false, true, true, true, true, true};
    if (req.workload) t.headers.push_back("SAVER");
    for (const auto& b : res.builds) {
      const PlanMetrics& m = b.metrics;
      std::string gpus = fmt::format("{}× {}", m.gpus, b.build.gpus.front().part->id);
      if (b.build.bridge) gpus += fmt::format(" + {} bridge{}", b.build.bridge_count, b.build.bridge_count == 1 ? "" : "s");
      if (m.power_limit_w) gpus += fmt::format(" @{:.0f} W", *m.power_limit_w);
      std::string stack = m.stack.empty() ? "-" : m.stack_support == "native" ? m.stack : m.stack + " (" + m.stack_support + ")";
      const Build& bb = b.build;
      std::string cpu = bb.cpu_count > 1 ? fmt::format("{}× {}", bb.cpu_count, bb.cpu->id) : bb.cpu->id;
      std::string board = bb.barebone ? bb.barebone->id + " (server)" : bb.board->id;
      std::string psu = !bb.psu ? "-"
                        : bb.barebone ? fmt::format("{}+{}× {}", bb.psu_count - bb.psu_redundant, bb.psu_redundant, bb.psu->id)
                        : bb.psu_count > 1 ? fmt::format("{}× {}", bb.psu_count, bb.psu->id)
                                           : bb.psu->id;
      t.rows.push_back({std::to_string(b.rank), gpus, fmt::format("{:.0f} GiB", m.vram_gib), stack, cpu, board, psu,
                        cost_cell(m), perf_cell(b, req),
                        fmt::format("{:.0f} W", m.wall_w), std::to_string(m.warnings), score_cell(b, req.objective)});
      if (req.workload) t.rows.back().push_back(m.saver.label());
    }
    out += t.render();
    const PlannedBuild& top = res.builds.front();
    out += fmt::format("\nScore ({}{}): ", word_of(req.objective), lower_is_better(req.objective) ? ", lower is better" : "");
    bool first = true;
    for (const auto& [k, v] : top.score_parts) {
      out += fmt::format("{}{} {:.4g}", first ? "" : ", ", k, v);
      first = false;
    }
    out += "\n";
    if (!req.workload) {
      out += "SPEED is the reference index: the mean, over the reference workloads, of the build's predicted tokens/s over one "
             "H100 PCIe's (0 where the workload does not fit the cards). Top build:\n";
      for (const auto& ref : planner_reference_workloads()) {
        auto it = top.metrics.reference_workloads.find(ref.first);
        double t = it == top.metrics.reference_workloads.end() ? 0 : it->second;
        out += fmt::format("  {:<24} {}\n", ref.first, t > 0 ? fmt::format("{:.4g} tokens/s", t) : "does not fit");
      }
    }
    if (!top.metrics.stack_note.empty()) out += fmt::format("Software stack: {} ({})\n", top.metrics.stack_note, top.metrics.stack_source);
    if (res.comparison) {
      const auto& c = *res.comparison;
      out += "Why #1 over #2:";
      for (const auto& p : c.parts)
        out += fmt::format(" {} {:.4g} vs {:.4g}{};", p.name, p.top, p.runner_up, p.unit.empty() ? "" : " " + p.unit);
      out += "\n  " + c.flip + "\n";
    }
    for (const auto& m : top.metrics.missing) out += "Missing: " + m + "\n";
    if (top.metrics.power_limit_w)
      out += fmt::format("Power limit: {:.0f} W per GPU (nvidia-smi -pl {:.0f}), est. {:.0f} % slower on compute-bound work\n",
                         *top.metrics.power_limit_w, *top.metrics.power_limit_w, top.metrics.slowdown_percent);
    if (req.workload)
      out += fmt::format("Workload: memory saver {}{}, {:.1f} GiB per GPU, {:.0f} tokens/s{}\n", top.metrics.saver.label(),
                         req.workload->mode == Mode::Infer ? ", batch-1 decode" : "",
                         top.metrics.memory_per_gpu_gib, top.metrics.tokens_per_s,
                         top.metrics.seconds > 0 ? fmt::format(", {:.1f} h", top.metrics.seconds / 3600) : "");
    // How far such predicted speeds fell from published runs the model was not fitted to, on the
    // top build's GPU vendor (include/rigplan/model_accuracy.hpp).
    if (!top.build.gpus.empty() && top.build.gpus.front().part) {
      const std::string& vendor = top.build.gpus.front().part->vendor;
      std::string lines;
      if (!req.workload || req.workload->mode != Mode::Infer)
        lines += heldout_line(PredictionKind::Training, vendor, "training runs");
      if (!req.workload || req.workload->mode == Mode::Infer) lines += heldout_line(PredictionKind::Decode, vendor, "decode timings");
      if (!lines.empty()) out += lines + std::string(kHeldoutWhere);
    }
    out += "\nTop build in detail:\n";
    Table parts;
    parts.headers = {"KIND", "PART", "COUNT", "EACH", "PRICE OF"};
    parts.right_align = {false, false, true, true, false};
    std::vector<std::string> no_price;
    auto add = [&](const char* kind, const PartBase* p, int n) {
      if (!p) return;
      std::string of = p->price ? fmt::format("{} {}", price_kind_label(p->price->kind), p->price->date) : "-";
      parts.rows.push_back({kind, p->id, std::to_string(n), p->price ? usd(p->price->usd) : "no price", of});
      if (!p->price) no_price.push_back(fmt::format("No price for {}: {}\n", p->id, p->no_price.empty() ? "none in the catalog" : no_price_gist(p->no_price)));
    };
    const Build& tb = top.build;
    for (const auto& g : tb.gpus) add("gpu", g.part, g.count);
    add("cpu", tb.cpu, tb.cpu_count);
    if (tb.barebone) add("barebone", tb.barebone, 1);  // board, chassis and PSU modules come with it
    else add("board", tb.board, 1);
    for (const auto& m : tb.memory) add("memory", m.part, m.count);
    if (!tb.barebone) {
      add("psu", tb.psu, tb.psu_count);
      add("chassis", tb.chassis, 1);
    }
    add("cooler", tb.cooler, 1);
    for (const auto& s : tb.storage) add("storage", s.part, s.count);
    for (const auto& e : tb.bridge_models()) add("nvlink_bridge", e.part, e.count);
    for (const auto& g : tb.gpus)
      if (g.riser) add("riser", g.riser, (g.count + g.riser->outputs - 1) / g.riser->outputs);
    out += parts.render();
    if (!top.metrics.prices.empty())
      out += fmt::format("Prices {} (--prices {}); street prices move, check them before you buy\n",
                         top.metrics.prices.text(), price_preference_name(req.prices));
    for (const auto& line : no_price) out += line;
    out += "\n";
    out += check_text(run_check(top.build, req.assumptions), false);
  }
  if (!res.unified.empty()) {
    out += fmt::format("\nUnified-memory machines beside the builds (whole computers, not ranked with them; decode at batch {}):\n",
                       req.workload ? req.workload->micro_batch : 1);
    out += machine_options_table(res.unified);
  }
  const auto& s = res.stats;
  out += fmt::format("\nSearched {} candidates: {} checked by the rule engine, {} pruned ({} configurations by the score "
                     "bound: they could not enter the top {}); {} sound.\n",
                     s.candidates, s.evaluated, s.pruned, s.bounded, req.top, s.sound);
  if (explain && !res.rejected.empty()) {
    out += "\nRejected configurations (GPU × count × CPU × board), by reason:\n";
    Table t;
    t.headers = {"REASON", "COUNT", "EXAMPLE"};
    t.right_align = {false, true, false};
    for (const auto& [code, r] : res.rejected) t.rows.push_back({code, std::to_string(r.count), r.example});
    out += t.render();
  } else if (!res.rejected.empty()) {
    out += "Run with --explain to see why the rest were rejected.\n";
  }
  return out;
}

ordered_json plan_json(const PlanResult& res, const PlanRequest& req) {
  ordered_json j = new_document(DocumentKind::Plan);
  j["objective"] = word_of(req.objective);
  j["lower_is_better"] = lower_is_better(req.objective);
  j["builds"] = ordered_json::array();
  for (const auto& b : res.builds) {
    const PlanMetrics& m = b.metrics;
    ordered_json e;
    e["rank"] = b.rank;
    e["score"] = b.score;
    e["score_parts"] = ordered_json::object();
    for (const auto& [k, v] : b.score_parts) e["score_parts"][k] = v;
    e["cost_usd"] = m.cost_usd;
    e["cost_complete"] = m.cost_known();
    e["unpriced"] = m.unpriced;
    e["prices"] = price_age_json(m.prices, req.prices);
    e["cost_ranking"] = cost_ranking(m, req.objective);
    e["build"] = build_to_json(b.build);
    // Which GPUs each bridge joins (slots in the emitted build's placement), empty without bridges.
    e["nvlink_pairs"] = ordered_json::array();
    for (const auto& pr : nvlink_pairs(b.build, place_cards(b.build)))
      if (pr.joined) e["nvlink_pairs"].push_back({{"slots", {pr.slot_a, pr.slot_b}}, {"bridge", pr.bridge}});
    ordered_json mj{{"gpus", m.gpus},         {"gpu", m.gpu},           {"vram_gib", m.vram_gib},
                    {"ram_gib", m.ram_gib},   {"tflops_bf16", m.tflops},
                    {"reference_tokens_per_s", m.reference_tokens_per_s}, {"power_limit_w", nullptr},
                    {"slowdown_percent", m.slowdown_percent}, {"sustained_w", m.sustained_w},
                    {"transient_w", m.transient_w}, {"psu_w", m.psu_w}, {"wall_w", m.wall_w},
                    {"allreduce_link", m.link}, {"allreduce_gb_s", m.link_gb_s}, {"warnings", m.warnings}};
    if (m.power_limit_w) mj["power_limit_w"] = *m.power_limit_w;
    mj["missing"] = m.missing;
    mj["software_stack"] = {{"stack", m.stack},   {"support", m.stack_support}, {"factor", m.stack_factor},
                            {"note", m.stack_note}, {"source", m.stack_source}};
    if (!req.workload) {
      mj["reference_index"] = m.reference_index;
      mj["reference_workloads"] = ordered_json::object();
      for (const auto& [id, t] : m.reference_workloads) mj["reference_workloads"][id] = t;
    }
    if (req.workload) {
      mj["zero"] = m.zero;
      mj["memory_saver"] = {{"zero", m.saver.zero}, {"recompute", word_of(m.saver.recompute)}, {"offload", word_of(m.saver.offload)},
                            {"lora_base", m.saver.lora_base ? ordered_json(word_of(*m.saver.lora_base)) : ordered_json()},
                            {"tp", m.saver.tp}, {"pp", m.saver.pp}, {"dp", m.saver.dp}, {"label", m.saver.label()}};
      mj["memory_per_gpu_gib"] = m.memory_per_gpu_gib;
      mj["seconds"] = m.seconds;
      mj["tokens_per_s"] = m.tokens_per_s;
    }
    // The held-out error of the build's predicted speeds, by kind, on its GPU's vendor
    // (include/rigplan/model_accuracy.hpp; docs/json-contract.md, "plan": heldout).
    if (!b.build.gpus.empty() && b.build.gpus.front().part) {
      const std::string& vendor = b.build.gpus.front().part->vendor;
      mj["heldout"] = ordered_json::object();
      if (!req.workload || req.workload->mode != Mode::Infer)
        mj["heldout"]["training"] = heldout_json(PredictionKind::Training, vendor);
      if (!req.workload || req.workload->mode == Mode::Infer)
        mj["heldout"]["decode"] = heldout_json(PredictionKind::Decode, vendor);
    }
    e["metrics"] = std::move(mj);
    e["diagnostics"] = ordered_json::array();
    for (const auto& d : b.diagnostics)
      e["diagnostics"].push_back({{"code", d.code}, {"severity", severity_name(d.severity)}, {"message", d.message},
                                  {"parts", d.parts}, {"hint", d.hint}});
    j["builds"].push_back(std::move(e));
  }
  j["comparison"] = nullptr;
  if (res.comparison) {
    ordered_json parts = ordered_json::array();
    for (const auto& p : res.comparison->parts)
      parts.push_back({{"name", p.name}, {"top", p.top}, {"runner_up", p.runner_up}, {"unit", p.unit}});
    j["comparison"] = {{"parts", parts}, {"flip", res.comparison->flip}};
  }
  j["rejected"] = ordered_json::object();
  for (const auto& [code, r] : res.rejected) j["rejected"][code] = {{"count", r.count}, {"example", r.example}};
  j["empty_reason"] = res.builds.empty() ? ordered_json(res.empty_reason) : ordered_json(nullptr);
  j["notes"] = res.notes;
  if (req.workload && req.workload->mode == Mode::Infer) {
    j["unified_systems"] = ordered_json::array();
    for (const auto& m : res.unified) j["unified_systems"].push_back(machine_option_json(m));
  }
  j["stats"] = {{"candidates", res.stats.candidates}, {"evaluated", res.stats.evaluated}, {"pruned", res.stats.pruned},
                {"sound", res.stats.sound}, {"bounded", res.stats.bounded}, {"seconds", res.stats.seconds}};
  return j;
}

}  // namespace rigplan

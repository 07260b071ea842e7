// `plan`: the ranked builds as a table, read from the plan JSON document (builds[].rank, .build,
// .metrics, .cost_usd, .score) so the report ranks exactly what `--format json` ranks; then the
// notes the planner made and the rejections by reason. Run-to-run timing (stats.seconds) is left
// out: the same request gives the same page.
#include <fmt/format.h>

#include "report/html/escape.hpp"
#include "report/html/sections.hpp"
#include "util/utf8.hpp"

namespace rigplan::html {

namespace {

using J = nlohmann::ordered_json;

std::string s_of(const J& j, const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : ""; }
double d_of(const J& j, const char* key) { return j.contains(key) && j[key].is_number() ? j[key].get<double>() : 0.0; }

// The score's inputs (the JSON's score_parts keys) in words, each with its unit.
std::string score_part_label(const std::string& key) {
  if (key == "tokens_per_s") return "score input: workload speed";
  if (key == "reference_index") return "score input: speed index (H100 PCIe = 1)";
  if (key == "cost_usd") return "score input: price";
  if (key == "wall_w") return "score input: wall draw";
  if (key == "stack_factor") return "score input: software-stack factor";
  if (key == "warning_factor") return "score input: warnings factor (each warning costs a share)";
  return "score input: " + key;
}

std::string score_part_value(const std::string& key, const J& v) {
  if (!v.is_number()) return dump_json(v);
  double x = v.get<double>();
  if (key == "cost_usd") return usd(x);
  if (key == "tokens_per_s") return num(x) + " tokens/s";
  if (key == "wall_w") return num(x) + " W";
  if (key == "reference_index") return num(x, 3);
  return "× " + num(x, 3);
}

}  // namespace

std::string plan_table(const J& doc) {
  const J& builds = doc.at("builds");
  if (builds.empty())
    return "<p class=\"verdict fail\">No build meets the request</p>\n<p>" + esc(s_of(doc, "empty_reason")) + "</p>\n";
  bool lower = doc.value("lower_is_better", false);
  std::string out = fmt::format("<p>Ranked by <strong>{}</strong> ({} is better).</p>\n", esc(s_of(doc, "objective")),
                                lower ? "lower" : "higher");
  bool workload = !builds.front().at("metrics").contains("reference_index");
  out += fmt::format("<div class=\"scroll\"><table class=\"ranked\">\n<thead><tr><th class=\"n\">#</th><th>GPUs</th><th class=\"n\">VRAM</th>"
                     "<th>stack</th><th>CPU</th><th>board</th><th>PSU</th><th class=\"n\">price</th><th class=\"n\">{}</th>"
                     "<th class=\"n\">wall</th><th class=\"n\">warnings</th><th class=\"n\">score</th></tr></thead>\n<tbody>\n",
                     workload ? "tokens/s" : "speed (H100 PCIe = 1)");
  for (const auto& b : builds) {
    const J& m = b.at("metrics");
    const J& bj = b.at("build");
    std::string gpus = fmt::format("{}× {}", m.value("gpus", 0), s_of(m, "gpu"));
    if (m.contains("power_limit_w") && m["power_limit_w"].is_number()) gpus += " @" + num(d_of(m, "power_limit_w")) + " W";
    if (!b.at("nvlink_pairs").empty()) gpus += fmt::format(" + NVLink ({} pair{})", b["nvlink_pairs"].size(), b["nvlink_pairs"].size() == 1 ? "" : "s");
    std::string price = b.value("cost_complete", false) ? usd(d_of(b, "cost_usd"))
                        : d_of(b, "cost_usd") > 0 ? "≥ " + usd(d_of(b, "cost_usd")) + " (some parts unpriced)"
                                                  : "unknown";
    std::string stack = "-";
    if (m.contains("software_stack")) {
      const J& st = m["software_stack"];
      stack = s_of(st, "stack");
      if (s_of(st, "support") != "native" && !stack.empty()) stack += " (" + s_of(st, "support") + ")";
    }
    std::string speed = workload ? num(d_of(m, "tokens_per_s")) : num(d_of(m, "reference_index"), 2);
    std::string board = s_of(bj, "barebone").empty() ? s_of(bj, "board") : s_of(bj, "barebone") + " (server)";
    out += fmt::format("<tr><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{} GiB</td><td>{}</td><td>{}</td><td>{}</td>"
                       "<td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{} W</td><td class=\"n\">{}</td>"
                       "<td class=\"n\">{}</td></tr>\n",
                       b.value("rank", 0), esc(gpus), num(d_of(m, "vram_gib")), esc(stack), esc(s_of(bj, "cpu")), esc(board),
                       esc(s_of(bj, "psu").empty() ? "-" : s_of(bj, "psu")), esc(price), speed, num(d_of(m, "wall_w")),
                       m.value("warnings", 0), num(d_of(b, "score"), d_of(b, "score") >= 100 ? 0 : 3));
  }
  out += "</tbody>\n</table></div>\n";
  const J& top = builds.front();
  std::vector<std::pair<std::string, std::string>> kv;
  for (const auto& [k, v] : top.at("score_parts").items()) kv.emplace_back(score_part_label(k), score_part_value(k, v));
  const J& m = top.at("metrics");
  kv.emplace_back("all-reduce link", s_of(m, "allreduce_link") + " · " + num(d_of(m, "allreduce_gb_s"), 1) + " GB/s");
  if (m.contains("tokens_per_s")) kv.emplace_back("workload speed", num(d_of(m, "tokens_per_s")) + " tokens/s");
  if (m.contains("seconds") && d_of(m, "seconds") > 0) kv.emplace_back("time to train", num(d_of(m, "seconds") / 3600, 1) + " h");
  if (m.contains("memory_per_gpu_gib")) kv.emplace_back("memory per GPU", num(d_of(m, "memory_per_gpu_gib"), 1) + " GiB");
  if (m.contains("memory_saver")) kv.emplace_back("memory saver", s_of(m.at("memory_saver"), "label"));
  if (m.contains("reference_workloads"))
    for (const auto& [id, t] : m["reference_workloads"].items())
      kv.emplace_back("reference workload " + id, t.get<double>() > 0 ? num(t.get<double>()) + " tokens/s" : "does not fit");
  if (m.contains("software_stack") && !s_of(m["software_stack"], "note").empty())
    kv.emplace_back("software stack", s_of(m["software_stack"], "note"));
  out += "<h3>The top build</h3>\n<p>" + esc(s_of(top.at("build"), "name")) + "</p>\n" + key_values(kv);
  if (doc.contains("comparison") && doc["comparison"].is_object()) {
    const J& c = doc["comparison"];
    out += "<h3>Why #1 over #2</h3>\n<table class=\"compare\">\n<thead><tr><th></th><th class=\"n\">#1</th>"
           "<th class=\"n\">#2</th></tr></thead>\n<tbody>\n";
    for (const auto& p : c.at("parts"))
      out += fmt::format("<tr><td>{}{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n", esc(s_of(p, "name")),
                         s_of(p, "unit").empty() ? "" : " (" + esc(s_of(p, "unit")) + ")", num(d_of(p, "top"), 3),
                         num(d_of(p, "runner_up"), 3));
    out += "</tbody>\n</table>\n<p>" + esc(s_of(c, "flip")) + "</p>\n";
  }
  if (!doc.at("notes").empty()) {
    out += "<ul class=\"plan-notes\">\n";
    for (const auto& n : doc["notes"]) out += "<li>note: " + esc(n.get<std::string>()) + "</li>\n";
    out += "</ul>\n";
  }
  if (!doc.at("rejected").empty()) {
    out += "<h3>Rejected, by reason</h3>\n<table class=\"rejected\">\n<thead><tr><th>reason</th><th class=\"n\">count</th>"
           "<th>example</th></tr></thead>\n<tbody>\n";
    for (const auto& [code, r] : doc["rejected"].items())
      out += fmt::format("<tr><td><code>{}</code></td><td class=\"n\">{}</td><td>{}</td></tr>\n", esc(code), r.value("count", 0LL),
                         esc(s_of(r, "example")));
    out += "</tbody>\n</table>\n";
  }
  return out;
}

}  // namespace rigplan::html

// The HTML report of each command (see include/rigplan/html_report.hpp): which sections, in what
// order, for check, plan, size, cluster and sweep. The sections themselves are the other files in
// this directory; this file only chooses and frames them.
#include <fmt/format.h>

#include "report/html/escape.hpp"
#include "report/html/page.hpp"
#include "report/html/sections.hpp"
#include "rigplan/cluster_output.hpp"
#include "rigplan/html_report.hpp"
#include "rigplan/plan_output.hpp"
#include "rigplan/size_output.hpp"

namespace rigplan {

namespace {

using html::Section;

std::string verdict_html(const CheckResult& r, bool strict) {
  int e = r.count(Severity::Error), w = r.count(Severity::Warning), i = r.count(Severity::Info);
  bool ok = r.ok(strict);
  return fmt::format("<p><span class=\"verdict {}\">{}</span> {} error{}, {} warning{}, {} note{}</p>\n", ok ? "ok" : "fail",
                     ok ? "OK" : "FAIL", e, e == 1 ? "" : "s", w, w == 1 ? "" : "s", i, i == 1 ? "" : "s");
}

std::string parts_html(const Build& b) {
  std::vector<std::pair<std::string, std::string>> kv;
  auto one = [&](const char* kind, const PartBase* p, int n) {
    if (p) kv.emplace_back(kind, n == 1 ? p->id : fmt::format("{} × {}", n, p->id));
  };
  for (const auto& g : b.gpus) {
    std::string s = fmt::format("{} × {}", g.count, g.part->id);
    if (g.power_limit_w) s += " @" + html::num(*g.power_limit_w) + " W";
    if (g.riser) s += " on riser " + g.riser->id;
    kv.emplace_back("GPU", s);
  }
  one("CPU", b.cpu, b.cpu_count);
  one("board", b.board, 1);
  for (const auto& m : b.memory) one("memory", m.part, m.count);
  one("PSU", b.psu, b.psu_count);
  one("chassis", b.chassis, 1);
  one("cooler", b.cooler, 1);
  for (const auto& s : b.storage) one("storage", s.part, s.count);
  for (const auto& n : b.nics) one("NIC", n.part, n.count);
  for (const auto& e : b.bridge_models()) one("NVLink bridge", e.part, e.count);
  one("outlet", b.outlet, 1);
  return html::key_values(kv);
}

// The sections of one checked build; `n` numbers the ids when a page holds several builds.
void build_sections(const CheckedBuild& c, bool strict, const std::string& n, std::vector<Section>& out) {
  const Build& b = c.build;
  std::string name = b.name.empty() ? b.file : b.name;
  std::string summary = verdict_html(c.result, strict);
  if (!b.file.empty()) summary += "<p class=\"muted\">build file: <code>" + html::esc(b.file) + "</code></p>\n";
  summary += parts_html(b);
  out.push_back({"build" + n, name.empty() ? "Build" : name, summary});
  if (std::string s = html::slots_svg(b, c.result.placement); !s.empty()) out.push_back({"slots" + n, "Slots and cards", s});
  out.push_back({"power" + n, "Power", html::power_bars(b, c.result.power)});
  out.push_back({"topology" + n, "Predicted topology (nvidia-smi topo -m)", html::topology_table(c.topology)});
  out.push_back({"findings" + n, "Findings", html::findings_list(c.result.diagnostics)});
}

}  // namespace

// A page of several builds opens with the answer: which failed (first, with their first error),
// which passed, each linked to its sections.
std::string verdicts_table(const std::vector<CheckedBuild>& all, bool strict) {
  std::string rows;
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t i = 0; i < all.size(); ++i) {
      const CheckResult& r = all[i].result;
      bool ok = r.ok(strict);
      if (ok != (pass == 1)) continue;
      const Build& b = all[i].build;
      std::string first;
      for (const auto& d : r.diagnostics)
        if (d.severity == Severity::Error || (strict && d.severity == Severity::Warning)) {
          first = d.code + " " + d.message;
          break;
        }
      rows += fmt::format(R"(<tr><td><span class="verdict {}">{}</span></td><td><a href="#build-{}">{}</a></td>)"
                          R"(<td class="n">{}</td><td class="n">{}</td><td>{}</td></tr>)" "\n",
                          ok ? "ok" : "fail", ok ? "OK" : "FAIL", i + 1, html::esc(b.name.empty() ? b.file : b.name),
                          r.count(Severity::Error), r.count(Severity::Warning), html::esc(first));
    }
  return "<table><thead><tr><th>verdict</th><th>build</th><th>errors</th><th>warnings</th><th>first failure</th></tr></thead>"
         "<tbody>\n" + rows + "</tbody></table>\n";
}

std::string check_report_html(const std::vector<CheckedBuild>& all, bool strict) {
  std::vector<Section> sections;
  if (all.size() > 1) sections.push_back({"verdicts", "Verdicts", verdicts_table(all, strict)});
  for (std::size_t i = 0; i < all.size(); ++i) build_sections(all[i], strict, all.size() == 1 ? "" : "-" + std::to_string(i + 1), sections);
  int failed = 0;
  for (const auto& c : all) failed += !c.result.ok(strict);
  std::string title = all.size() == 1 ? "rigplan check: " + (all[0].build.name.empty() ? all[0].build.file : all[0].build.name)
                                      : fmt::format("rigplan check: {} builds", all.size());
  return html::page(title, fmt::format("{} of {} build{} passed{}", all.size() - failed, all.size(), all.size() == 1 ? "" : "s",
                                       strict ? " (strict: warnings fail too)" : ""),
                    sections);
}

// What was asked, so the page answers a stated question: the GPU count, the limits and filters
// that were set, the workload, and what the ranking optimises.
std::string plan_request_html(const PlanRequest& req) {
  std::vector<std::pair<std::string, std::string>> kv;
  auto join = [](const std::vector<std::string>& v) { return fmt::format("{}", fmt::join(v, ", ")); };
  kv.emplace_back("GPUs", req.gpus_min == req.gpus_max ? std::to_string(req.gpus_min)
                                                       : fmt::format("{} to {}", req.gpus_min, req.gpus_max));
  if (!req.gpu_ids.empty()) kv.emplace_back("GPU models", join(req.gpu_ids));
  if (!req.families.empty()) kv.emplace_back("GPU families", join(req.families));
  if (req.min_gpu_memory_gib > 0) kv.emplace_back("memory per GPU", "at least " + html::num(req.min_gpu_memory_gib) + " GiB");
  if (req.min_total_memory_gib > 0) kv.emplace_back("memory of all GPUs", "at least " + html::num(req.min_total_memory_gib) + " GiB");
  if (req.workload)
    kv.emplace_back("workload", fmt::format("{} · {} · {}", req.workload->model.id.empty() ? std::string("custom model") : req.workload->model.id,
                                            req.workload->mode == Mode::Train  ? "train"
                                            : req.workload->mode == Mode::Lora ? "LoRA fine-tune"
                                                                               : "inference",
                                            req.workload->precision));
  if (req.deadline_hours) kv.emplace_back("deadline", html::num(*req.deadline_hours, 1) + " hours");
  if (req.budget_usd) kv.emplace_back("budget", html::usd(*req.budget_usd));
  kv.emplace_back("wall circuit", req.outlet ? req.outlet->id : "not checked (no outlet named)");
  kv.emplace_back("NVLink", std::string(word_of(req.nvlink)));
  kv.emplace_back("form · market", fmt::format("{} · {}", word_of(req.form), word_of(req.market)));
  if (!req.include.empty()) kv.emplace_back("must include", join(req.include));
  if (!req.exclude.empty()) kv.emplace_back("excluded", join(req.exclude));
  kv.emplace_back("ranked by", std::string(word_of(req.objective)));
  return html::key_values(kv);
}

std::string plan_report_html(const PlanResult& res, const PlanRequest& req) {
  nlohmann::ordered_json doc = plan_json(res, req);
  std::vector<Section> sections{{"request", "The request", plan_request_html(req)},
                                {"ranked", "Ranked builds", html::plan_table(doc)}};
  if (!res.builds.empty()) build_sections(run_check(res.builds.front().build, req.assumptions), false, "", sections);
  std::string sub = fmt::format("{} build{} shown, objective {}", res.builds.size(), res.builds.size() == 1 ? "" : "s",
                                word_of(req.objective));
  if (req.workload) sub += ", workload " + (req.workload->model.id.empty() ? std::string("custom model") : req.workload->model.id);
  return html::page("rigplan plan", sub, sections);
}

std::string size_report_html(const SizeReport& r) {
  nlohmann::ordered_json doc = size_json(r);
  std::string model = r.workload.model.id.empty() ? "a custom model" : r.workload.model.id;
  std::string hw = r.hardware && r.hardware->gpu ? fmt::format(" on {} × {}", r.hardware->count, r.hardware->gpu->id) : "";
  return html::page("rigplan size: " + model + hw, "memory per GPU, time and speed",
                    {{"memory", "Memory per GPU", html::memory_bars(doc)}, {"workload", "Workload and time", html::size_summary(doc)}});
}

std::string cluster_report_html(const ClusterReport& r, const FabricRequest& f, PricePreference prices) {
  nlohmann::ordered_json doc = cluster_json(r, f, prices);
  return html::page(fmt::format("rigplan cluster: {} × {}", r.nodes, r.node.id), fmt::format("{} GPUs", r.gpus),
                    {{"cluster", "Fabric, power and cost", html::cluster_summary(doc)}});
}

}  // namespace rigplan

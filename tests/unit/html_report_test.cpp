// The HTML report (src/report/html/): escaping of every input string, each section's structure
// (counted from the markup, against what the build or document says), determinism, and the page's
// self-containment (no external reference, a Content-Security-Policy, dark and print styles).
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "report/html/escape.hpp"
#include "report/html/page.hpp"
#include "report/html/sections.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/html_report.hpp"

using namespace rigplan;
using J = nlohmann::ordered_json;

namespace {

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + needle.size())) ++n;
  return n;
}

// Two RTX 3090s bridged on a ProArt X670E: each card covers the openings below it.
const char* kTwo3090 = R"({"cpu": "amd-ryzen-9-7900", "board": "asus-proart-x670e-creator",
  "memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 4}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}],
  "psu": "corsair-ax1600i", "chassis": "fractal-design-torrent", "cooler": "noctua-nh-d15-g2", "outlet": "kr-220v-16a",
  "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot", "name": "NAME"})";

CheckedBuild checked(const std::string& name = "two 3090s") {
  std::string text = kTwo3090;
  text.replace(text.find("NAME"), 4, nlohmann::json(name).dump().substr(1, nlohmann::json(name).dump().size() - 2));
  return run_check(parse_build(text, "two.json", Catalog::builtin()), {});
}

}  // namespace

TEST_CASE("esc escapes markup characters and control characters, and keeps UTF-8") {
  CHECK(html::esc("<b>&\"'") == "&lt;b&gt;&amp;&quot;&#39;");
  CHECK(html::esc("a\x01z") == "a&#xFFFD;z");
  CHECK(html::esc("tab\tnew\n") == "tab\tnew\n");
  CHECK(html::esc("2× RTX · 3090 — ≥") == "2× RTX · 3090 — ≥");
  CHECK(html::esc("") == "");
}

TEST_CASE("num writes fixed decimals without a negative zero, and a dash for non-finite values") {
  CHECK(html::num(1234.56) == "1,235");
  CHECK(html::num(1184100) == "1,184,100");
  CHECK(html::num(-12345.67, 1) == "-12,345.7");
  CHECK(html::num(999.4) == "999");
  CHECK(html::num(-0.2) == "0");
  CHECK(html::num(-0.04, 1) == "0.0");
  CHECK(html::num(-1.5, 1) == "-1.5");
  CHECK(html::num(std::nan("")) == "—");
  CHECK(html::gib(1024.0 * 1024 * 1024 * 1.5) == "1.5 GiB");
  CHECK(html::usd(12e6) == "$12,000,000");
  CHECK(html::usd(999.4) == "$999");
  // Axis ends: round figures at or above the largest value.
  CHECK(html::nice_ceiling(84.8) == Approx(100));
  CHECK(html::nice_ceiling(1291) == Approx(2000));
  CHECK(html::nice_ceiling(2400) == Approx(2500));
  CHECK(html::nice_ceiling(5) == Approx(5));
  CHECK(html::nice_ceiling(0.7) == Approx(1));
}

TEST_CASE("a build name with markup is shown, never interpreted") {
  CheckedBuild c = checked("<script>alert(1)</script> & <img src=x onerror=y>");
  std::string page = check_report_html({c}, false);
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=y&gt;") != std::string::npos);
}

TEST_CASE("the slot drawing has a row per opening, a card per placed card, and the covered openings") {
  CheckedBuild c = checked();
  const Placement& p = c.result.placement;
  std::string svg = html::slots_svg(c.build, p);
  int last = 0;
  for (const auto& s : c.build.board->slots) last = std::max(last, s.position);
  for (const auto& card : p.cards) last = std::max(last, card.covers_to);
  if (c.build.chassis) last = std::max(last, c.build.chassis->expansion_slots);
  CHECK(count(svg, "class=\"opening-row\"") == static_cast<std::size_t>(last));
  CHECK(count(svg, "<g class=\"card\"") == 2);
  int covering = 0;
  for (const auto& card : p.cards) covering += card.covers_to > card.position;
  REQUIRE(covering > 0);
  CHECK(count(svg, "class=\"covered\"") == static_cast<std::size_t>(covering));
  for (const auto& card : p.cards) {
    CHECK(svg.find(fmt::format("data-slot=\"{}\"", card.slot)) != std::string::npos);
    CHECK(svg.find(fmt::format("PCIe {} x{}", card.gen, card.lanes)) != std::string::npos);
  }
  CHECK(svg.find("bridged by nvidia-nvlink-bridge-3090-3slot") != std::string::npos);
  Build no_board = c.build;
  no_board.board = nullptr;
  CHECK(html::slots_svg(no_board, p).empty());
}

TEST_CASE("the power bars stack one segment per part with power, against the PSU and the outlet") {
  CheckedBuild c = checked();
  const PowerBudget& pw = c.result.power;
  std::string out = html::power_bars(c.build, pw);
  std::size_t with_power = 0;
  for (const auto& l : pw.lines) with_power += l.known && l.total_w > 0;
  CHECK(count(out, "<g class=\"segment\"") == with_power);
  CHECK(count(out, "<tr><td class=\"n\"><span class=\"swatch") == pw.lines.size());
  CHECK(out.find("PSU " + html::num(pw.psu_w) + " W") != std::string::npos);
  CHECK(out.find("outlet " + html::num(pw.outlet_w) + " W continuous") != std::string::npos);
  CHECK(out.find("transient peak " + html::num(pw.transient_w) + " W") != std::string::npos);
  CHECK(out.find("limit over") == std::string::npos);  // 1292 W transient on 1600 W, 928 W on a 2860 W outlet
  PowerBudget over = pw;
  over.psu_w = pw.transient_w - 1;
  CHECK(html::power_bars(c.build, over).find("limit over") != std::string::npos);
}

TEST_CASE("the topology table has a cell per device pair, NVLink cells marked") {
  CheckedBuild c = checked();
  const Topology& t = c.topology;
  std::string page = html::topology_table(t);
  std::size_t split = page.find("<h3>Peer-to-peer");
  REQUIRE(split != std::string::npos);  // two GPUs: the P2P matrix follows the topo -m table
  std::string out = page.substr(0, split), p2p = page.substr(split);
  std::size_t gpus = t.p2p.status.size();
  REQUIRE(gpus == 2);
  CHECK(count(p2p, "<td class=\"lk-") == gpus * gpus);
  CHECK(count(p2p, ">OK</td>") == 2);  // two RTX 3090s joined by a bridge
  std::size_t n = t.devices.size();
  REQUIRE(n >= 2);
  CHECK(count(out, "<td class=\"lk-") == n * n);
  CHECK(count(out, "<th scope=\"row\">") == n);
  std::size_t nv = 0;
  for (const auto& row : t.links)
    for (const auto& l : row) nv += l.rfind("NV", 0) == 0;
  CHECK(count(out, "class=\"lk-NV\"") == nv);
  CHECK(html::topology_table(Topology{}).find("No GPUs") != std::string::npos);
}

TEST_CASE("findings come errors first, each with its severity in words and its hint") {
  std::vector<Diagnostic> d = {{"INF001", Severity::Info, "a note", {}, ""},
                               {"ERR001", Severity::Error, "bad <thing>", {}, "fix it"},
                               {"WRN001", Severity::Warning, "careful", {}, "look"}};
  std::string out = html::findings_list(d);
  auto e = out.find("ERR001"), w = out.find("WRN001"), i = out.find("INF001");
  CHECK(e < w);
  CHECK(w < i);
  CHECK(count(out, "<li class=\"finding") == 3);
  CHECK(out.find(">error</span>") != std::string::npos);
  CHECK(out.find(">note</span>") != std::string::npos);
  CHECK(out.find("bad &lt;thing&gt;") != std::string::npos);
  CHECK(count(out, "class=\"hint\"") == 2);
  CHECK(html::findings_list({}).find("No findings.") != std::string::npos);
}

TEST_CASE("the memory bars stack the non-zero components and mark a job that does not fit") {
  const double G = 1024.0 * 1024 * 1024;
  J doc = {{"memory", {{"per_gpu", {{"weights_bytes", 16 * G}, {"gradients_bytes", 16 * G}, {"optimizer_bytes", 96 * G},
                                    {"activations_bytes", 10 * G}, {"kv_cache_bytes", 0}, {"overhead_bytes", 1.5 * G},
                                    {"total_bytes", 139.5 * G}}}}},
           {"fits", false},
           {"hardware", {{"gpu", "nvidia-h100-sxm5-80gb"}, {"gpu_bytes", 80 * G}}}};
  std::string out = html::memory_bars(doc);
  CHECK(count(out, "<g class=\"segment\"") == 5);  // no KV cache
  CHECK(out.find("DOES NOT FIT") != std::string::npos);
  CHECK(out.find("limit over") != std::string::npos);
  CHECK(out.find("139.5 GiB") != std::string::npos);
  CHECK(out.find("<title>optimizer states 96.0 GiB</title>") != std::string::npos);  // each segment named
  CHECK(out.find(">optimizer states</text>") != std::string::npos);                  // wide enough for its name
  CHECK(out.find(">200.0 GiB</text>") != std::string::npos);                         // the axis ends at a round figure
  CHECK(out.find("nvidia-h100-sxm5-80gb 80.0 GiB memory") != std::string::npos);
  doc["fits"] = true;
  doc["memory"]["per_gpu"]["total_bytes"] = 60 * G;
  out = html::memory_bars(doc);
  CHECK(out.find("FITS") != std::string::npos);
  CHECK(out.find("limit over") == std::string::npos);
  doc.erase("hardware");
  doc.erase("fits");
  CHECK(html::memory_bars(doc).find("no GPU given") != std::string::npos);
}

TEST_CASE("the size summary gives no time or speed for a workload that does not fit") {
  J doc = {{"model", {{"id", "llama-3-70b"}, {"params", 70.6e9}}},
           {"workload", {{"mode", "train"}, {"precision", "bf16"}, {"optimizer", "adamw"}, {"dp", 1}, {"tp", 1}, {"pp", 1}, {"zero", 0}}},
           {"fits", false},
           {"hardware", {{"gpu", "nvidia-rtx-3090-fe"}, {"count", 1}, {"link", "none"}, {"link_gb_s", 0}}},
           {"time", {{"seconds", 1e6}, {"days", 11.6}, {"mfu", 0.4}, {"mfu_predicted", true}}},
           {"performance", {{"tokens_per_s", 1234.0}, {"step_seconds", 2.5}}},
           {"smallest_gpu", "amd-instinct-mi355x"}};
  std::string out = html::size_summary(doc);
  CHECK(out.find("does not fit") != std::string::npos);
  CHECK(out.find("tokens/s") == std::string::npos);
  CHECK(out.find("time to train") == std::string::npos);
  CHECK(out.find("amd-instinct-mi355x") != std::string::npos);
  doc["fits"] = true;
  out = html::size_summary(doc);
  CHECK(out.find("1,234 tokens/s") != std::string::npos);
  CHECK(out.find("time to train") != std::string::npos);
}

TEST_CASE("the plan table has one row per ranked build, and says when none meets the request") {
  J build = {{"rank", 1}, {"score", 3457.5}, {"cost_usd", 6420.7}, {"cost_complete", true}, {"nvlink_pairs", J::array()},
             {"score_parts", {{"cost_usd", 6420.7}}},
             {"build", {{"name", "2 x <GPU>"}, {"cpu", "c"}, {"board", "b"}, {"psu", "p"}}},
             {"metrics", {{"gpus", 2}, {"gpu", "g"}, {"vram_gib", 64}, {"wall_w", 1406.5}, {"warnings", 2},
                          {"allreduce_link", "pcie-p2p"}, {"allreduce_gb_s", 31.5}}}};
  J second = build;
  second["rank"] = 2;
  second["cost_complete"] = false;
  J doc = {{"objective", "perf-per-dollar"}, {"lower_is_better", false}, {"builds", {build, second}},
           {"rejected", {{"PWR001", {{"count", 3}, {"example", "x"}}}}}, {"notes", J::array()}};
  std::string out = html::plan_table(doc);
  CHECK(count(out, "<tr><td class=\"n\">") == 2);
  CHECK(out.find("$6,421") != std::string::npos);
  CHECK(out.find("≥ $6,421 (some parts unpriced)") != std::string::npos);
  CHECK(out.find("2 x &lt;GPU&gt;") != std::string::npos);
  CHECK(out.find("<code>PWR001</code>") != std::string::npos);
  // The score's inputs in words with their units, not the JSON's keys.
  CHECK(out.find("score input: price</dt><dd>$6,421") != std::string::npos);
  CHECK(out.find("cost_usd") == std::string::npos);
  J none = {{"objective", "cost"}, {"builds", J::array()}, {"empty_reason", "budget too small"}};
  CHECK(html::plan_table(none).find("No build meets the request") != std::string::npos);
}

TEST_CASE("the cluster summary draws one tier per fabric level plus the nodes") {
  J doc = {{"node", "n"}, {"nodes", 32}, {"gpus", 256},
           {"fabric", {{"switch", "sw"}, {"levels", 2}, {"endpoints", 256}, {"oversubscription", 1.0}, {"leaf_switches", 8},
                       {"spine_switches", 4}, {"core_switches", 0},
                       {"cables", {{"node_leaf", 256}, {"leaf_spine", 256}, {"spine_core", 0}}},
                       {"bisection_gbps", 51200.0}, {"injection_gbps_per_node", 3200.0}}},
           {"power", {{"it_kw", 347.0}, {"racks", 11}, {"heat_btu_h", 1184100.0}}},
           {"peak_pflops", {{"bf16", 253.3}}}, {"cost_usd", 1.2e7}, {"unpriced", {"sw"}}, {"cost_complete", false},
           {"training", {{"seconds", 0.0}}}};
  std::string out = html::cluster_summary(doc);
  CHECK(count(out, "class=\"tier-row\"") == 3);
  CHECK(out.find("8 leaf switches") != std::string::npos);
  CHECK(out.find("4 spine switches") != std::string::npos);
  CHECK(out.find("a lower bound; not priced: sw") != std::string::npos);
  doc["cost_usd"] = 0.0;  // nothing priced: the cost is unknown, not a lower bound of $0
  CHECK(html::cluster_summary(doc).find("unknown (not priced: sw)") != std::string::npos);
  CHECK(html::cluster_summary(doc).find("$0") == std::string::npos);
  doc["cost_usd"] = 1.2e7;
  doc["fabric"]["levels"] = 3;
  CHECK(count(html::cluster_summary(doc), "class=\"tier-row\"") == 4);
  doc["fabric"]["switch"] = nullptr;
  CHECK(html::cluster_summary(doc).find("No compute fabric") != std::string::npos);
}

TEST_CASE("a check page is deterministic, self-contained and has unique ids") {
  std::vector<CheckedBuild> all = {checked("first"), checked("second")};
  std::string a = check_report_html(all, false), b = check_report_html(all, false);
  CHECK(a == b);
  CHECK(a.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(a.find("Content-Security-Policy") != std::string::npos);
  CHECK(a.find("prefers-color-scheme: dark") != std::string::npos);
  CHECK(a.find("@media print") != std::string::npos);
  CHECK(a.find("<script") == std::string::npos);
  CHECK(a.find(" src=") == std::string::npos);
  std::regex href(R"(href="([^"]*)\")");
  for (auto it = std::sregex_iterator(a.begin(), a.end(), href); it != std::sregex_iterator(); ++it) {
    std::string target = (*it)[1];
    CHECK((target.rfind("#", 0) == 0 || target == "data:,"));
  }
  std::regex id(R"( id="([^"]*)\")");
  std::set<std::string> ids;
  for (auto it = std::sregex_iterator(a.begin(), a.end(), id); it != std::sregex_iterator(); ++it) {
    INFO((*it)[1]);
    CHECK(ids.insert((*it)[1]).second);
  }
  for (const char* s : {"build-1", "slots-1", "power-1", "topology-1", "findings-1", "build-2", "findings-2", "verdicts"})
    CHECK(ids.count(s));
  // Several builds: the page opens with the verdict of each, linked to its sections.
  CHECK(a.find("<a href=\"#build-2\">second</a>") != std::string::npos);
  CHECK(a.find("id=\"verdicts\"") < a.find("id=\"build-1\""));
  CHECK(check_report_html({checked("only")}, false).find("id=\"verdicts\"") == std::string::npos);
}

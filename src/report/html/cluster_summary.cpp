// `cluster`: the fabric drawn as its tiers (nodes, leaf, spine, core) with switch and cable counts,
// then power, racks, peak compute, cost and training time — all read from the cluster JSON
// document (fabric.*, power.*, peak_pflops, cost_usd, training.*), the figures `--format json` gives.
#include <fmt/format.h>

#include "report/html/doc_fields.hpp"
#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

namespace {

using J = nlohmann::ordered_json;


std::string fabric_svg(const J& doc) {
  const J& f = doc.at("fabric");
  struct Tier {
    std::string name;
    double count;
    double cables_below;
  };
  std::vector<Tier> tiers;  // top first
  int levels = f.value("levels", 0);
  if (levels >= 3) tiers.push_back({"core switches", number_at(doc, "/fabric/core_switches"), number_at(doc, "/fabric/cables/spine_core")});
  if (levels >= 2) tiers.push_back({"spine switches", number_at(doc, "/fabric/spine_switches"), number_at(doc, "/fabric/cables/leaf_spine")});
  tiers.push_back({"leaf switches", number_at(doc, "/fabric/leaf_switches"), number_at(doc, "/fabric/cables/node_leaf")});
  tiers.push_back({"nodes (" + doc.value("node", std::string()) + ")", number_at(doc, "/nodes"), 0});
  const int row = 62, width = 820, boxw = 420, x0 = 200;
  int height = static_cast<int>(tiers.size()) * row + 10;
  std::string out = fmt::format(
      "<figure>\n<svg class=\"fig fabric\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\">\n"
      "<title>Fabric tiers and cables</title>\n",
      width, height, width, height);
  for (std::size_t i = 0; i < tiers.size(); ++i) {
    int y = 8 + static_cast<int>(i) * row;
    out += fmt::format("<g class=\"tier-row\"><rect class=\"tier\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"30\" rx=\"4\"/>"
                       "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{} {}</text></g>\n",
                       x0, y, boxw, x0 + boxw / 2, y + 20, num(tiers[i].count), esc(tiers[i].name));
    if (i + 1 < tiers.size())
      out += fmt::format("<line class=\"link\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" class=\"small\">{} cables</text>\n",
                         x0 + boxw / 2, y + 30, x0 + boxw / 2, y + row, x0 + boxw / 2 + 8, y + 50, num(tiers[i].cables_below));
  }
  out += "</svg>\n";
  std::string sw = f.contains("switch") && f["switch"].is_string() ? f["switch"].get<std::string>() : "none";
  out += fmt::format("<figcaption>{}-level fabric of {}, oversubscription {}:1, {} endpoints.</figcaption>\n</figure>\n", levels,
                     esc(sw), num(number_at(doc, "/fabric/oversubscription"), 1), num(number_at(doc, "/fabric/endpoints")));
  return out;
}

}  // namespace

std::string cluster_summary(const J& doc) {
  std::string out;
  if (doc.contains("fabric") && doc["fabric"].contains("switch") && doc["fabric"]["switch"].is_string()) out += fabric_svg(doc);
  else out += "<p class=\"muted\">No compute fabric: the node lists no fabric NICs, or no switch matches them.</p>\n";
  std::vector<std::pair<std::string, std::string>> kv = {
      {"nodes", fmt::format("{} × {} = {} GPUs", doc.value("nodes", 0), doc.value("node", std::string()), doc.value("gpus", 0))},
      {"bisection", num(number_at(doc, "/fabric/bisection_gbps") / 1000, 1) + " Tb/s"},
      {"injection per node", num(number_at(doc, "/fabric/injection_gbps_per_node")) + " Gb/s"},
      {"IT power", num(number_at(doc, "/power/it_kw"), 1) + " kW (nodes at maximum + switches)"},
      {"heat", num(number_at(doc, "/power/heat_btu_h")) + " BTU/h"},
      {"racks", num(number_at(doc, "/power/racks"))}};
  std::string peak;
  for (const char* p : {"fp64", "tf32", "bf16", "fp8", "fp4"})
    if (doc.at("peak_pflops").contains(p)) peak += fmt::format("{}{} {} PFLOPS", peak.empty() ? "" : " · ", p, num(doc["peak_pflops"][p].get<double>(), 1));
  kv.emplace_back("peak (dense)", peak);
  bool cost_known = doc.value("cost_complete", true) || number_at(doc, "/cost_usd") != 0;  // nothing priced: unknown, not $0
  std::string cost = cost_known ? usd(number_at(doc, "/cost_usd")) : "unknown";
  if (!doc.value("cost_complete", true)) {
    cost += cost_known ? " (a lower bound; not priced:" : " (not priced:";
    for (std::size_t i = 0; i < doc.at("unpriced").size(); ++i) cost += (i ? ", " : " ") + doc["unpriced"][i].get<std::string>();
    cost += ")";
  }
  kv.emplace_back("cost", cost);
  if (number_at(doc, "/training/seconds") > 0)
    kv.emplace_back("training", fmt::format("{} days at {} % MFU ({}), {} steps", num(number_at(doc, "/training/days"), 1),
                                            num(number_at(doc, "/training/mfu") * 100, 1),
                                            doc["training"].value("mfu_predicted", false) ? "predicted" : "given",
                                            num(number_at(doc, "/training/steps"))));
  return out + key_values(kv);
}

}  // namespace rigplan::html

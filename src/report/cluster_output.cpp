// Text and JSON for `rigplan cluster` (see include/rigplan/cluster_output.hpp).
#include "rigplan/document.hpp"
#include "rigplan/cluster_output.hpp"

#include <fmt/format.h>

#include "rigplan/perf_output.hpp"
#include "rigplan/price_json.hpp"
#include "rigplan/table.hpp"
#include "util/number_text.hpp"

namespace rigplan {

std::string cluster_text(const ClusterReport& r, const FabricRequest& f) {
  const Fabric& fab = r.fabric;
  std::string out = fmt::format("{} × {} = {} GPUs ({})\n\n", r.nodes, r.node.id, r.gpus, r.node.gpu ? r.node.gpu->id : "?");
  if (f.sw) {
    out += fmt::format("Fabric: {} ({} ports × {:g} Gb/s {}), {}-level {}, oversubscription {:g}:1, {} endpoints\n",
                       f.sw->id, f.sw->ports, f.sw->speed_gbps, f.sw->protocol, fab.levels,
                       fab.levels == 3 ? "fat tree" : "leaf–spine", f.oversubscription, fab.endpoints);
    Table t;
    t.headers = {"TIER", "SWITCHES", "CABLES (to the tier below)"};
    t.right_align = {false, true, true};
    t.rows.push_back({"leaf", std::to_string(fab.leaf), std::to_string(fab.cables_node_leaf)});
    if (fab.levels >= 2) t.rows.push_back({"spine", std::to_string(fab.spine), std::to_string(fab.cables_leaf_spine)});
    if (fab.levels >= 3) t.rows.push_back({"core", std::to_string(fab.core), std::to_string(fab.cables_spine_core)});
    t.rows.push_back({"total", std::to_string(fab.switches()),
                      std::to_string(fab.cables_node_leaf + fab.cables_leaf_spine + fab.cables_spine_core)});
    out += t.render();
    out += fmt::format("Leaf ports: {} down, {} up. Bisection {:.1f} Tb/s; injection {:.0f} Gb/s per node\n\n",
                       fab.leaf_down, fab.leaf_up, fab.bisection_gbps / 1000, fab.injection_gbps_per_node);
  } else if (r.node.nic) {
    // default_switch found none: say so rather than leave the fabric out without a word.
    out += fmt::format("Fabric: not sized: no catalog switch carries the node's {} ({:g} Gb/s {}); name one with --switch\n\n",
                       r.node.nic->id, r.node.nic->speed_gbps, r.node.nic->protocol);
  }
  out += fmt::format("Power: {:.1f} kW IT (nodes at maximum + switches), {} BTU/h of heat, {} racks\n",
                     r.power.it_kw, grouped(r.power.heat_btu_h), r.power.racks);
  out += "Peak (dense):";
  for (const char* p : {"fp64", "tf32", "bf16", "fp8", "fp4"})
    if (auto it = r.peak_pflops.find(p); it != r.peak_pflops.end()) out += fmt::format("  {} {:.1f} PFLOPS", p, it->second);
  out += "\n";
  // Nothing priced is no cost at all, not a lower bound of $0.
  bool cost_unknown = r.cost_usd == 0 && !r.unpriced.empty();
  out += cost_unknown ? std::string("Cost: unknown") : "Cost: " + dollars(r.cost_usd);
  if (!r.unpriced.empty())
    out += fmt::format(" ({}not priced: {})", cost_unknown ? "" : "a lower bound; ", fmt::join(r.unpriced, ", "));
  out += "\n";
  if (!r.prices.empty()) out += fmt::format("  prices {}\n", r.prices.text());
  if (r.train_seconds > 0 && r.step)
    out += fmt::format("Training: {:.1f} days at {:.1f} % MFU (predicted; {:.0f} steps of {:.2f} s, {:.2f} s of it the exposed gradient reduction)\n",
                       r.train_seconds / 86400, r.mfu * 100, r.steps, r.step->step_s, r.step->dp_exposed_s);
  else if (r.train_seconds > 0)
    out += fmt::format("Training: {:.1f} days at {:.0f} % MFU ({}; {:.1f} days compute, {:.0f} steps, {:.3f} s hierarchical all-reduce per step)\n",
                       r.train_seconds / 86400, r.mfu * 100, r.step_why_not.empty() ? "given" : "default: " + r.step_why_not,
                       r.compute_seconds / 86400, r.steps, r.allreduce_seconds_per_step);
  // The predicted step's held-out error (include/rigplan/model_accuracy.hpp).
  if (r.train_seconds > 0 && r.step && r.node.gpu) {
    std::string line = heldout_line(PredictionKind::Training, r.node.gpu->vendor, "training runs");
    if (!line.empty()) out += line + std::string(kHeldoutWhere);
  }
  return out;
}

nlohmann::ordered_json cluster_json(const ClusterReport& r, const FabricRequest& f, PricePreference prefs) {
  using J = nlohmann::ordered_json;
  const Fabric& fab = r.fabric;
  J j = new_document(DocumentKind::Cluster);
  j["node"] = r.node.id;
  j["nodes"] = r.nodes;
  j["gpus"] = r.gpus;
  j["fabric"] = {{"switch", f.sw ? J(f.sw->id) : J(nullptr)},
                 {"levels", fab.levels},
                 {"endpoints", fab.endpoints},
                 {"oversubscription", f.oversubscription},
                 {"leaf_switches", fab.leaf},
                 {"spine_switches", fab.spine},
                 {"core_switches", fab.core},
                 {"cables", {{"node_leaf", fab.cables_node_leaf}, {"leaf_spine", fab.cables_leaf_spine}, {"spine_core", fab.cables_spine_core}}},
                 {"bisection_gbps", fab.bisection_gbps},
                 {"injection_gbps_per_node", fab.injection_gbps_per_node}};
  j["power"] = {{"it_kw", r.power.it_kw}, {"racks", r.power.racks}, {"heat_btu_h", r.power.heat_btu_h}};
  J peak = J::object();
  for (const auto& [k, v] : r.peak_pflops) peak[k] = v;
  j["peak_pflops"] = peak;
  j["cost_usd"] = r.cost_usd;
  j["unpriced"] = r.unpriced;
  j["cost_complete"] = r.unpriced.empty();
  j["prices"] = price_age_json(r.prices, prefs);
  j["training"] = {{"seconds", r.train_seconds}, {"days", r.train_seconds / 86400}, {"compute_seconds", r.compute_seconds},
                   {"steps", r.steps}, {"allreduce_seconds_per_step", r.allreduce_seconds_per_step},
                   {"mfu", r.mfu}, {"mfu_predicted", r.mfu_predicted}};
  if (r.step) j["training"]["performance"] = step_json(*r.step);
  if (r.step && r.node.gpu) j["training"]["heldout"] = heldout_json(PredictionKind::Training, r.node.gpu->vendor);
  return j;
}

}  // namespace rigplan

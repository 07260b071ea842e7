// `rigplan cluster`: nodes, fabric, power, racks, peak compute, cost and training time for a
// cluster of catalog nodes (or of a build used as the node). Flags only; the model lives in
// src/cluster/.
#include <fmt/format.h>

#include <iostream>
#include <optional>

#include "cli/cli_common.hpp"
#include "cli/request_flags.hpp"
#include "rigplan/cluster_output.hpp"
#include "rigplan/cluster_request.hpp"
#include "rigplan/error.hpp"
#include "rigplan/html_report.hpp"
#include "util/atomic_file.hpp"
#include "util/suggest.hpp"

namespace rigplan::cli {

namespace {

struct ClusterOptions {
  std::string node, build, sw, model, mode, precision, format = "text", report;
  std::optional<int> nodes, gpus, extra, zero;
  std::optional<double> oversub, rack_kw, tokens, deadline_days, mfu;
};

// The flags as a cluster request (only those given), so the command and sweeps read one format.
nlohmann::json request_from(const ClusterOptions& o) {
  nlohmann::json j = nlohmann::json::object();
  auto put = [&](const char* k, const auto& v) {
    if (v) j[k] = *v;
  };
  auto put_str = [&](const char* k, const std::string& v) {
    if (!v.empty()) j[k] = v;
  };
  put_str("node", o.node);
  put_str("build", o.build);
  put_str("switch", o.sw);
  put_str("model", o.model);
  put_str("mode", o.mode);
  put_str("precision", o.precision);
  put("nodes", o.nodes);
  put("gpus", o.gpus);
  put("extra_endpoints", o.extra);
  put("zero", o.zero);
  put("oversubscription", o.oversub);
  put("rack_kw", o.rack_kw);
  put("tokens", o.tokens);
  put("deadline", o.deadline_days);
  put("mfu", o.mfu);
  return j;
}

int run(const Globals& g, const ClusterOptions& o) {
  std::optional<AtomicFile> report;
  if (!o.report.empty()) report.emplace(o.report, "--report", /*overwrite=*/true);
  Catalog cat = load_catalog(g);
  ClusterRequest req = parse_cluster_request(request_from(o), cat, "cluster");
  if (req.node.nics == 0)
    std::cerr << "rigplan: note: " << req.node.id << " lists no compute-fabric NICs in the catalog; the fabric is empty\n";
  ClusterReport r = run_cluster_request(req);
  if (report) {
    report->write(cluster_report_html(r, req.fabric, cat.price_preference()));
    report->commit();
  }
  if (o.format == "json") print_json(cluster_json(r, req.fabric, cat.price_preference()));
  else std::cout << cluster_text(r, req.fabric);
  return 0;
}

}  // namespace

void register_cluster(CLI::App& app, Globals& g) {
  auto o = std::make_shared<ClusterOptions>();
  auto* c = app.add_subcommand("cluster", "Size a GPU cluster: nodes, fabric, power, racks, compute, cost");
  // The request keys' flags: help text and checks from the request-key table.
  add_key_option(c, kClusterRequest, "node", o->node);
  add_key_option(c, kClusterRequest, "build", o->build);
  add_key_option(c, kClusterRequest, "nodes", o->nodes);
  add_key_option(c, kClusterRequest, "gpus", o->gpus);
  add_key_option(c, kClusterRequest, "switch", o->sw);
  add_key_option(c, kClusterRequest, "oversubscription", o->oversub);
  add_key_option(c, kClusterRequest, "extra_endpoints", o->extra);
  add_key_option(c, kClusterRequest, "rack_kw", o->rack_kw);
  add_key_option(c, kClusterRequest, "model", o->model);
  add_key_option(c, kClusterRequest, "mode", o->mode);
  add_key_option(c, kClusterRequest, "precision", o->precision);
  add_key_option(c, kClusterRequest, "zero", o->zero);
  add_key_option(c, kClusterRequest, "tokens", o->tokens);
  add_key_option(c, kClusterRequest, "deadline", o->deadline_days);
  // The flag names its unit (plan's deadline is in hours); the old name stays, unlisted.
  c->add_option("--deadline", o->deadline_days, "Same as --deadline-days")->group("")->check(*key_check(request_key(kClusterRequest, "deadline")));
  add_key_option(c, kClusterRequest, "mfu", o->mfu);
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->add_option("--report", o->report, "Also write the cluster as one self-contained HTML page (fabric, power, cost)")
      ->type_name("FILE.html");
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

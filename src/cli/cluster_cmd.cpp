// `rigplan cluster`: nodes, fabric, power, racks, peak compute, cost and training time for a
// cluster of catalog nodes (or of a build used as the node). Flags only; the model lives in
// src/cluster/.
#include <fmt/format.h>

#include <iostream>

#include "cli/cli_common.hpp"
#include "rigplan/cluster_output.hpp"
#include "rigplan/error.hpp"
#include "util/suggest.hpp"

namespace rigplan::cli {

namespace {

// Racks of an AI data hall: 40 kW per rack is a rule of thumb for liquid-assisted/high-density
// rows (DGX H100 at 10.2 kW fits four per rack); override with --rack-kw.
constexpr double kDefaultRackKw = 40;

struct ClusterOptions {
  std::string node, build, sw, model, mode = "train", precision = "bf16", format = "text";
  int nodes = 0, gpus = 0, extra = 0, zero = 0;
  double oversub = 1, rack_kw = kDefaultRackKw, tokens = 0, deadline_days = 0, mfu = 0;
};

void bad(const std::string& m) { throw InputError(InputIssue{"", "", 0, 0, m}); }

template <class T>
const T& must(const Catalog& c, const std::string& id, Kind k) {
  if (const T* p = c.find<T>(id)) return *p;
  auto near = nearest(id, c.ids(k), 3);
  bad(fmt::format("no {} \"{}\" in the catalog{}", kind_name(k), id,
                  near.empty() ? "" : fmt::format("; nearest: {}", fmt::join(near, ", "))));
  throw;  // unreachable
}

int run(const Globals& g, const ClusterOptions& o) {
  Catalog cat = load_catalog(g);
  if (o.node.empty() == o.build.empty()) bad("give the node type: --node ID or --build FILE");
  std::optional<Build> build;
  NodeSpec node;
  if (!o.node.empty()) {
    node = node_spec(must<Node>(cat, o.node, Kind::Node), cat);
  } else {
    build = load_build(o.build, cat);
    if (build->gpus.empty()) bad(o.build + ": the build has no GPUs");
    node = node_from_build(*build);
  }
  FabricRequest f;
  f.oversubscription = o.oversub;
  f.extra_endpoints = o.extra;
  f.sw = o.sw.empty() ? default_switch(cat, node) : &must<Switch>(cat, o.sw, Kind::Switch);
  if (node.nics == 0)
    std::cerr << "rigplan: note: " << node.id << " lists no compute-fabric NICs in the catalog; the fabric is empty\n";
  std::optional<Workload> w;
  if (!o.model.empty()) {
    const ModelSpec* m = find_model(o.model);
    if (!m) bad(fmt::format("no model preset \"{}\" (see `rigplan size --list-models`)", o.model));
    Workload x;
    x.model = *m;
    x.mode = o.mode == "lora" ? Mode::Lora : Mode::Train;
    x.precision = o.precision;
    x.zero = o.zero;
    x.tokens = o.tokens;
    if (o.mfu > 0) x.mfu = o.mfu;
    w = x;
  }
  int nodes = o.nodes;
  if (nodes == 0 && o.gpus > 0) nodes = (o.gpus + node.gpus - 1) / node.gpus;
  if (nodes == 0 && o.deadline_days > 0) {
    if (!w || o.tokens <= 0) bad("--deadline needs a workload: --model ID --tokens D");
    nodes = nodes_for_deadline(*w, o.deadline_days * 86400, node, f);
    if (nodes == 0) bad(fmt::format("no cluster of up to {} nodes trains it within {:g} days", kMaxClusterNodes, o.deadline_days));
  }
  if (nodes <= 0) bad("give the size: --nodes N, --gpus N, or --model ID --tokens D --deadline DAYS");
  if (nodes > kMaxClusterNodes) bad(fmt::format("--nodes {} is above the {} rigplan sizes", nodes, kMaxClusterNodes));
  ClusterReport r = size_cluster(nodes, node, f, o.rack_kw, w);
  if (o.format == "json") print_json(cluster_json(r, f));
  else std::cout << cluster_text(r, f);
  return 0;
}

}  // namespace

void register_cluster(CLI::App& app, Globals& g) {
  auto o = std::make_shared<ClusterOptions>();
  auto* c = app.add_subcommand("cluster", "Size a GPU cluster: nodes, fabric, power, racks, compute, cost");
  c->add_option("--node", o->node, "Catalog node id (e.g. nvidia-dgx-h100)");
  c->add_option("--build", o->build, "A build file used as the node");
  c->add_option("--nodes", o->nodes, "Number of nodes")->check(CLI::Range(1, 10000000));
  c->add_option("--gpus", o->gpus, "Number of GPUs (rounded up to whole nodes)")->check(CLI::Range(1, 100000000));
  c->add_option("--switch", o->sw, "Fabric switch id (default: the catalog's match for the node's NICs)");
  c->add_option("--oversubscription", o->oversub, "Leaf downlinks per uplink (1 = non-blocking)")->check(CLI::Range(1.0, 16.0));
  c->add_option("--extra-endpoints", o->extra, "Storage/login/management ports on the same fabric")->check(CLI::Range(0, 1000000));
  c->add_option("--rack-kw", o->rack_kw, "Power per rack, kW (default 40)")->check(CLI::Range(1.0, 500.0));
  c->add_option("--model", o->model, "Workload preset for training time");
  c->add_option("--mode", o->mode, "train | lora")->check(CLI::IsMember({"train", "lora"}));
  c->add_option("--precision", o->precision, "fp32 | bf16 | fp16 | fp8")->check(CLI::IsMember({"fp32", "bf16", "fp16", "fp8"}));
  c->add_option("--zero", o->zero, "ZeRO stage")->check(CLI::Range(0, 3));
  c->add_option("--tokens", o->tokens, "Training tokens")->check(CLI::Range(0.0, 1e16));
  c->add_option("--deadline", o->deadline_days, "Days to train in: size the cluster to meet it")->check(CLI::Range(0.001, 1e5));
  c->add_option("--mfu", o->mfu, "Model FLOPs utilisation 0..1 (default 0.40)")->check(CLI::Range(0.01, 1.0));
  c->add_option("--format", o->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  c->callback([&g, o] { g.exit_code = run(g, *o); });
}

}  // namespace rigplan::cli

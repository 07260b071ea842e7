// Cluster requests as JSON (see include/rigplan/cluster_request.hpp): read the node, the fabric,
// the workload and the size; the deadline search runs here so every caller gets the same answer.
#include "rigplan/cluster_request.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rigplan/error.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/size_request.hpp"
#include "util/suggest.hpp"

namespace rigplan {

ClusterRequest parse_cluster_request(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  if (!j.is_object()) input_error(file, "", "a cluster request is a JSON object");
  const auto names = request_key_names(kClusterRequest);
  for (const auto& [k, v] : j.items())
    if (std::find(names.begin(), names.end(), k) == names.end())
      input_error(file, key_pointer(k), fmt::format("unknown key \"{}\"{}", k, did_you_mean(k, names)));
  // Each key's type, range, words and default come from the request-key table.
  auto str = [&](const char* k) {
    const RequestKey& key = request_key(kClusterRequest, k);
    if (!j.contains(k)) return key.def.is_string() ? key.def.get<std::string>() : std::string();
    if (!j[k].is_string()) input_error(file, key_pointer(k), "expected a string");
    std::string v = j[k];
    if (!key.words.empty() && std::find(key.words.begin(), key.words.end(), v) == key.words.end())
      input_error(file, key_pointer(k),
                  fmt::format("\"{}\" is not one of: {}", v, fmt::join(key.words, ", ")));
    return v;
  };
  auto num = [&](const char* k) {
    const RequestKey& key = request_key(kClusterRequest, k);
    if (!j.contains(k)) return key.def.is_number() ? key.def.get<double>() : 0.0;
    if (!j[k].is_number()) input_error(file, key_pointer(k), "expected a number");
    double v = j[k];
    if (auto err = key_range_error(key, v)) input_error(file, key_pointer(k), *err);
    return v;
  };
  auto must_be = [&](const char* k, Kind kind) {
    std::string id = str(k);
    if (auto problem = c.id_problem(id, kind)) input_error(file, key_pointer(k), *problem);
    return id;
  };

  ClusterRequest r;
  if (j.contains("node") == j.contains("build"))
    input_error(file, "", "give the node type: \"node\" (a catalog node) or \"build\" (a build file)");
  if (j.contains("node")) {
    r.node = node_spec(*c.find<Node>(must_be("node", Kind::Node)), c);
  } else {
    std::string path = str("build");
    try {
      r.build = load_build(path, c);
    } catch (const InputError& e) {
      input_error(file, key_pointer("build"), e.issues().front().to_string());
    }
    if (r.build->gpus.empty()) input_error(file, key_pointer("build"), path + ": the build has no GPUs");
    r.node = node_from_build(*r.build);
  }
  r.fabric.oversubscription = num("oversubscription");
  r.fabric.extra_endpoints = static_cast<int>(num("extra_endpoints"));
  if (j.contains("switch")) {
    r.fabric.sw = c.find<Switch>(must_be("switch", Kind::Switch));
  } else {
    r.fabric.sw = default_switch(c, r.node);
  }
  r.rack_kw = num("rack_kw");
  double tokens = num("tokens");
  if (j.contains("model")) {
    Workload w;
    w.model = *read_size_value(SizeKey::model, j["model"], c, file).model;  // the preset, as `size` reads it
    w.mode = checked_word<Mode>(str("mode"));
    w.precision = str("precision");
    w.zero = static_cast<int>(num("zero"));
    w.tokens = tokens;
    if (j.contains("mfu")) w.mfu = num("mfu");
    r.workload = w;
  } else {
    for (const char* k : {"mode", "precision", "zero", "tokens", "mfu"})
      if (j.contains(k))
        input_error(file, key_pointer(k), fmt::format("\"{}\" describes a workload: give \"model\" too", k));
  }
  int nodes = static_cast<int>(num("nodes"));
  int gpus = static_cast<int>(num("gpus"));
  double deadline_days = num("deadline");
  if (nodes == 0 && gpus > 0) nodes = (gpus + r.node.gpus - 1) / r.node.gpus;
  if (nodes == 0 && deadline_days > 0) {
    if (!r.workload || tokens <= 0)
      input_error(file, key_pointer("deadline"), "a deadline needs a workload: \"model\" and \"tokens\"");
    nodes = nodes_for_deadline(*r.workload, deadline_days * 86400, r.node, r.fabric);
    if (nodes == 0)
      input_error(file, key_pointer("deadline"),
                  fmt::format("no cluster of up to {} nodes trains it within {:g} days", kMaxClusterNodes,
                              deadline_days));
  }
  if (nodes <= 0)
    input_error(file, "", "give the size: \"nodes\", \"gpus\", or \"model\", \"tokens\" and \"deadline\"");
  if (nodes > kMaxClusterNodes)
    input_error(file, key_pointer("gpus"),
                fmt::format("{} nodes is above the {} rigplan sizes", nodes, kMaxClusterNodes));
  r.nodes = nodes;
  return r;
}

ClusterReport run_cluster_request(const ClusterRequest& r) {
  return size_cluster(r.nodes, r.node, r.fabric, r.rack_kw, r.workload);
}

}  // namespace rigplan

// A `rigplan cluster` request as data: the keys are the command's flag names without dashes
// ({"node": "nvidia-dgx-h100", "nodes": 64, "model": "llama-3-70b", "tokens": 1.5e13}), so
// sweeps and scripts size clusters without the command line. Errors name the key as a JSON
// pointer; a `build` path is read relative to the working directory.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"

namespace rigplan {


struct ClusterRequest {
  NodeSpec node;
  std::optional<Build> build;  // when the node is a build file
  FabricRequest fabric;
  double rack_kw = kDefaultRackKw;
  std::optional<Workload> workload;
  int nodes = 0;               // from `nodes`, `gpus` (rounded up to whole nodes) or `deadline`
};

// Throws InputError naming `file` and the key.
ClusterRequest parse_cluster_request(const nlohmann::json& j, const Catalog& c, const std::string& file);
ClusterReport run_cluster_request(const ClusterRequest& r);

}  // namespace rigplan

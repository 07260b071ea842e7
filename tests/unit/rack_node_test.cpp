// Issue 15, session 8: what the node schema and `cluster` do with a rack-scale NVLink node
// (GB200/GB300 NVL72 style: 72 GPUs in one NVLink domain, one rack). No such node is in the
// built-in catalog (no NVIDIA page with the rack's power was readable), so this uses a fixture
// whose figures are placeholders, not data: it checks the schema's limits and that the cluster
// model takes the node's NVLink as the link among all 72 of its GPUs.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"
#include "test_catalog.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

json rack_gpu() {
  json g = test::gpu_part("acme-test-rack-gpu");
  g["form_factor"] = "sxm";
  g.erase("slot_width");
  g.erase("length_mm");
  g["power_connectors"] = json::object();
  g["cooler"] = "liquid";
  g["nvlink"] = {{"gen", 5}, {"links", 18}, {"bandwidth_gb_s", 900}, {"max_gpus", 72}, {"via", "nvswitch"}};
  return g;
}

json rack_node(int gpus) {
  return json{{"id", "acme-test-nvl72"}, {"kind", "node"},     {"name", "Test rack node"},
              {"source", "https://example.com/node"},     {"gpu", "acme-test-rack-gpu"},
              {"gpu_count", gpus},                          {"power_w", 120000},
              {"rack_units", 48},                           {"nics", json::array()},
              {"no_price", "fixture"}};
}

}  // namespace

TEST_CASE("a 72-GPU, 48U rack node loads; a 73-GPU node is refused at its pointer") {
  Catalog c;
  REQUIRE(test::overlay_issues(test::doc({rack_gpu(), rack_node(72)}).dump(2), &c).empty());
  const Node* n = c.find<Node>("acme-test-nvl72");
  REQUIRE(n != nullptr);

  auto issues = test::overlay_issues(test::doc({rack_gpu(), rack_node(73)}).dump(2));
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].pointer == "/parts/1/gpu_count");
  CHECK(issues[0].message == "73 is above the maximum 72");
}

TEST_CASE("cluster: two rack nodes are 144 GPUs, each node's 72 GPUs joined by NVLink, racks by the fabric") {
  Catalog c;
  REQUIRE(test::overlay_issues(test::doc({rack_gpu(), rack_node(72)}).dump(2), &c).empty());
  NodeSpec node = node_spec(*c.find<Node>("acme-test-nvl72"), c);
  CHECK(node.gpus == 72);
  PerfSystem s = cluster_perf_system(node);
  CHECK(s.gpus_per_node == 72);
  CHECK(s.intra.kind == "nvlink");
  CHECK(s.intra.gb_s == 900);
  CHECK(s.inter.kind == "network");  // no NIC in the fixture: the assumed per-GPU network figure
  ClusterReport r = size_cluster(2, node, FabricRequest{}, 0);
  CHECK(r.gpus == 144);
  CHECK(r.power.it_kw == Approx(240));
}

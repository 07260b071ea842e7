// What the node schema and `cluster` do with a rack-scale NVLink node (GB200/GB300 NVL72 style:
// 72 GPUs in one NVLink domain, 72 NICs, one 48U rack). The built-in catalog has two such nodes
// (nvidia-gb200-nvl72, nvidia-gb300-nvl72); this uses a fixture whose figures are placeholders,
// not data: it checks the schema's limits, that the cluster model takes the node's NVLink as the
// link among all 72 of its GPUs, and that each such node is counted as one rack.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"
#include "rigplan/cluster_output.hpp"
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

json rack_nic() {
  return json{{"id", "acme-test-800g-nic"}, {"kind", "nic"}, {"name", "Test 800G NIC"},
              {"source", "https://example.com/nic"}, {"protocol", "vpi"}, {"ports", 1},
              {"speed_gbps", 800}, {"pcie", {{"gen", 6}, {"lanes", 16}}}, {"no_price", "fixture"}};
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
  CHECK(r.power.racks == 2);  // a 48U rack-scale node is one rack each, not ceil(96 / 42) = 3
  // ... whatever its power: 120 kW is above a 40 kW rack budget, which then counts switches only.
  CHECK(size_cluster(10, node, FabricRequest{}, 40).power.racks == 10);
}

TEST_CASE("a rack node takes one NIC per GPU (72); 73 is refused; no switch for its NIC is said in the text") {
  json node = rack_node(72);
  node["nics"] = json::array({{{"part", "acme-test-800g-nic"}, {"count", 72}}});
  Catalog c;
  REQUIRE(test::overlay_issues(test::doc({rack_gpu(), rack_nic(), node}).dump(2), &c).empty());
  NodeSpec spec = node_spec(*c.find<Node>("acme-test-nvl72"), c);
  CHECK(spec.nics == 72);
  CHECK(cluster_perf_system(spec).inter.gb_s == Approx(100));  // 800 Gb/s a GPU = 100 GB/s

  // The built-in catalog has no 800 Gb/s InfiniBand switch (Quantum-X800), so default_switch finds
  // none for a VPI NIC and the fabric is not sized; the text says so.
  FabricRequest f;
  f.sw = default_switch(c, spec);
  CHECK(f.sw == nullptr);
  std::string text = cluster_text(size_cluster(2, spec, f, 0), f);
  CHECK(text.find("Fabric: not sized: no catalog switch carries the node's acme-test-800g-nic (800 Gb/s vpi)") !=
        std::string::npos);

  // With a named switch: 144 endpoints on 64-port QM9700s are 5 leaves and 3 spines (8U, 13.8 kW),
  // one rack of their own at 40 kW a rack, beside the two node racks.
  f.sw = c.find<Switch>("nvidia-quantum-2-qm9700");
  REQUIRE(f.sw != nullptr);
  ClusterReport fabric = size_cluster(2, spec, f, 40);
  CHECK(fabric.fabric.switches() == 8);
  CHECK(fabric.power.racks == 3);

  node["nics"][0]["count"] = 73;
  auto issues = test::overlay_issues(test::doc({rack_gpu(), rack_nic(), node}).dump(2));
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].pointer == "/parts/2/nics/0/count");
  CHECK(issues[0].message == "73 is above the maximum 72");
}

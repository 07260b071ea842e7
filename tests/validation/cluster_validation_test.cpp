// Validation of the cluster model against NVIDIA's published DGX SuperPOD compute-fabric
// component counts and against the 20x DGX A100 cluster in
// Hyperconnect, 'Building a high-performance deep learning cluster, part 1' (tech blog, 2020-12-21).
#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"

using namespace rigplan;

namespace {

NodeSpec dgx_h100(const Catalog& c) { return node_spec(*c.find<Node>("nvidia-dgx-h100"), c); }

}  // namespace

TEST_CASE("DGX H100 SuperPOD (RA-11333-001), compute fabric component counts, exact") {
  // Table 4 (network-fabrics.html): 31 nodes per SU plus 4 UFM ports; QM9700, 64 x NDR 400,
  // rail-optimised full fat tree. Columns: nodes, leaf, spine, node+UFM cables, leaf-spine cables.
  // https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/network-fabrics.html
  // The 3-SU row (24 leaves, 16 spines) is left out: NVIDIA provisions 16 spines there, ahead of
  // the 4-SU build-out, where the port arithmetic needs 12.
  const Catalog& c = Catalog::builtin();
  NodeSpec node = dgx_h100(c);
  REQUIRE(node.nics == 8);
  FabricRequest f{c.find<Switch>("nvidia-quantum-2-qm9700"), 1, 4};
  struct Row { int nodes, leaf, spine, node_cables, leaf_spine; };
  for (Row r : {Row{31, 8, 4, 252, 256}, Row{63, 16, 8, 508, 512}, Row{127, 32, 16, 1020, 1024}}) {
    INFO(r.nodes << " nodes");
    Fabric fab = size_fabric(r.nodes, node, f);
    CHECK(fab.levels == 2);
    CHECK(fab.leaf == r.leaf);
    CHECK(fab.spine == r.spine);
    CHECK(fab.cables_node_leaf == r.node_cables);
    CHECK(fab.cables_leaf_spine == r.leaf_spine);
  }
}

TEST_CASE("DGX SuperPOD larger configurations (H100/B200 RA Table 3), three levels, exact") {
  // https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200/latest/dgx-superpod-architecture.html
  // Columns: nodes, leaf, spine, core, cables per tier (= GPUs).
  const Catalog& c = Catalog::builtin();
  NodeSpec node = dgx_h100(c);
  FabricRequest f{c.find<Switch>("nvidia-quantum-2-qm9700"), 1, 0};
  struct Row { int nodes, leaf, spine, core; };
  for (Row r : {Row{128, 32, 16, 0}, Row{256, 64, 32, 0}, Row{512, 128, 128, 64}, Row{1024, 256, 256, 128},
                Row{2048, 512, 512, 256}}) {
    INFO(r.nodes << " nodes");
    Fabric fab = size_fabric(r.nodes, node, f);
    CHECK(fab.leaf == r.leaf);
    CHECK(fab.spine == r.spine);
    CHECK(fab.core == r.core);
    CHECK(fab.levels == (r.core ? 3 : 2));
    CHECK(fab.cables_node_leaf == r.nodes * 8);
    CHECK(fab.cables_leaf_spine == r.nodes * 8);
    CHECK(fab.cables_spine_core == (r.core ? r.nodes * 8 : 0));
  }
}

TEST_CASE("Hyperconnect 2020: 20x DGX A100 = 160 GPUs, ~25 PFLOPS TF32, 8 x 200 Gb/s per node, 14 switches") {
  // The catalog's own parts: the DGX A100 lists eight single-port HDR ConnectX-6 cards, and the
  // Quantum QM8700 is a 40-port HDR (200 Gb/s) switch, 20 downlinks and 20 uplinks per leaf.
  const Catalog& c = Catalog::builtin();
  NodeSpec node = node_spec(*c.find<Node>("nvidia-dgx-a100"), c);
  REQUIRE(node.nic);
  CHECK(node.nic->id == "nvidia-connectx-6-hdr");
  CHECK(node.nics == 8);
  FabricRequest f{c.find<Switch>("nvidia-quantum-qm8700"), 1, 0};
  REQUIRE(f.sw);
  CHECK(default_switch(c, node) == f.sw);  // what `rigplan cluster --node nvidia-dgx-a100` picks
  ClusterReport r = size_cluster(20, node, f, 40);
  CHECK(r.gpus == 160);
  CHECK(r.peak_pflops.at("tf32") == Approx(25).epsilon(0.01));  // 160 x 156 TFLOPS dense
  CHECK(r.fabric.injection_gbps_per_node == 1600);              // 8 x 200 Gb/s = 1.6 Tb/s
  CHECK(r.fabric.levels == 2);
  CHECK(r.fabric.leaf_down == 20);
  CHECK(r.fabric.leaf_up == 20);
  // Compute endpoints alone need 8 leaves and 4 spines. The source's 14 switches also serve
  // login, management, monitoring and storage on the same fabric: one more leaf's worth of
  // ports (20) gives 9 leaves and 5 spines.
  CHECK(r.fabric.switches() == 12);
  f.extra_endpoints = 20;
  Fabric with_services = size_fabric(20, node, f);
  CHECK(with_services.leaf == 9);
  CHECK(with_services.spine == 5);
  CHECK(with_services.switches() == 14);
}

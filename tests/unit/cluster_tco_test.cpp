// Cluster power/racks and the owning-vs-renting arithmetic.
#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"
#include "rigplan/tco.hpp"

using namespace rigplan;

TEST_CASE("cluster power: nodes at maximum plus switches; racks bounded by kW, units and whole nodes") {
  const Catalog& c = Catalog::builtin();
  NodeSpec node = node_spec(*c.find<Node>("nvidia-dgx-h100"), c);
  FabricRequest f{c.find<Switch>("nvidia-quantum-2-qm9700"), 1, 0};
  ClusterReport r = size_cluster(32, node, f, 40);
  double expected_kw = (32 * node.power_w + r.fabric.switches() * f.sw->power_w) / 1000;
  CHECK(r.power.it_kw == Approx(expected_kw));
  CHECK(r.power.racks == 11);  // a 40 kW rack holds 3 DGX H100 (10.2 kW each): ceil(32 / 3)
}

TEST_CASE("oversubscription halves the uplinks and the bisection") {
  const Catalog& c = Catalog::builtin();
  NodeSpec node = node_spec(*c.find<Node>("nvidia-dgx-h100"), c);
  FabricRequest f{c.find<Switch>("nvidia-quantum-2-qm9700"), 1, 0};
  Fabric full = size_fabric(64, node, f);
  f.oversubscription = 3;
  Fabric over = size_fabric(64, node, f);
  CHECK(over.leaf_down == 48);
  CHECK(over.leaf_up == 16);
  CHECK(over.leaf < full.leaf);
  CHECK(over.bisection_gbps == Approx(full.bisection_gbps / 3));
}

TEST_CASE("a 100,000-GPU cluster sizes to three levels") {
  const Catalog& c = Catalog::builtin();
  NodeSpec node = node_spec(*c.find<Node>("nvidia-dgx-h100"), c);
  FabricRequest f{c.find<Switch>("nvidia-quantum-2-qm9700"), 1, 0};
  Fabric fab = size_fabric(12500, node, f);
  CHECK(fab.endpoints == 100000);
  CHECK(fab.levels == 3);
  CHECK(fab.leaf == 3125);
  CHECK(fab.core * 64 >= fab.cables_spine_core);
}

TEST_CASE("break-even: purchase / (cloud - energy) per hour") {
  TcoInput in;
  in.purchase_usd = 10000;
  in.gpus = 2;
  in.wall_kw = 1.0;
  in.kwh_usd = 0.2;
  in.hours_per_week = 50;
  in.years = 4;
  TcoResult r = tco(in, {{"b", 2.0}, {"a", 1.5}});
  REQUIRE(r.cloud.front().offer == "a");  // cheapest first
  double saving = 2 * 1.5 - 1.0 * 0.2;       // $2.80 per hour of use
  CHECK(*r.break_even_hours_per_week == Approx(10000 / saving / (kWeeksPerYear * 4)));
  CHECK(*r.break_even_months == Approx(10000 / saving / (50 * kWeeksPerYear / 12)));
  double life = 50 * kWeeksPerYear * 4;
  CHECK(r.owned_usd_per_gpu_hour == Approx((10000 + 0.2 * life) / (2 * life)));
  // Cloud cheaper than the electricity: never breaks even.
  TcoResult never = tco(in, {{"cheap", 0.05}});
  CHECK_FALSE(never.break_even_hours_per_week.has_value());
}

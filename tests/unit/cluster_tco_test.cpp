// Cluster power/racks and the owning-vs-renting arithmetic.
#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"
#include "rigplan/cluster_request.hpp"
#include "rigplan/error.hpp"
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
  TcoResult r = tco(in, {{"b", 2.0, ""}, {"a", 1.5, ""}});
  REQUIRE(r.cloud.front().offer == "a");  // cheapest first
  double saving = 2 * 1.5 - 1.0 * 0.2;       // $2.80 per hour of use
  CHECK(*r.break_even_hours_per_week == Approx(10000 / saving / (kWeeksPerYear * 4)));
  CHECK(*r.break_even_months == Approx(10000 / saving / (50 * kWeeksPerYear / 12)));
  double life = 50 * kWeeksPerYear * 4;
  CHECK(r.owned_usd_per_gpu_hour == Approx((10000 + 0.2 * life) / (2 * life)));
  // Cloud cheaper than the electricity: never breaks even.
  TcoResult never = tco(in, {{"cheap", 0.05, ""}});
  CHECK_FALSE(never.break_even_hours_per_week.has_value());
  CHECK_FALSE(never.full_use_shortfall_usd.has_value());
  // A purchase that 168 h a week cannot pay for: no break-even, and the loss at full use.
  in.purchase_usd = 200000;
  TcoResult dear = tco(in, {{"a", 1.5, ""}});
  CHECK_FALSE(dear.break_even_hours_per_week.has_value());
  CHECK_FALSE(dear.break_even_months.has_value());
  REQUIRE(dear.full_use_shortfall_usd.has_value());
  CHECK(*dear.full_use_shortfall_usd == Approx(200000 - saving * 168 * kWeeksPerYear * 4));
  // Just inside a week's hours it still breaks even.
  in.purchase_usd = saving * 167 * kWeeksPerYear * 4;
  CHECK(*tco(in, {{"a", 1.5, ""}}).break_even_hours_per_week == Approx(167));
}

TEST_CASE("cluster requests: keys as the command's flags, errors named by pointer") {
  const Catalog& c = Catalog::builtin();
  auto parse = [&](const char* text) { return parse_cluster_request(nlohmann::json::parse(text), c, "req.json"); };
  auto error = [&](const char* text) {
    try {
      parse(text);
    } catch (const InputError& e) {
      return e.issues().front().pointer + ": " + e.issues().front().message;
    }
    return std::string("no error");
  };
  ClusterRequest r = parse(R"({"node": "nvidia-dgx-h100", "gpus": 20})");
  CHECK(r.nodes == 3);  // 20 GPUs round up to three 8-GPU nodes
  CHECK(r.fabric.sw != nullptr);
  CHECK(r.rack_kw == kDefaultRackKw);
  CHECK(error(R"({"node": "nvidia-dgx-h100", "nodes": 2, "rackkw": 30})").find("/rackkw: unknown key") == 0);
  CHECK(error(R"({"node": "nvidia-dgx-h100", "nodes": 2, "rackkw": 30})").find("did you mean \"rack_kw\"") != std::string::npos);
  CHECK(error(R"({"node": "nvidia-dgx-h100", "nodes": 2.5})").find("/nodes: 2.5 is not a whole number") == 0);
  CHECK(error(R"({"node": "nvidia-dgx-h100", "nodes": 2, "tokens": 1e9})").find("/tokens:") == 0);  // no model
  CHECK(error(R"({"node": "nvidia-rtx-4090-fe", "nodes": 2})").find("/node: \"nvidia-rtx-4090-fe\" is a gpu, not a node") == 0);
  CHECK(error(R"({"nodes": 2})").find("give the node type") != std::string::npos);
  CHECK(error(R"({"node": "nvidia-dgx-h100", "model": "llama-3-70b", "tokens": 15e12, "deadline": 30})") == "no error");
  ClusterRequest d = parse(R"({"node": "nvidia-dgx-h100", "model": "llama-3-70b", "tokens": 15e12, "deadline": 30})");
  CHECK(run_cluster_request(d).train_seconds <= 30 * 86400);
  ClusterRequest fewer = d;
  fewer.nodes -= 1;
  CHECK(run_cluster_request(fewer).train_seconds > 30 * 86400);  // the fewest nodes that meet it
}

// Checks of sense against Dive into Deep Learning, "Selecting servers and GPUs" (d2l.ai): the
// planner's best machine for 1, 2 and 4 high-end GPUs must agree with D2L's tiers — PSU class
// (1 GPU: 600 W is enough; 2: about 1000 W; 4: 1600-2000 W), system memory (32 / 64 / 128 GB) and,
// for 4 GPUs, a high-lane CPU (Threadripper/Xeon W class) or a PCIe-switch board — and for 8 GPUs
// the planner must say why it has no desktop answer (D2L: a dual-socket server) rather than
// offer something unsound. Tolerances: "about 1000 W" is read as 850-1600 W, the range of
// D2L's neighbouring tiers.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/plan.hpp"

using namespace rigplan;

namespace {

PlanResult plan_for(int gpus) {
  // High-end cards as D2L means them (its tiers budget ~350 W per GPU): RTX 3090, RTX A6000.
  nlohmann::json j{{"gpus", gpus},
                   {"gpu", {"nvidia-rtx-3090-fe", "nvidia-rtx-a6000"}},
                   {"outlet", "eu-230v-16a"},
                   {"objective", "time"},
                   {"top", 3}};
  return plan(parse_plan_request(j, Catalog::builtin(), "d2l"), Catalog::builtin());
}

bool high_lane_platform(const PlannedBuild& b) {
  bool switch_board = false;
  for (const auto& s : b.build.board->slots) switch_board |= s.source == "switch";
  return switch_board || b.build.cpu->pcie_lanes * b.build.cpu_count >= 64;
}

}  // namespace

TEST_CASE("D2L: one high-end GPU needs about a 600 W PSU and 32 GB of RAM") {
  PlanResult r = plan_for(1);
  REQUIRE_FALSE(r.builds.empty());
  for (const auto& b : r.builds) {
    CHECK(b.build.psu->watts >= 600);
    CHECK(b.metrics.ram_gib >= 32);
  }
}

TEST_CASE("D2L: two high-end GPUs need about 1000 W and 64 GB of RAM") {
  PlanResult r = plan_for(2);
  REQUIRE_FALSE(r.builds.empty());
  for (const auto& b : r.builds) {
    CHECK(b.metrics.psu_w >= 850);
    CHECK(b.metrics.psu_w <= 1600);
    CHECK(b.metrics.ram_gib >= 64);
  }
}

TEST_CASE("D2L: four GPUs need a 1600-2000 W PSU, 128 GB of RAM and a high-lane CPU") {
  PlanResult r = plan_for(4);
  REQUIRE_FALSE(r.builds.empty());
  for (const auto& b : r.builds) {
    INFO(b.build.name);
    // D2L's figure is for the cards at full power; a build the planner power-limits (the catalog's
    // 1600 W unit is ATX 2.x and cannot ride four cards' transients, PWR002) may use a smaller one.
    CHECK((b.metrics.psu_w >= 1600 || b.metrics.power_limit_w));
    // D2L's top of 2000 W is read with 10 % tolerance: the consumer units above 1650 W (issue 30)
    // come in 2050-2800 W, and the planner's pick for four A6000s, a 2200 W unit, rides their
    // transient peak at full power where a 1600-1650 W one needs a power limit.
    CHECK(b.metrics.psu_w <= 2200 * b.build.psu_count);
    CHECK(b.metrics.ram_gib >= 128);
    CHECK(high_lane_platform(b));
  }
}

TEST_CASE("D2L: eight GPUs call for a server; without an 8-slot board the planner says so") {
  PlanResult r = plan_for(8);
  bool server_board = false;
  for (const auto& b : Catalog::builtin().all<Board>()) {
    int x16 = 0;
    for (const auto& s : b.slots) x16 += s.physical >= 16;
    server_board |= x16 >= 8;
  }
  if (server_board) {
    REQUIRE_FALSE(r.builds.empty());
    // D2L's pick is the first; a runner-up may be a PCIe-switch workstation (X99-E WS: 8 RTX 3090
    // on 40 lanes through its PLX switches) once the EPYC 7002/7003 open frame loses a rank to
    // PCIE006 (RTX 30 cards there have no PCIe P2P).
    const auto& b = r.builds.front();
    CHECK(b.build.cpu_count * b.build.cpu->pcie_lanes >= 96);
    CHECK(b.metrics.ram_gib >= 256);
    for (const auto& o : r.builds) CHECK(high_lane_platform(o));
  } else {
    CHECK(r.builds.empty());
    CHECK(r.empty_reason.find("PCIE001") != std::string::npos);
    CHECK(r.empty_reason.find("dual-socket server") != std::string::npos);
  }
}

TEST_CASE("D2L: the 8-GPU tier is a GPU server with redundant PSUs, two CPUs and ECC memory") {
  // D2L: "a dedicated multi-GPU server chassis with redundant power supplies (e.g. 2+1 x 1600 W),
  // dual-socket server CPUs, 256 GB ECC DRAM". The fastest 8-GPU build must be that machine.
  PlanResult r = plan_for(8);
  REQUIRE_FALSE(r.builds.empty());
  const PlannedBuild& top = r.builds.front();
  INFO(top.build.name);
  REQUIRE(top.build.barebone != nullptr);
  CHECK(top.build.psu_redundant >= 1);
  CHECK(top.build.cpu_count == 2);
  CHECK(top.metrics.ram_gib >= 256);
  for (const auto& m : top.build.memory) CHECK(m.part->ecc);
  // The PSUs that remain after the redundant ones fail still carry the sustained load.
  CHECK(top.build.psu->watts * (top.build.psu_count - top.build.psu_redundant) >= top.metrics.sustained_w);
  // And the reasons are shown: the comparison with the runner-up.
  REQUIRE(r.comparison.has_value());
}

// Ring collectives between GPUs over PCIe peer-to-peer run at pcie_collective_efficiency of the
// link, single transfers (pipeline sends, host copies) at pcie_efficiency, and every other link
// at its own figure: the ring's time follows the share it is given, whatever the constants.
#include <catch2/catch.hpp>

#include "rigplan/perf.hpp"

using namespace rigplan;

TEST_CASE("collectives: a ring over PCIe peer-to-peer takes pcie_collective_efficiency, other links their own") {
  PerfAssumptions a;
  PerfLink pcie{"pcie", 31.5, 0};
  PerfLink nvlink{"nvlink", 300, 0};
  PerfLink staged{"pcie-host-staged", 3.9, 0};
  CHECK(collective_efficiency(pcie, a) == a.pcie_collective_efficiency);
  CHECK(collective_efficiency(PerfLink{"pcie-p2p", 31.5, 0}, a) == a.pcie_collective_efficiency);
  CHECK(link_efficiency(pcie, a) == a.pcie_efficiency);
  CHECK(collective_efficiency(nvlink, a) == link_efficiency(nvlink, a));
  CHECK(collective_efficiency(staged, a) == link_efficiency(staged, a));

  // An all-reduce of 1 GB over 4 GPUs moves 2 x 3/4 GB a rank at the link's share; without
  // latency its time is exactly that.
  double bytes = 1e9;
  CHECK(allreduce_s(bytes, 4, pcie, a) == Approx(1.5e9 / (31.5e9 * a.pcie_collective_efficiency)).epsilon(1e-12));
  PerfAssumptions half = a;
  half.pcie_collective_efficiency = a.pcie_collective_efficiency / 2;
  CHECK(allreduce_s(bytes, 4, pcie, half) == Approx(2 * allreduce_s(bytes, 4, pcie, a)).epsilon(1e-12));
  // The single-transfer figure does not touch the ring.
  PerfAssumptions single = a;
  single.pcie_efficiency = 0.1;
  CHECK(allreduce_s(bytes, 4, pcie, single) == Approx(allreduce_s(bytes, 4, pcie, a)).epsilon(1e-12));
}

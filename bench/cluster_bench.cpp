// Benchmark: sizing a 100,000-GPU cluster (fabric, power, peak compute) must be instant.
#include <benchmark/benchmark.h>

#include "rigplan/catalog.hpp"
#include "rigplan/cluster.hpp"

using namespace rigplan;

static void BM_Cluster100kGpus(benchmark::State& state) {
  const Catalog& c = Catalog::builtin();
  NodeSpec node = node_spec(*c.find<Node>("nvidia-dgx-h100"), c);
  FabricRequest f{c.find<Switch>("nvidia-quantum-2-qm9700"), 1, 0};
  for (auto _ : state) benchmark::DoNotOptimize(size_cluster(12500, node, f, 40));
}
BENCHMARK(BM_Cluster100kGpus);

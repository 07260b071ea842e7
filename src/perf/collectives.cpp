// Ring collectives on one link: an all-reduce moves 2(n−1)/n of the buffer per rank in 2(n−1)
// steps, an all-gather or reduce-scatter (n−1)/n in n−1 steps (Patarasuk & Yuan 2009, "Bandwidth
// optimal all-reduce algorithms"; NCCL's "bus bandwidth" definition), at the link's per-direction
// bandwidth times collective_efficiency (over PCIe peer-to-peer, less than a single transfer's
// share). Latency is paid per level of a tree, 2·⌈log2 n⌉ hops for an
// all-reduce: NCCL switches to tree algorithms where a ring's n steps would dominate. Inference
// engines' one-shot all-reduce (oneshot_allreduce_s) reads every peer's buffer in one kernel.
#include "rigplan/perf.hpp"

namespace rigplan {

namespace {

int log2_ceil(int n) {
  int k = 0;
  while ((1 << k) < n && k < 30) ++k;
  return k;
}

double ring_s(double bytes, int ranks, double share, int steps, const PerfLink& link, const PerfAssumptions& a) {
  if (ranks <= 1 || bytes <= 0) return 0;
  if (link.gb_s <= 0) return 0;
  return share * bytes / (link.gb_s * 1e9 * collective_efficiency(link, a)) + steps * link.latency_s;
}

}  // namespace

double allreduce_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a) {
  return ring_s(bytes, ranks, 2.0 * (ranks - 1) / ranks, 2 * log2_ceil(ranks), link, a);
}

double oneshot_allreduce_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a) {
  if (ranks <= 1 || bytes <= 0 || link.gb_s <= 0) return 0;
  // Each GPU reads the n−1 peer buffers over its own links and sums them: one hop.
  return a.oneshot_allreduce_latency_s + (ranks - 1) * bytes / (link.gb_s * 1e9 * link_efficiency(link, a));
}

double allgather_s(double bytes, int ranks, const PerfLink& link, const PerfAssumptions& a) {
  return ring_s(bytes, ranks, 1.0 * (ranks - 1) / ranks, log2_ceil(ranks), link, a);
}

}  // namespace rigplan

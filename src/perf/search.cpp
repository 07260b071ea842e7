// The parallelism search (see include/rigplan/perf.hpp): an exhaustive walk of the documented
// layout space, limited to the layouts the workload's framework runs (include/rigplan/framework.hpp:
// its ZeRO stages, tensor and pipeline parallelism, Megatron-LM's layers divisible by stages x
// interleaving, every interleaving depth it allows) and judged under its memory accounting. The
// framework's rules are checked here from its spec, without building messages, so the walk stays
// at millions of layouts a second; training_step checks them again (framework_layout_problem).
// One Workload is mutated in place (no copies per layout); memory comes from the sizing model, time
// from training_step. The workload's context-parallel degree and its pipeline split (the embedding
// and the loss counted as layers or not) are kept, not searched. Rejections are counted by reason.
#include <algorithm>
#include <array>
#include <chrono>

#include "rigplan/framework.hpp"
#include "rigplan/perf.hpp"

namespace rigplan {

namespace {

enum Reject { kFramework, kHeads, kDp, kBatch, kStage, kPipeZero, kLayers, kInterleave, kMemory, kRuns, kReasons };
constexpr std::array<const char*, kReasons> kReasonNames = {
    "the framework has no such parallelism or ZeRO stage",
    "tp does not divide the attention heads (or the KV heads)", "global batch not divisible by dp",
    "per-replica batch not divisible by the micro-batch", "more pipeline stages than layers",
    "ZeRO-2/3 with pipeline parallelism", "layers not divisible by pipeline stages x interleaving",
    "interleaving does not fit the stages or micro-batches", "does not fit GPU memory",
    "cannot run (see the step model)"};

bool better(const SearchCandidate& x, const SearchCandidate& y) {
  if (x.step.step_s != y.step.step_s) return x.step.step_s < y.step.step_s;
  if (x.memory_bytes != y.memory_bytes) return x.memory_bytes < y.memory_bytes;
  if (x.tp != y.tp) return x.tp < y.tp;
  if (x.pp != y.pp) return x.pp < y.pp;
  if (x.micro_batch != y.micro_batch) return x.micro_batch > y.micro_batch;
  if (x.zero != y.zero) return x.zero < y.zero;
  if (x.interleave != y.interleave) return x.interleave < y.interleave;
  if (x.sp != y.sp) return x.sp < y.sp;
  return word_of(x.recompute) < word_of(y.recompute);  // by word, as the ranking always was
}

}  // namespace

SearchResult search_parallelism(const Workload& base, int gpus, const PerfSystem& s, double gpu_bytes,
                                const SizingAssumptions& sa, const PerfAssumptions& a, const SearchOptions& o) {
  auto t0 = std::chrono::steady_clock::now();
  SearchResult r;
  std::array<long long, kReasons> rejected{};
  Workload w = base;
  const ModelSpec& m = w.model;
  long long batch = base.batch;
  bool flash = w.attention == Attention::Flash;
  std::vector<SearchCandidate> kept;

  const FrameworkSpec& f = framework_spec(w.framework);
  int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
  // Context parallelism stays as the workload gives it: the walk splits the other GPUs.
  int cp = std::max(1, base.cp);
  int rest_of_cp = gpus % cp ? 0 : gpus / cp;
  for (int tp = 1; tp <= rest_of_cp; ++tp) {
    if (rest_of_cp % tp) continue;
    if (tp > 1 && !f.tensor_parallel) {
      ++rejected[kFramework];
      continue;
    }
    if (m.heads % tp || (f.kv_heads_divide_tp && kv % tp && tp % kv)) {
      ++rejected[kHeads];
      continue;
    }
    int rest = rest_of_cp / tp;
    for (int pp = 1; pp <= rest; ++pp) {
      if (rest % pp) continue;
      if (pp > 1 && !f.pipeline_parallel) {
        ++rejected[kFramework];
        continue;
      }
      // The layers the split divides: with the embedding and the loss counted (the workload's
      // embedding_in_pipeline_split, kept as given) two more once there are stages.
      int slots = pipeline_slots_for(m.layers, base.embedding_in_pipeline_split, pp);
      if (pp > m.layers || (f.layers_divide_stages && slots % pp)) {
        ++rejected[pp > m.layers ? kStage : kLayers];
        continue;
      }
      int dp = rest / pp;
      if (batch % dp) {
        ++rejected[kDp];
        continue;
      }
      long long per_replica = batch / dp;
      for (int mb = 1; mb <= per_replica && mb <= o.max_micro_batch; mb *= 2) {
        if (per_replica % mb) {
          ++rejected[kBatch];
          continue;
        }
        long long micro_batches = per_replica / mb;
        for (int zero = 0; zero <= 3; ++zero) {
          if (!f.zero[zero]) {
            ++rejected[kFramework];
            continue;
          }
          if (pp > 1 && zero >= 2 && !f.sharding_with_pipeline) {
            ++rejected[kPipeZero];
            continue;
          }
          for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
            if (flash && rc == Recompute::Selective) continue;  // selective = none with flash attention
            for (int sp = 0; sp <= (tp > 1 ? 1 : 0); ++sp) {
              // Interleaving: every depth v with whole layers per virtual stage (pp x v dividing the
              // layers: Megatron-LM's rule, kept for the others' even splits), from the fewest
              // stages the framework's interleaved schedule takes, micro-batches a multiple of pp.
              int v_max = f.interleave_min_pp > 0 && pp > 1 ? slots / pp : 1;
              for (int v = 1; v <= v_max; ++v) {
                if (v > 1) {
                  if (slots % (pp * v)) continue;  // not a depth: no rejection counted
                  if (pp < f.interleave_min_pp || micro_batches % pp) {
                    ++rejected[kInterleave];
                    continue;
                  }
                }
                w.tp = tp, w.pp = pp, w.dp = dp, w.micro_batch = mb, w.zero = zero;
                w.recompute = rc;
                w.sp = sp;
                w.interleave = v;
                ++r.evaluated;
                MemoryBreakdown mem = memory_per_gpu(w, sa);
                if (mem.total() > gpu_bytes) {
                  ++rejected[kMemory];
                  continue;
                }
                StepBreakdown step = training_step(w, s, a);
                if (!step.why_not.empty() || step.step_s <= 0) {
                  ++rejected[kRuns];
                  continue;
                }
                ++r.fit;
                SearchCandidate c{tp, pp, dp, mb, zero, v, sp != 0, rc, mem.total(), step};
                kept.push_back(c);
                if (kept.size() >= static_cast<std::size_t>(8 * std::max(1, o.top) + 64)) {
                  std::partial_sort(kept.begin(), kept.begin() + o.top, kept.end(), better);
                  kept.resize(o.top);
                }
              }
            }
          }
        }
      }
    }
  }
  std::size_t n = std::min<std::size_t>(kept.size(), std::max(0, o.top));
  std::partial_sort(kept.begin(), kept.begin() + n, kept.end(), better);
  kept.resize(n);
  r.best = std::move(kept);
  for (int i = 0; i < kReasons; ++i)
    if (rejected[i]) r.rejected.emplace_back(kReasonNames[i], rejected[i]);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace rigplan

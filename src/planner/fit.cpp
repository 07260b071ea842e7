// Fitting a workload to the planner's GPU count with the memory savers (see fit.hpp). The
// settings are walked so that a slower one is never timed when a faster one of the same layout
// already fits: per layout and ZeRO stage, recomputation rises until the memory fits, and a
// larger offload is tried only with less recomputation than a smaller offload needed. A 4-bit
// base is tried only when no 16-bit one fits: it changes the weights the adapters are trained
// on, and the performance model prices its dequantisation as a 16-bit base (docs/performance-model.md).
#include "planner/fit.hpp"


#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

#include "rigplan/framework.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

MemorySaver MemorySaver::of(const Workload& w) {
  MemorySaver s;
  s.zero = w.zero, s.tp = w.tp, s.pp = w.pp, s.dp = w.dp;
  s.recompute = w.recompute, s.offload = w.offload;
  if (w.mode == Mode::Lora) s.lora_base = w.lora_base;
  return s;
}

std::string MemorySaver::label() const {
  std::vector<std::string> parts;
  if (tp > 1) parts.push_back(fmt::format("TP {}", tp));
  if (pp > 1) parts.push_back(fmt::format("PP {}", pp));
  if (zero > 0) parts.push_back(fmt::format("ZeRO-{}", zero));
  if (recompute != Recompute::None) parts.push_back(fmt::format("{} recompute", word_of(recompute)));
  if (offload == Offload::Params) parts.push_back("param offload");
  else if (offload != Offload::None) parts.push_back(fmt::format("{} offload", word_of(offload)));
  if (lora_base == LoraBase::Int4) parts.push_back("int4 base");
  return parts.empty() ? "none" : fmt::format("{}", fmt::join(parts, ", "));
}

namespace planner {

namespace {

// The settings the planner walks, lightest first (the vocabularies' order: rigplan/workload_words.hpp).
// NVMe offload is not among them: the planner sizes host RAM, not drives.
const std::vector<Recompute> kFitRecomputes = {Recompute::None, Recompute::Selective, Recompute::Full};
const std::vector<Offload> kFitOffloads = {Offload::None, Offload::Optimizer, Offload::Params};

// Megatron-LM splits the attention heads and the KV-head groups over the tensor-parallel ranks
// (num_attention_heads and num_query_groups divisible by the TP size); vLLM also runs a TP
// degree that is a multiple of the KV heads, replicating each KV head (the sizing model counts
// the copies). A model known only by its parameter count has no heads to split.
std::optional<std::string> tp_problem(const ModelSpec& m, int tp) {
  if (tp == 1) return std::nullopt;
  if (m.heads <= 0) return fmt::format("TP {} needs the model's attention heads, which are unknown", tp);
  int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
  if (m.heads % tp != 0 || (kv % tp != 0 && tp % kv != 0))
    return fmt::format("TP {} does not divide the {} attention heads and {} KV heads", tp, m.heads, kv);
  return std::nullopt;
}

// Pipeline stages hold whole layers, the same number each (Megatron-LM: num_layers divisible by
// the pipeline size).
std::optional<std::string> pp_problem(const ModelSpec& m, int pp) {
  if (pp == 1) return std::nullopt;
  if (m.layers <= 0) return fmt::format("PP {} needs the model's layers, which are unknown", pp);
  if (m.layers % pp != 0) return fmt::format("PP {} does not divide the {} layers", pp, m.layers);
  return std::nullopt;
}

struct Layout {
  int tp, pp;
};

// The (TP, PP) pairs of `n` cards the model can be split into (the rest is data parallel, or
// copies of the model for inference); `problems` says what ruled the others out, `why` what
// ruled them all out.
std::vector<Layout> layouts(const PlanRequest& r, const Workload& w, int n, std::vector<std::string>& problems,
                            std::string& why) {
  std::vector<Layout> out;
  auto note = [&](const std::string& p) {
    if (std::find(problems.begin(), problems.end(), p) == problems.end()) problems.push_back(p);
  };
  for (int tp = 1; tp <= n; ++tp) {
    if (n % tp != 0 || (r.tp_given && tp != w.tp)) continue;
    if (auto p = tp_problem(w.model, tp)) {
      note(*p);
      continue;
    }
    for (int pp = 1; tp * pp <= n; ++pp) {
      if (n % (tp * pp) != 0 || (r.pp_given && pp != w.pp)) continue;
      if (auto p = pp_problem(w.model, pp)) {
        note(*p);
        continue;
      }
      out.push_back({tp, pp});
    }
  }
  if (out.empty()) {
    if (r.tp_given || r.pp_given)
      why = n % (w.tp * w.pp) != 0 ? fmt::format("{} GPUs do not divide into TP {} x PP {}", n, w.tp, w.pp)
                                   : fmt::format("{}", fmt::join(problems, "; "));
    else
      why = fmt::format("no layout of {} GPUs suits the model ({})", n, fmt::join(problems, "; "));
  }
  return out;
}

struct Candidate {
  Workload w;
  MemoryBreakdown m;
  double cost = 0;  // seconds to train, or seconds per decoded token: lower is faster
};

// Fewer and milder savers first (see kSaverTieShare).
auto simplicity(const Workload& w) {
  return std::make_tuple(w.lora_base == LoraBase::Int4, w.offload, w.recompute, w.zero,
                         w.tp * w.pp, w.pp);
}

std::string model_name(const Workload& w) { return w.model.id.empty() ? "the model" : w.model.id; }

}  // namespace

std::optional<Fit> fit_workload(const PlanRequest& r, const Gpu& g, int n) {
  if (!r.workload) return std::nullopt;
  Fit f;
  Workload base = *r.workload;
  if (base.tokens <= 0) base.tokens = r.tuning.default_tokens;
  f.w = base;
  std::vector<std::string> problems;
  std::vector<Layout> lays = layouts(r, base, n, problems, f.why);
  if (lays.empty()) return f;

  // The cards as the performance model sees them before a board is chosen: one machine, NVLink
  // where the GPU's own links join them all, peer-to-peer PCIe otherwise (as the score assumes).
  Hardware hw = hardware_from_gpu(g, n, true, r.sizing);
  hw.gpus_per_node = n;
  PerfSystem sys = perf_system(hw, r.sizing);
  double have = g.memory_gib * kGiB;
  bool infer = base.mode == Mode::Infer, lora = base.mode == Mode::Lora;

  std::vector<Candidate> fits;
  Candidate least;  // the setting that needs the least memory, for the message when none fits
  least.m.weights = std::numeric_limits<double>::infinity();
  auto consider = [&](const Workload& w) {
    if (!infer && framework_layout_problem(w)) return false;  // the framework does not run it
    ++f.settings;
    MemoryBreakdown m = memory_per_gpu(w, r.sizing);
    if (m.total() < least.m.total()) least = {w, m, 0};
    if (m.total() > have) return false;
    double cost = std::numeric_limits<double>::infinity();
    if (infer) {
      double tok_s = inference_perf(w, sys, w.prompt_tokens(), 1, r.sizing.perf).decode_tokens_per_s;
      if (tok_s > 0) cost = 1 / tok_s;
    } else {
      double s = train_time(w, sys, r.sizing).seconds;
      if (s > 0) cost = s;
    }
    fits.push_back({w, m, cost});
    return true;
  };

  if (infer) {
    // Weights split over TP x PP; the rest of the cards serve copies of the model.
    for (const Layout& l : lays) {
      Workload w = base;
      w.tp = l.tp, w.pp = l.pp, w.dp = n / (l.tp * l.pp);
      consider(w);
    }
  } else {
    std::vector<LoraBase> bases = {base.lora_base};
    if (lora && !r.lora_base_given) bases = {LoraBase::Bf16, LoraBase::Int4};
    std::vector<int> zeros = {base.zero};
    if (!r.zero_given) zeros = {0, 1, 2, 3};
    std::vector<Offload> offloads = {base.offload};
    // LoRA's adapter states are small and the sizing model keeps them on the GPU: no offload.
    if (!r.offload_given && !lora) offloads = kFitOffloads;
    std::vector<Recompute> recomputes = {base.recompute};
    if (!r.recompute_given) {
      recomputes = kFitRecomputes;
      // Flash attention never stores the scores selective recomputation would drop: the same memory.
      if (base.attention == Attention::Flash) recomputes.erase(recomputes.begin() + 1);
    }
    for (LoraBase lb : bases) {
      for (const Layout& l : lays) {
        int dp = n / (l.tp * l.pp);
        for (int z : zeros) {
          // DeepSpeed runs ZeRO-2/3 without pipelining only.
          if (!r.zero_given && l.pp > 1 && z >= 2) continue;
          int fitted = std::numeric_limits<int>::max();  // least recompute that fitted with less offload
          for (Offload off : offloads) {
            // DeepSpeed: optimizer offload with ZeRO 1-3, parameter offload with ZeRO-3.
            if (!r.offload_given && ((off == Offload::Optimizer && z < 1) || (off == Offload::Params && z < 3))) continue;
            for (Recompute rc : recomputes) {
              if (static_cast<int>(rc) >= fitted) break;  // a smaller offload fits with this or less
              Workload w = base;
              w.tp = l.tp, w.pp = l.pp, w.dp = dp, w.zero = z, w.offload = off, w.recompute = rc, w.lora_base = lb;
              if (consider(w)) {
                fitted = static_cast<int>(rc);
                break;
              }
            }
          }
        }
      }
      if (!fits.empty()) break;  // a 4-bit base only when no 16-bit one fits
    }
  }

  if (fits.empty()) {
    const Workload& w = least.w;
    f.w = w;
    f.per_gpu_bytes = least.m.total();
    f.host_bytes = least.m.host * n;
    std::string saver = MemorySaver::of(w).label();
    f.why = fmt::format("{} needs {:.1f} GiB per GPU even with {} on {} x {} ({:.0f} GiB each){}{}", model_name(w),
                        least.m.total() / kGiB, saver == "none" ? "no saver" : saver, n, g.id, g.memory_gib,
                        problems.empty() ? "" : "; ", fmt::join(problems, "; "));
    return f;
  }
  double fastest = std::numeric_limits<double>::infinity();
  for (const auto& c : fits) fastest = std::min(fastest, c.cost);
  if (std::isinf(fastest)) {  // it fits, but the card cannot run it (no throughput at the precision)
    f.w = fits.front().w;
    f.per_gpu_bytes = fits.front().m.total();
    f.why = fmt::format("{} has no {} throughput to run {} at", g.id, base.precision, model_name(base));
    return f;
  }
  const Candidate* pick = nullptr;
  for (const auto& c : fits) {
    bool as_fast = c.cost <= fastest * (1 + kSaverTieShare);
    if (as_fast && (!pick || simplicity(c.w) < simplicity(pick->w))) pick = &c;
  }
  f.fits = true;
  f.w = pick->w;
  f.per_gpu_bytes = pick->m.total();
  f.host_bytes = pick->m.host * n;
  f.estimate = infer ? 1 / pick->cost : pick->cost;
  return f;
}

std::optional<std::string> host_memory_short(const Fit* fit, const Build& b) {
  if (!fit || fit->host_bytes <= 0) return std::nullopt;
  double ram = b.system_memory_gib();
  if (ram * kGiB >= fit->host_bytes) return std::nullopt;
  return fmt::format("{} offload needs {:.0f} GiB of system memory; the board and CPU take {:.0f} GiB", word_of(fit->w.offload),
                     fit->host_bytes / kGiB, ram);
}

}  // namespace planner
}  // namespace rigplan

// Measuring and scoring sound builds (see score.hpp).
#include "planner/score.hpp"

#include <fmt/format.h>

#include <cmath>

#include "rigplan/size_report.hpp"
#include "rigplan/tco.hpp"
#include "rules/pwr_limits.hpp"

namespace rigplan::planner {

void measure(PlannedBuild& pb, const PlanRequest& r, const CheckResult& res, const Fit* fit) {
  const Build& b = pb.build;
  PlanMetrics& m = pb.metrics;
  const GpuEntry& e = b.gpus.front();
  const Gpu& g = *e.part;
  m.gpus = b.gpu_count();
  m.gpu = g.id;
  m.vram_gib = b.gpu_memory_gib();
  m.ram_gib = b.system_memory_gib();
  m.power_limit_w = e.power_limit_w;
  m.slowdown_percent = e.power_limit_w ? rules::slowdown_percent(*e.power_limit_w, g.tdp_w) : 0;
  double speed = 1 - m.slowdown_percent / 100;
  m.tflops = peak_tflops(g, "bf16") * m.gpus * speed;
  m.sustained_w = res.power.sustained_w;
  m.transient_w = res.power.transient_w;
  m.psu_w = res.power.psu_w;
  m.wall_w = res.power.wall_w;
  PurchaseCost cost = build_cost(b);
  m.cost_usd = cost.usd, m.unpriced = cost.unpriced, m.prices = cost.prices;
  for (const auto& d : res.diagnostics) m.warnings += d.severity == Severity::Warning;
  Hardware hw = hardware_from_build(b, res.placement, true, r.sizing);
  m.link = m.gpus > 1 ? hw.link.kind : "none";
  m.link_gb_s = m.gpus > 1 ? hw.link.gb_s : 0;
  PerfSystem sys = perf_system(hw, r.sizing);
  sys.speed = speed;  // a power limit lowers the clocks
  m.reference_tokens_per_s = reference_tokens_per_s(sys, m.gpus, r.sizing.perf);
  if (!fit) return;
  Workload w = fit->w;
  m.zero = w.zero;
  m.memory_per_gpu_gib = fit->per_gpu_bytes / kGiB;
  if (w.mode == Mode::Infer) {
    InferencePerf ip = inference_perf(w, sys, w.prompt_tokens(), 1, r.sizing.perf);
    m.tokens_per_s = ip.decode_tokens_per_s;
  } else {
    TrainTime t = train_time(w, sys, r.sizing);
    m.seconds = t.seconds;
    m.tokens_per_s = t.seconds > 0 ? w.tokens / t.seconds : 0;
  }
}

void score(PlannedBuild& pb, const PlanRequest& r) {
  const PlanMetrics& m = pb.metrics;
  bool workload = r.workload.has_value();
  double value = workload ? m.tokens_per_s : m.reference_tokens_per_s;
  double factor = std::pow(1 - r.tuning.warning_penalty, m.warnings);
  auto& p = pb.score_parts;
  p.clear();
  p[workload ? "tokens_per_s" : "reference_tokens_per_s"] = value;
  p["warning_factor"] = factor;
  switch (r.objective) {
    case Objective::Cost:
      p["cost_usd"] = m.cost_usd;
      pb.score = factor > 0 ? m.cost_usd / factor : m.cost_usd;
      break;
    case Objective::PerfPerDollar:
      p["cost_usd"] = m.cost_usd;
      pb.score = m.cost_usd > 0 ? value / (m.cost_usd / 1000) * factor : 0;  // per $1000
      break;
    case Objective::Time:
      pb.score = value * factor;
      break;
    case Objective::PerfPerWatt:
      p["wall_w"] = m.wall_w;
      pb.score = m.wall_w > 0 ? value / m.wall_w * factor : 0;
      break;
  }
}

bool ranks_before(const PlannedBuild& a, const PlannedBuild& b, Objective o) {
  bool priced = o == Objective::Cost || o == Objective::PerfPerDollar;
  if (priced && a.metrics.cost_known() != b.metrics.cost_known()) return a.metrics.cost_known();
  if (a.score != b.score) return lower_is_better(o) ? a.score < b.score : a.score > b.score;
  // Equal scores, broken by cost. A lower bound (some parts unpriced) says nothing about which
  // build is cheaper: a complete cost wins over any lower bound, and of two lower bounds the one
  // missing fewer prices (nearer its true cost) goes first; only then the smaller figure.
  if (a.metrics.cost_known() != b.metrics.cost_known()) return a.metrics.cost_known();
  if (a.metrics.unpriced.size() != b.metrics.unpriced.size()) return a.metrics.unpriced.size() < b.metrics.unpriced.size();
  if (a.metrics.cost_usd != b.metrics.cost_usd) return a.metrics.cost_usd < b.metrics.cost_usd;
  if (a.metrics.gpu != b.metrics.gpu) return a.metrics.gpu < b.metrics.gpu;
  if (a.metrics.gpus != b.metrics.gpus) return a.metrics.gpus < b.metrics.gpus;
  if (a.build.board->id != b.build.board->id) return a.build.board->id < b.build.board->id;
  return a.build.cpu->id < b.build.cpu->id;
}

}  // namespace rigplan::planner

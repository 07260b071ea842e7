// Measuring and scoring sound builds (see score.hpp).
#include "planner/score.hpp"

#include <fmt/format.h>

#include <cmath>

#include "planner/reference_set.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/tco.hpp"
#include "rules/pwr_limits.hpp"

namespace rigplan::planner {

void measure(PlannedBuild& pb, const PlanRequest& r, const CheckResult& res, const ItemFits& f) {
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
  m.tflops = peak_flops(g, "bf16") / 1e12 * m.gpus * speed;
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
  Performance perf = predict(r, sys, m.gpus, f);
  m.reference_tokens_per_s = perf.reference_tokens_per_s;
  const StackVerdict* stack = nullptr;
  if (f.workload) {
    stack = &f.workload_stack;
  } else {
    m.reference_index = perf.reference_index;
    for (std::size_t i = 0; i < reference_set().size(); ++i)
      m.reference_workloads[reference_set()[i].id] = perf.reference_tokens[i];
    for (const auto& v : f.reference_stack)
      if (!stack || v.support > stack->support) stack = &v;
  }
  if (stack) {
    m.stack = stack->stack;
    m.stack_support = stack_support_name(stack->support);
    m.stack_factor = stack->factor;
    m.stack_note = stack->why;
    m.stack_source = stack->source;
    // A stack that needs a workaround counts as a warning (the score's warning factor).
    if (stack->support == StackSupport::Workaround) m.warnings++;
  }
  if (!f.workload) return;
  m.zero = f.workload->w.zero;
  m.saver = MemorySaver::of(f.workload->w);
  m.memory_per_gpu_gib = f.workload->per_gpu_bytes / kGiB;
  m.tokens_per_s = perf.tokens_per_s;
  m.seconds = perf.seconds;
}

ItemFits fit_item(const PlanRequest& r, const Gpu& g, int n, const std::vector<double>& denominators) {
  ItemFits f;
  f.denominators = &denominators;
  if (r.workload) {
    f.workload = fit_workload(r, g, n);
    f.workload_stack = stack_verdict(g, n, r.workload->mode != Mode::Infer, r.tuning);
    return f;
  }
  for (const auto& ref : reference_set()) {
    PlanRequest one = r;
    one.workload = ref.workload;
    one.zero_given = false;
    auto fit = fit_workload(one, g, n);
    f.reference.push_back(fit && fit->fits ? fit : std::nullopt);
    f.reference_stack.push_back(stack_verdict(g, n, ref.workload.mode != Mode::Infer, r.tuning));
  }
  return f;
}

namespace {

// tokens/s of a fitted workload on `sys`: decode at batch 1 for inference, else training.
void run(const Workload& w, const PerfSystem& sys, const PlanRequest& r, double& tokens_per_s, double& seconds) {
  if (w.mode == Mode::Infer) {
    InferencePerf ip = inference_perf(w, sys, w.prompt_tokens(), 1, r.sizing.perf);
    tokens_per_s = ip.decode_tokens_per_s;
    seconds = 0;
  } else {
    TrainTime t = train_time(w, sys, r.sizing);
    seconds = t.seconds;
    tokens_per_s = t.seconds > 0 ? w.tokens / t.seconds : 0;
  }
}

double stack_factor(const StackVerdict& v) { return v.support == StackSupport::Unsupported ? 0 : v.factor; }

}  // namespace

Performance predict(const PlanRequest& r, const PerfSystem& sys, int n, const ItemFits& f) {
  Performance p;
  p.reference_tokens_per_s = reference_tokens_per_s(sys, n, r.sizing.perf);
  if (f.workload) {
    if (!f.workload->fits) return p;
    run(f.workload->w, sys, r, p.tokens_per_s, p.seconds);
    double k = stack_factor(f.workload_stack);
    p.tokens_per_s *= k;
    p.seconds = k > 0 ? p.seconds / k : 0;
    return p;
  }
  double sum = 0;
  for (std::size_t i = 0; i < f.reference.size(); ++i) {
    double t = 0, secs = 0;
    if (f.reference[i]) {
      Workload w = f.reference[i]->w;
      if (w.tokens <= 0) w.tokens = r.tuning.default_tokens;
      run(w, sys, r, t, secs);
      t *= stack_factor(f.reference_stack[i]);
    }
    p.reference_tokens.push_back(t);
    double d = f.denominators && i < f.denominators->size() ? (*f.denominators)[i] : 1.0;
    sum += d > 0 ? t / d : 0;
  }
  p.reference_index = f.reference.empty() ? 0 : sum / static_cast<double>(f.reference.size());
  return p;
}

double objective_performance(const PlanRequest& r, const Performance& p) {
  return r.workload ? p.tokens_per_s : p.reference_index;
}

void score(PlannedBuild& pb, const PlanRequest& r) {
  const PlanMetrics& m = pb.metrics;
  bool workload = r.workload.has_value();
  double value = workload ? m.tokens_per_s : m.reference_index;
  double factor = std::pow(1 - r.tuning.warning_penalty, m.warnings);
  auto& p = pb.score_parts;
  p.clear();
  p[workload ? "tokens_per_s" : "reference_index"] = value;
  if (m.stack_factor != 1) p["stack_factor"] = m.stack_factor;
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

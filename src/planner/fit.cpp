// Fitting a workload to the planner's GPU count (see fit.hpp).
#include "planner/fit.hpp"

#include <fmt/format.h>

#include "rigplan/size_report.hpp"

namespace rigplan::planner {

std::optional<Fit> fit_workload(const PlanRequest& r, const Gpu& g, int n) {
  if (!r.workload) return std::nullopt;
  Fit f;
  f.w = *r.workload;
  Workload& w = f.w;
  if (w.tokens <= 0) w.tokens = r.tuning.default_tokens;
  if (w.mode == Mode::Infer) {
    w.dp = 1, w.pp = 1, w.tp = n;  // split the weights across the cards
  } else {
    int mp = w.tp * w.pp;
    if (n % mp != 0) {
      f.why = fmt::format("{} GPUs do not divide into tp {} x pp {}", n, w.tp, w.pp);
      return f;
    }
    w.dp = n / mp;
  }
  double have = g.memory_gib * kGiB;
  int first = r.zero_given || w.mode == Mode::Infer ? w.zero : 0;
  int last = r.zero_given || w.mode == Mode::Infer ? w.zero : 3;
  MemoryBreakdown m;
  for (int z = first; z <= last; ++z) {
    w.zero = z;
    m = memory_per_gpu(w, r.sizing);
    if (m.total() <= have) {
      f.fits = true;
      break;
    }
  }
  f.per_gpu_bytes = m.total();
  f.host_bytes = m.host * n;
  if (!f.fits)
    f.why = fmt::format("{} needs {:.1f} GiB per GPU{} on {} x {} ({:.0f} GiB each)", w.model.id.empty() ? "the model" : w.model.id,
                        m.total() / kGiB, w.mode == Mode::Infer ? "" : fmt::format(" at ZeRO-{}", w.zero), n, g.id,
                        g.memory_gib);
  return f;
}

}  // namespace rigplan::planner

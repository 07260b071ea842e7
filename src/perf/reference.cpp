// The reference workload: what "speed" means where no workload is given — the planner's time,
// perf-per-dollar and perf-per-watt objectives, and `tco`'s choice of a rented GPU that is as
// fast as an owned one. Full training of GPT-2 XL (1.56 B parameters; Radford et al. 2019) in
// bf16 with AdamW, sequence 1024, micro-batch 4 and kReferenceMicroBatches micro-batches per GPU
// per step, data parallel over the GPUs and links given, as Megatron-LM runs it. Its predicted tokens/s is the speed; it
// is not asked to fit memory (a speed index, not a plan).
#include "rigplan/perf.hpp"

namespace rigplan {

const Workload& reference_workload() {
  static const Workload w = [] {
    Workload x;
    x.model = *find_model("gpt-2-1.5b");
    x.mode = Mode::Train;
    x.precision = "bf16";
    x.seq = 1024;
    x.micro_batch = 4;
    // Megatron-LM's GPT-2 training, which overlaps the gradient reduction with the backward pass.
    x.framework = Framework::Megatron;
    return x;
  }();
  return w;
}

double reference_tokens_per_s(const PerfSystem& s, int gpus, const PerfAssumptions& a) {
  if (!s.gpu || gpus <= 0) return 0;
  Workload w = reference_workload();
  w.dp = gpus;
  w.batch = w.micro_batch * kReferenceMicroBatches * gpus;
  StepBreakdown step = training_step(w, s, a);
  return step.why_not.empty() ? step.tokens_per_s : 0;
}

}  // namespace rigplan

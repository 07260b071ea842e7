// The planner's reference workloads (see reference_set.hpp).
#include "planner/reference_set.hpp"

#include "planner/fit.hpp"
#include "planner/score.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::planner {

const std::vector<ReferenceWorkload>& reference_set() {
  static const std::vector<ReferenceWorkload> set = [] {
    std::vector<ReferenceWorkload> v;
    {
      Workload w;
      w.model = *find_model("llama-3-8b");
      w.mode = Mode::Lora;
      w.precision = "bf16";
      w.lora_rank = 16;
      w.seq = 2048;
      w.micro_batch = 1;
      w.framework = Framework::Fsdp;  // PEFT LoRA under the Hugging Face Trainer with FSDP when it needs sharding
      v.push_back({"lora-llama-3-8b", "LoRA fine-tuning of Llama 3 8B (rank 16, bf16, sequence 2048)", w});
    }
    {
      Workload w = reference_workload();  // GPT-2 XL, bf16 AdamW, sequence 1024, micro-batch 4 (perf/reference.cpp)
      v.push_back({"pretrain-gpt-2-1.5b", "pre-training GPT-2 XL, 1.56 B parameters (bf16 AdamW, sequence 1024)", w});
    }
    {
      Workload w;
      w.model = *find_model("llama-3-70b");
      w.mode = Mode::Infer;
      w.precision = "int4";
      v.push_back({"serve-llama-3-70b-int4", "serving Llama 3 70B with 4-bit weights (batch 1 decode)", w});
    }
    return v;
  }();
  return set;
}

std::vector<double> reference_denominators(const PlanRequest& r, const Catalog& c) {
  std::vector<double> out(reference_set().size(), 1.0);
  const Gpu* g = c.find<Gpu>(kReferenceIndexGpu);
  if (!g) return out;
  PerfSystem sys = perf_system(hardware_from_gpu(*g, 1, true, r.sizing), r.sizing);
  for (std::size_t i = 0; i < out.size(); ++i) {
    PlanRequest one = r;
    one.workload = reference_set()[i].workload;
    one.zero_given = false;
    ItemFits f;
    f.workload = fit_workload(one, *g, 1);
    if (!f.workload || !f.workload->fits) continue;
    double t = objective_performance(one, predict(one, sys, 1, f));
    if (t > 0) out[i] = t;
  }
  return out;
}

}  // namespace rigplan::planner

namespace rigplan {

std::vector<std::pair<std::string, std::string>> planner_reference_workloads() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& w : planner::reference_set()) out.emplace_back(w.id, w.what);
  return out;
}

}  // namespace rigplan

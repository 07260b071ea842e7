// What "speed" means to the planner when the request names no workload: a small set of reference
// workloads that stand for what people buy deep-learning machines for, each fitted to the build's
// memory like a real workload (a build that cannot hold one scores nothing on it), run on the
// software stack the card has (planner/stack.hpp), and measured against one NVIDIA H100 PCIe on
// the same workload, so each counts alike:
//   reference index = mean over the set of (tokens/s on the build / tokens/s on one H100 PCIe).
// 1.0 is one H100 PCIe; a build that fits none of the set scores 0. The set:
//   - LoRA fine-tuning of Llama 3 8B (rank 16, bf16, sequence 2048): the commonest fine-tuning job
//     (Hu et al. 2021, "LoRA"; Dettmers et al. 2023, "QLoRA", fine-tune 7-65B models on one GPU);
//   - pre-training GPT-2 XL (1.56 B parameters, bf16 AdamW, sequence 1024, micro-batch 4):
//     training a small model from scratch, the job of the planner's former speed index
//     (Radford et al. 2019);
//   - serving Llama 3 70B with 4-bit weights at batch 1 (decode tokens/s): running a large open
//     model locally, the reason 2-4 card workstations are bought (Frantar et al. 2023, "GPTQ";
//     Lin et al. 2024, "AWQ").
#pragma once

#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/plan.hpp"

namespace rigplan::planner {

struct ReferenceWorkload {
  std::string id;     // "lora-llama-3-8b" ...
  std::string what;   // one line for output
  Workload workload;
};

// The set, in the order outputs list it.
const std::vector<ReferenceWorkload>& reference_set();

// The GPU the index is measured against.
inline constexpr const char* kReferenceIndexGpu = "nvidia-h100-pcie-80gb";

// tokens/s of one kReferenceIndexGpu on each workload of the set (the index's denominators);
// 1 for a workload that GPU cannot run, or when the catalog lacks it (outputs then say so).
std::vector<double> reference_denominators(const PlanRequest& r, const Catalog& c);

}  // namespace rigplan::planner

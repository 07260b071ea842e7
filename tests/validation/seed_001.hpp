// Small multi-GPU jobs: Hugging Face's 2x TITAN RTX GPT-2 DDP benchmark ("Custom hardware for
// training", https://huggingface.co/docs/transformers/perf_hardware, NVlink section; runs with
// pytorch 1.8 pre-release, CUDA 11.0, transformers 4.3.0.dev0). `run_clm.py --model_name_or_path
// gpt2 --per_device_train_batch_size 4 --max_steps 200` on 2 GPUs with torchrun: GPT-2 124M in
// fp32 (no --fp16), sequence 1024 (run_clm's default block size), global batch 8, eager attention
// (no flash attention in 2021), the Trainer's DDP. 101.9 s with the two cards' NVLink bridge,
// 131.4 s with NCCL_P2P_DISABLE=1 (NCCL stages the all-reduce through host memory). rigplan runs
// `size --build examples/builds/hf-2x-titan-rtx-nvlink.json` (with --no-p2p for the second) on the
// same workload; the build names the source's GPUs and bridge, its platform is an assumption.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::validation {

struct SeedRun {
  double seconds = 0;
  std::string link;
};

inline SeedRun seed_run(bool p2p, const PerfAssumptions& perf = {}) {
  const Catalog& cat = Catalog::builtin();
  Build b = load_build(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/hf-2x-titan-rtx-nvlink.json", cat);
  SizingAssumptions a;
  a.perf = perf;
  Hardware hw = hardware_from_build(b, check_build(b).placement, p2p, a);
  Workload w;
  w.model = *find_model("gpt-2-124m");
  w.framework = Framework::Hf;
  w.precision = "fp32";
  w.attention = Attention::Standard;
  w.micro_batch = 4;
  w.seq = 1024;
  w.dp = 2;
  w.batch = 8;
  w.tokens = 200.0 * 8 * 1024;  // 200 steps
  SizeSearches none;
  none.fewest_gpus = none.smallest_gpu = none.largest_fit = false;
  SizeReport r = size_workload(w, hw, cat, a, none);
  return {r.seconds, hw.link.kind};
}

}  // namespace rigplan::validation


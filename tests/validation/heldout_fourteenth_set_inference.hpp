// Held-out inference rows of a fourteenth set: one release's static-batch tables for Llama 2 70B on
// four GPU generations, written down with their settings and committed before the model was run on
// them; none changed after. Rule: every Llama 2 70B row of TensorRT-LLM v0.9.0's performance page,
// its four "Peak Throughput" tables (H200, H100 and L40S in FP8, A100 in FP16; four rows each) and
// its four "Low Latency" tables (two rows each): 24 rows. Llama 2 70B is the page's one model whose
// commands turn the XQA decode kernel on ("export TRTLLM_ENABLE_XQA=1"), which the earlier
// TensorRT-LLM sets (v0.5, v0.6.1) predate; the page's other models are left out so that one
// document does not outweigh the rest of the set, as the sixth set limits its own. Source:
//  - github.com/NVIDIA/TensorRT-LLM docs/source/performance.md, the revision whose tables say "All
//    data was generated using version 0.9.0" (the last release of the page's static-batch tables;
//    v0.10 moved to in-flight batching). Static batches timed by gptSessionBenchmark, throughput
//    in output tokens per second per GPU, so a row's latency is output x batch / (tps x tp) as in
//    heldout_second_set.hpp; first-token latency measured "with a single output token" at batch 1.
//    The 70B engine's ckpt_config.json: "quant_algo": "FP8", "kv_cache_quant_algo": "FP8" (an FP8
//    KV cache); "To run the benchmarks below on A100, you will need to undefine or remove the
//    following quantization fields" (FP16 weights and cache there). Engines built with
//    "--paged_kv_cache disable --context_fmha enable". Rows, "| Model | Batch Size | TP | Input
//    Length | Output Length | Throughput (out tok/s/GPU) |":
//    H200 FP8: "| LLaMA 70B | 1024 | 1 | 128 | 128 | 3,989 |", "| LLaMA 70B | 512 | 2 | 128 | 2048 |
//    3,963 |", "| LLaMA 70B | 64 | 1 | 2048 | 128 | 418 |", "| LLaMA 70B | 64 | 1 | 2048 | 2048 | 1,458 |";
//    H100 FP8: "| LLaMA 70B | 1024 | 2 | 128 | 128 | 3,214 |", "| LLaMA 70B | 512 | 4 | 128 | 2048 |
//    2,725 |", "| LLaMA 70B | 96 | 2 | 2048 | 128 | 346 |", "| LLaMA 70B | 64 | 2 | 2048 | 2048 | 1,011 |";
//    L40S FP8: "| LLaMA 70B | 256 | 2 | 128 | 128 | 562 |", "| LLaMA 70B | 256 | 4 | 128 | 2048 | 478 |",
//    "| LLaMA 70B | 16 | 2 | 2048 | 128 | 49 |", "| LLaMA 70B | 64 | 4 | 2048 | 2048 | 185 |";
//    A100 FP16: "| LLaMA 70B | 1024 | 4 | 128 | 128 | 686 |", "| LLaMA 70B | 512 | 8 | 128 | 2048 | 684 |",
//    "| LLaMA 70B | 96 | 4 | 2048 | 128 | 80 |", "| LLaMA 70B | 64 | 4 | 2048 | 2048 | 289 |".
//    Low Latency, "| Model | Batch Size | TP | Input Length | 1st Token Latency (ms) |": H200
//    "| LLaMA 70B | 1 | 4 | 128 | 17.8 |", "| LLaMA 70B | 1 | 4 | 2048 | 103.0 |"; H100 "| LLaMA 70B
//    | 1 | 4 | 128 | 19.6 |", "| LLaMA 70B | 1 | 8 | 2048 | 85.1 |"; L40S "| LLaMA 70B | 1 | 8 | 128 |
//    70.4 |", "| LLaMA 70B | 1 | 4 | 2048 | 673.3 |"; A100 "| LLaMA 70B | 1 | 4 | 128 | 45.6 |",
//    "| LLaMA 70B | 1 | 8 | 2048 | 249.2 |".
// Systems, as the earlier TensorRT-LLM sets take them: DGX H200, DGX H100 and DGX A100 (NVLink
// through NVSwitch; the page benchmarks "on an H100-HBM3-80GB system"), L40S cards on PCIe with
// peer-to-peer (the page names no L40S server). LLaMA 70B is Llama 2's (the page's config: 80
// layers, 64 heads, 8 KV heads, hidden 8192, MLP 28672, vocabulary 32000).
#pragma once

#include <string>

#include "validation/heldout_second_set.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_fourteenth_inference() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_70 = *find_model("llama-2-70b");
    const Measure e2e = Measure::LatencySeconds, ttft = Measure::TtftSeconds;
    struct Gpu {
      const char* name;
      const char* precision;
      PerfSystem (*system)(int tp);
    };
    const Gpu h200{"H200", "fp8", [](int) { return dgx("nvidia-h200-sxm-141gb", 450, 50); }};
    const Gpu h100{"H100", "fp8", [](int) { return dgx("nvidia-h100-sxm5-80gb", 450, 50); }};
    const Gpu l40s{"L40S", "fp8", [](int tp) { return pcie_host("nvidia-l40s", tp, true); }};
    const Gpu a100{"A100", "fp16", [](int) { return dgx("nvidia-a100-sxm4-80gb", 300, 25); }};
    struct Peak {
      const Gpu* gpu;
      int batch, tp, input, output;
      double out_tps_per_gpu;
    };
    const Peak peak[] = {
        {&h200, 1024, 1, 128, 128, 3989}, {&h200, 512, 2, 128, 2048, 3963},
        {&h200, 64, 1, 2048, 128, 418},   {&h200, 64, 1, 2048, 2048, 1458},
        {&h100, 1024, 2, 128, 128, 3214}, {&h100, 512, 4, 128, 2048, 2725},
        {&h100, 96, 2, 2048, 128, 346},   {&h100, 64, 2, 2048, 2048, 1011},
        {&l40s, 256, 2, 128, 128, 562},   {&l40s, 256, 4, 128, 2048, 478},
        {&l40s, 16, 2, 2048, 128, 49},    {&l40s, 64, 4, 2048, 2048, 185},
        {&a100, 1024, 4, 128, 128, 686},  {&a100, 512, 8, 128, 2048, 684},
        {&a100, 96, 4, 2048, 128, 80},    {&a100, 64, 4, 2048, 2048, 289},
    };
    struct Low {
      const Gpu* gpu;
      int tp, input;
      double ms;
    };
    const Low low[] = {
        {&h200, 4, 128, 17.8}, {&h200, 4, 2048, 103.0}, {&h100, 4, 128, 19.6}, {&h100, 8, 2048, 85.1},
        {&l40s, 8, 128, 70.4}, {&l40s, 4, 2048, 673.3}, {&a100, 4, 128, 45.6}, {&a100, 8, 2048, 249.2},
    };
    auto name = [](const Gpu& g, int tp) {
      std::string precision = std::string(g.precision) == "fp8" ? "FP8" : "FP16";
      std::string gpus = tp > 1 ? std::to_string(tp) + "x " + g.name + " TP" + std::to_string(tp) : std::string(g.name);
      return "TensorRT-LLM v0.9.0 Llama 2 70B " + precision + ", " + gpus;
    };
    std::vector<Case> out;
    for (const Peak& r : peak) {
      std::string label = name(*r.gpu, r.tp) + ", batch " + std::to_string(r.batch) + ", " + std::to_string(r.input) +
                          "+" + std::to_string(r.output);
      double seconds = static_cast<double>(r.output) * r.batch / (r.out_tps_per_gpu * r.tp);
      out.push_back(inference_case({label.c_str(), l2_70, r.gpu->precision, r.tp, r.batch, r.input, r.output, e2e,
                                    r.gpu->system(r.tp), seconds, "s"}));
    }
    for (const Low& r : low) {
      std::string label = name(*r.gpu, r.tp) + ", TTFT of " + std::to_string(r.input);
      out.push_back(inference_case({label.c_str(), l2_70, r.gpu->precision, r.tp, 1, r.input, 1, ttft,
                                    r.gpu->system(r.tp), r.ms / 1e3, "s"}));
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

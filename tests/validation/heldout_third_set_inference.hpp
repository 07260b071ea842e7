// Held-out inference rows of a third set, written down with their settings before the model was
// run on them and not changed after (they replace inference rows moved to the fit set when a
// decode mechanism was studied on them). Sources:
//  - ggml-org/llama.cpp benches/dgx-spark.md at 4c7e9893 (system info dated 2025-11-02; build
//    2f68ce7cf (6918), CUDA 13.0, NVIDIA GB10): ggml-org/Qwen2.5-Coder-7B-Q8_0-GGUF ("qwen2 7B
//    Q8_0, 7.54 GiB, 7.62 B"), all layers on the GPU, flash attention on, n_ubatch 2048, f16 KV.
//    llama-bench: "| qwen2 7B Q8_0 | 7.54 GiB | 7.62 B | CUDA | 99 | 2048 | 1 | 0 | tg32 |
//    29.30 ± 0.03 |" and "... | pp2048 | 2276.28 ± 4.92 |". llama-batched-bench (B sequences,
//    each its own 512-token prompt, then 32 tokens generated for all B together; T_TG is the
//    time of those 32 batched steps): "| 512 | 32 | 32 | 17408 | 6.956 | 2355.21 | 1.726 | 593.27
//    | 8.683 | 2004.95 |" and "| 512 | 32 | 8 | 4352 | 1.738 | 2356.86 | 1.308 | 195.67 | 3.046
//    | 1428.66 |": one batched step is T_TG / 32.
//  - ggml-org/llama.cpp PR #15802 "CUDA: fastdiv, launch bounds for mmvq + q8_1 quant"
//    (JohannesGaessler, 2025), the PR column: "| RTX 3090 | llama 8B Q4_0 | Yes | 1 | pp512 |
//    155.02 | 156.56 | 1.01 |" — Llama 3 8B Q4_0, flash attention on, a micro-batch of 1: the
//    512 prompt tokens one at a time, i.e. 512 decode steps over a context growing from 0 to 512.
//  - TensorRT-LLM docs/source/performance.md at 138f96d4 ("This data has been updated for v0.6.1"),
//    "Peak Throughput", H100 GPUs (FP8): static batches timed by gptSessionBenchmark, engines
//    built with "--enable_fp8 --fp8_kv_cache" (an FP8 KV cache), throughput in output tokens per
//    second per GPU, so a row's latency is output x batch / (tps x tp) as in heldout_second_set.hpp:
//    "| GPT-J 6B | 1024 | 1 | 128 | 128 | 26,150 |", "| GPT-J 6B | 120 | 1 | 128 | 2048 | 8,011 |",
//    "| GPT-J 6B | 64 | 1 | 2048 | 128 | 2,551 |", "| LLaMA 7B | 768 | 1 | 128 | 128 | 19,694 |",
//    "| LLaMA 7B | 112 | 1 | 128 | 2048 | 6,818 |", "| LLaMA 70B | 1024 | 2 | 128 | 128 | 2,657 |",
//    "| LLaMA 70B | 480 | 4 | 128 | 2048 | 1,486 |", "| LLaMA 70B | 96 | 2 | 2048 | 128 | 306 |".
//    LLaMA 7B and 70B are Llama 2's (the page's methodology: "Llama2-7b, and Llama2-70b"). v0.6.1
//    predates the XQA kernel (v0.8), so Llama 2 70B's grouped-query decode runs the masked
//    multi-head attention kernel: gqa_kv_shared_reads = 0 (GPT-J and Llama 2 7B are multi-head).
// Settings the sources do not print: CUDA graphs on (llama.cpp builds of 2025 replay the
// single-token step as a graph; kGraphLayerOverheadS), the MMQ int8 path on for the GGUF prefill
// (mmq_int8_efficiency; builds since June 2024).
#pragma once

#include "rigplan/unified.hpp"
#include "validation/heldout_inference.hpp"
#include "validation/heldout_second_set.hpp"

namespace rigplan::validation {

// Qwen2.5-7B / Qwen2.5-Coder-7B (config.json): 28 layers, hidden 3584, 28 heads, 4 KV heads,
// SwiGLU 18944, vocabulary 152064, untied embeddings (7.62 B parameters).
inline ModelSpec qwen25_7b() {
  ModelSpec m = custom_model(0, 28, 3584, 28, 4, 18944, 152064);
  m.mlp = "swiglu";
  m.params = params_from_architecture(m);
  m.max_context = 32768;
  return m;
}

// NVIDIA DGX Spark (GB10, 128 GB LPDDR5x shared by CPU and GPU), as `size --system` models it.
// The Hardware owns the GPU the PerfSystem points to, so it lives as long as the cases.
inline PerfSystem dgx_spark() {
  static const Hardware hw = [] {
    const auto* u = Catalog::builtin().find<UnifiedSystem>("nvidia-dgx-spark");
    REQUIRE(u != nullptr);
    return hardware_from_system(*u);
  }();
  return perf_system(hw);
}

inline const std::vector<Case>& heldout_third_inference() {
  static const std::vector<Case> cases = [] {
    const ModelSpec qwen = qwen25_7b(), l3_8 = *find_model("llama-3-8b");
    const PerfSystem spark = dgx_spark();
    const Measure dec = Measure::DecodeTokensPerS, pre = Measure::PrefillTokensPerS, itl = Measure::ItlSeconds;
    const InferRow rows[] = {
        {"llama.cpp Qwen2.5 7B Q8_0 tg32, DGX Spark", qwen, "int8", 1, 1, 1, 32, dec, spark, 29.30, "tokens/s", "q8_0", true, true, 202511},
        {"llama.cpp Qwen2.5 7B Q8_0 pp2048, DGX Spark", qwen, "int8", 1, 1, 2048, 0, pre, spark, 2276.28, "tokens/s", "q8_0", true, true, 202511},
        {"llama.cpp Qwen2.5 7B Q8_0, DGX Spark, 32 sequences 512+32, batched step", qwen, "int8", 1, 32, 512, 32, itl, spark, 1.726 / 32, "s", "q8_0", true, true, 202511},
        {"llama.cpp Qwen2.5 7B Q8_0, DGX Spark, 8 sequences 512+32, batched step", qwen, "int8", 1, 8, 512, 32, itl, spark, 1.308 / 32, "s", "q8_0", true, true, 202511},
        {"llama.cpp Llama 3 8B Q4_0 decode of 512, RTX 3090 (2025)", l3_8, "int4", 1, 1, 1, 512, dec, pcie_host("nvidia-rtx-3090-fe", 1, true), 156.56, "tokens/s", "q4_0", true, true},
    };
    std::vector<Case> out;
    for (const InferRow& r : rows) out.push_back(inference_case(r));
    const ModelSpec l2_7 = *find_model("llama-2-7b"), l2_70 = *find_model("llama-2-70b");
    const PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    const Measure e2e = Measure::LatencySeconds;
    auto latency = [](double out_tps, int batch, int output, int tp) { return output * batch / (out_tps * tp); };
    const InferRow trt[] = {
        {"TensorRT-LLM v0.6.1 GPT-J 6B FP8, H100, batch 1024, 128+128", gpt_j_6b(), "fp8", 1, 1024, 128, 128, e2e, h100, latency(26150, 1024, 128, 1), "s"},
        {"TensorRT-LLM v0.6.1 GPT-J 6B FP8, H100, batch 120, 128+2048", gpt_j_6b(), "fp8", 1, 120, 128, 2048, e2e, h100, latency(8011, 120, 2048, 1), "s"},
        {"TensorRT-LLM v0.6.1 GPT-J 6B FP8, H100, batch 64, 2048+128", gpt_j_6b(), "fp8", 1, 64, 2048, 128, e2e, h100, latency(2551, 64, 128, 1), "s"},
        {"TensorRT-LLM v0.6.1 Llama 2 7B FP8, H100, batch 768, 128+128", l2_7, "fp8", 1, 768, 128, 128, e2e, h100, latency(19694, 768, 128, 1), "s"},
        {"TensorRT-LLM v0.6.1 Llama 2 7B FP8, H100, batch 112, 128+2048", l2_7, "fp8", 1, 112, 128, 2048, e2e, h100, latency(6818, 112, 2048, 1), "s"},
        {"TensorRT-LLM v0.6.1 Llama 2 70B FP8, 2x H100 TP2, batch 1024, 128+128", l2_70, "fp8", 2, 1024, 128, 128, e2e, h100, latency(2657, 1024, 128, 2), "s"},
        {"TensorRT-LLM v0.6.1 Llama 2 70B FP8, 4x H100 TP4, batch 480, 128+2048", l2_70, "fp8", 4, 480, 128, 2048, e2e, h100, latency(1486, 480, 2048, 4), "s"},
        {"TensorRT-LLM v0.6.1 Llama 2 70B FP8, 2x H100 TP2, batch 96, 2048+128", l2_70, "fp8", 2, 96, 2048, 128, e2e, h100, latency(306, 96, 128, 2), "s"},
    };
    for (const InferRow& r : trt) {
      Case c = inference_case(r);
      c.a.gqa_kv_shared_reads = 0;  // v0.6.1: no XQA (no effect on the multi-head models)
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

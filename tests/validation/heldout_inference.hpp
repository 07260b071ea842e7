// Held-out inference runs (see heldout_training.hpp for the split): decode and prefill speed as
// each source prints it. Sources:
//  - NVIDIA NIM for LLMs benchmarking guide, "Performance", Llama-3.3-70b-instruct, NIM 1.8.0
//    (docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance): 2x H100 80G, FP8, TP2, one request;
//  - Oracle Cloud Infrastructure blog, "Serving Llama 3.1 405B model with AMD Instinct MI300X
//    Accelerators" (2024-10-10): 8x MI300X, FP8, vLLM benchmark_latency, 128 in / 128 out;
//  - AMD ROCm AI developer hub, "Performance results", rocm/vllm rocm7.0.0_vllm_0.10.2 (2025-10-06):
//    8x MI300X, Llama 3.1 70B FP8 (FP8 KV), latency for 128 in / 2048 out;
//  - mlc-ai/llm-perf-bench README (d401356, 2023-11-14): batch-1 decode of 256 tokens after an
//    8-token prompt, fp16 or 4-bit (q4f16_1) weights, PCIe only;
//  - mlc-ai/llm-perf-bench PR #1 (2023-08-05): Llama 2 13B q4f16_1 on an RTX 4090 and a 3090 Ti;
//  - llama.cpp llama-bench tables in ggml-org/llama.cpp PRs #4766 (January 2024), #4812
//    (2024-01-07), #26284 and #24216,
//    and dmatora/LLM-inference-speed-benchmarks issue #12 (2024-08-26).
// 4-bit rows name their storage format (q4f16_1, q4_0, q4_k_m: 4.5-4.9 bits per weight,
// include/rigplan/weight_format.hpp); llama.cpp's 16-bit rows theirs (f16, bf16: GGUF types). Two llama.cpp decode rows moved to the fit set when
// block_quant_decode_efficiency was added (fit_inference.hpp).
// Not used: offline max-throughput tables (the batch is the runtime's choice), a 32k-token context
// past the preset's trained limit.
#pragma once

#include "validation/heldout_training.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan::validation {

// 8x MI300X: every GPU linked to the other 7 by an Infinity Fabric link of 64 GB/s per direction
// (AMD Instinct MI300X platform datasheet: 128 GB/s bidirectional per link), 448 GB/s in all.
inline PerfSystem mi300x_node() {
  PerfSystem s = dgx("amd-instinct-mi300x", 448, 50);
  return s;
}

// PCIe cards in one host, as `size --gpu ID --count N` models them.
inline PerfSystem pcie_host(const char* gpu, int count, bool p2p) {
  return perf_system(hardware_from_gpu(catalog_gpu(gpu), count, p2p));
}

inline ModelSpec llama32_1b() {
  // Llama 3.2 1B (meta-llama/Llama-3.2-1B config.json): 16 layers, hidden 2048, 32 heads, 8 KV
  // heads, SwiGLU 8192, vocabulary 128256, tied embeddings.
  ModelSpec m = custom_model(0, 16, 2048, 32, 8, 8192, 128256);
  m.mlp = "swiglu";
  m.max_context = 131072;
  return m;
}

struct InferRow {
  const char* label;
  ModelSpec model;
  const char* precision;
  int tp, batch, prompt, output;
  Measure measure;
  PerfSystem sys;
  double published;
  const char* unit;
  const char* format = "";  // weight storage format (include/rigplan/weight_format.hpp); "" = the precision's
  bool graphs = false;      // llama.cpp replaying CUDA/HIP graphs (kGraphLayerOverheadS)
  bool mmq = false;         // llama.cpp since PR #7676: GGUF prefill on int8 tensor cores (mmq_int8_efficiency)
  int build_month = 0;      // llama.cpp build month (YYYYMM) where the source states it: llamacpp_build_month
  bool no_flash_attn = false;  // llama.cpp without flash attention (kLlamacppNoFlashAttnSharedReads)
};

// llama.cpp without flash attention (llama-bench's `-fa 0`, its default in 2024; builds before
// PR #5021 of 2024-04-30 have none) runs a decode step's attention as two matrix-vector products
// over the cache, K by q (mul_mat_p021_f16_f32) and V by the scores (mul_mat_vec_nc_f16_f32,
// ggml-cuda.cu), each launched on a grid over the query heads whose every block reads its KV
// head's rows (`channel_x = channel / (nchannels_y / nchannels_x)`, `channel / channel_x_divisor`):
// a grouped-query model's cache is read once per query head, as gqa_kv_shared_reads = 0 counts it.
inline constexpr double kLlamacppNoFlashAttnSharedReads = 0;

// llama.cpp replays the decode step as a CUDA graph since PR #6766 ("Introduction of CUDA Graphs
// to LLama.cpp", merged 2024-05; HIP graphs on by default in later builds: ggml/CMakeLists.txt
// `option(GGML_HIP_GRAPHS "ggml: use HIP graph" ON)`), which saves launch work each layer. The
// PR's own measurement, Llama 2 7B Q4_0 tg: RTX 3090 116.31 -> 128.27 tokens/s, RTX 4090 138.31 ->
// 146.81 — 0.80 and 0.42 ms a token over 32 layers, 19 us a layer on average. Rows of builds with
// graphs run at decode_layer_overhead_s less that: `--perf decode_layer_overhead_s=21e-6`.
inline constexpr double kGraphLayerOverheadS = 40e-6 - 19e-6;

// The cases of `all` that `keep` selects, in order (a set some of whose rows moved to the fit set).
template <class Keep>
std::vector<Case> select_cases(const std::vector<Case>& all, Keep keep) {
  std::vector<Case> out;
  for (const Case& c : all)
    if (keep(c)) out.push_back(c);
  return out;
}

inline Case inference_case(const InferRow& r) {
  Case c;
  c.label = r.label;
  c.published = r.published;
  c.unit = r.unit;
  c.measure = r.measure;
  c.w.model = r.model;
  c.w.mode = Mode::Infer;
  c.w.precision = r.precision;
  c.w.tp = r.tp;
  c.w.weight_format = r.format;
  if (r.graphs) c.a.decode_layer_overhead_s = kGraphLayerOverheadS;
  if (!r.mmq) c.a.mmq_int8_efficiency = 0;  // earlier builds and other engines: a 16-bit GEMM
  c.a.llamacpp_build_month = r.build_month;
  if (r.no_flash_attn) {
    c.a.gqa_kv_shared_reads = kLlamacppNoFlashAttnSharedReads;
    c.w.attention = Attention::Standard;  // a prefill's scores through memory (prefill_score_bytes)
  }
  c.w.context = r.prompt + r.output;
  c.w.model.max_context = std::max(c.w.model.max_context, c.w.context);
  c.sys = r.sys;
  c.prompt = r.prompt;
  c.batch = r.batch;
  c.output = r.output;
  return c;
}

inline const std::vector<Case>& heldout_inference() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_70 = *find_model("llama-3-70b"), l3_8 = *find_model("llama-3-8b");
    const ModelSpec l2_7 = *find_model("llama-2-7b"), l2_70 = *find_model("llama-2-70b");
    const ModelSpec l2_13 = *find_model("llama-2-13b");
    const ModelSpec l405 = *find_model("llama-3.1-405b");
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50), mi = mi300x_node();
    const Measure itl = Measure::ItlSeconds, ttft = Measure::TtftSeconds, e2e = Measure::LatencySeconds;
    const Measure dec = Measure::DecodeTokensPerS, pre = Measure::PrefillTokensPerS;
    const InferRow rows[] = {
        // NIM 1.8.0, 2x H100 80G, concurrency 1: "| 1 | 406.77 | 18.58 | 51.67 |" and "| 1 | 47.77 | 18.91 |".
        {"NIM Llama 3.3 70B FP8, 2x H100 TP2, ITL at 5000+500", l3_70, "fp8", 2, 1, 5000, 500, itl, h100, 18.58e-3, "s"},
        {"NIM Llama 3.3 70B FP8, 2x H100 TP2, TTFT of 5000", l3_70, "fp8", 2, 1, 5000, 500, ttft, h100, 406.77e-3, "s"},
        {"NIM Llama 3.3 70B FP8, 2x H100 TP2, ITL at 500+2000", l3_70, "fp8", 2, 1, 500, 2000, itl, h100, 18.91e-3, "s"},
        {"NIM Llama 3.3 70B FP8, 2x H100 TP2, TTFT of 500", l3_70, "fp8", 2, 1, 500, 2000, ttft, h100, 47.77e-3, "s"},
        // OCI on 8x MI300X, vLLM, 128/128: "| 1 | 36 | 3.530 |", "| 32 | 798 | 5.130 |", "| 256 | 1846 | 17.750 |".
        {"vLLM Llama 3.1 405B FP8, 8x MI300X TP8, batch 1", l405, "fp8", 8, 1, 128, 128, e2e, mi, 3.530, "s"},
        {"vLLM Llama 3.1 405B FP8, 8x MI300X TP8, batch 32", l405, "fp8", 8, 32, 128, 128, e2e, mi, 5.130, "s"},
        {"vLLM Llama 3.1 405B FP8, 8x MI300X TP8, batch 256", l405, "fp8", 8, 256, 128, 128, e2e, mi, 17.750, "s"},
        // AMD performance results, vLLM 0.10.2: "FP8 8 1 128 2048 15.882" and "4 128 2048 18.487".
        {"vLLM Llama 3.1 70B FP8, 8x MI300X TP8, batch 1", l3_70, "fp8", 8, 1, 128, 2048, e2e, mi, 15.882, "s"},
        {"vLLM Llama 3.1 70B FP8, 8x MI300X TP8, batch 4", l3_70, "fp8", 8, 4, 128, 2048, e2e, mi, 18.487, "s"},
        // llm-perf-bench, single GPU 4-bit and multi-GPU tables (decode, batch 1); MLC's q4f16_1.
        {"MLC Llama 2 7B q4f16_1, RTX 4090", l2_7, "int4", 1, 1, 8, 256, dec, pcie_host("nvidia-rtx-4090-fe", 1, true), 204.8, "tokens/s", "q4f16_1"},
        {"llama.cpp Llama 2 7B Q4_K_M, RTX 4090", l2_7, "int4", 1, 1, 8, 256, dec, pcie_host("nvidia-rtx-4090-fe", 1, true), 151.1, "tokens/s", "q4_k_m", false, false, 202311, true},
        {"MLC Llama 2 7B q4f16_1, RTX 3090 Ti", l2_7, "int4", 1, 1, 8, 256, dec, pcie_host("nvidia-rtx-3090-ti-fe", 1, true), 186.7, "tokens/s", "q4f16_1"},
        {"MLC Llama 2 70B fp16, 2x A100 PCIe TP2", l2_70, "fp16", 2, 1, 8, 256, dec, pcie_host("nvidia-a100-pcie-80gb", 2, true), 17.0, "tokens/s"},
        {"MLC Llama 2 70B fp16, 8x A100 PCIe TP8", l2_70, "fp16", 8, 1, 8, 256, dec, pcie_host("nvidia-a100-pcie-80gb", 8, true), 38.8, "tokens/s"},
        {"MLC Llama 2 70B q4f16_1, 2x RTX 4090 TP2", l2_70, "int4", 2, 1, 8, 256, dec, pcie_host("nvidia-rtx-4090-fe", 2, false), 34.5, "tokens/s", "q4f16_1"},
        {"MLC Llama 2 70B q4f16_1, 2x RX 7900 XTX TP2", l2_70, "int4", 2, 1, 8, 256, dec, pcie_host("amd-radeon-rx-7900-xtx", 2, true), 29.9, "tokens/s", "q4f16_1"},
        // mlc-ai/llm-perf-bench PR #1 "Update README.md" (2023-08-05, junrushao's "Latest numbers"):
        // RTX 4090 (CUDA 11.8) "13B: 108.8 token/sec", RTX 3090 Ti (CUDA 12.1) "13B: 99.2 token/sec".
        {"MLC Llama 2 13B q4f16_1, RTX 4090 (2023-08)", l2_13, "int4", 1, 1, 8, 256, dec, pcie_host("nvidia-rtx-4090-fe", 1, true), 108.8, "tokens/s", "q4f16_1"},
        {"MLC Llama 2 13B q4f16_1, RTX 3090 Ti (2023-08)", l2_13, "int4", 1, 1, 8, 256, dec, pcie_host("nvidia-rtx-3090-ti-fe", 1, true), 99.2, "tokens/s", "q4f16_1"},
        // llama.cpp PR #4812's pp512 row (RTX 3090 Ti, 2024-01-07) moved to the fit set
        // (fit_inference.hpp, fit_llamacpp_early_prompt_cases); its tg128 row is a fit row too.
        // llama.cpp PR #4766 "llama : ggml-backend integration" (JohannesGaessler's table, January
        // 2024, "t/s master" column), RTX 3090, "llama 7B": "| F16 | pp512 | 4184.85 |",
        // "| F16 | tg128 | 48.52 |", "| Q4_0 | pp512 | 3408.18 |", "| Q4_0 | tg128 | 121.82 |".
        {"llama.cpp Llama 2 7B F16 pp512, RTX 3090", l2_7, "fp16", 1, 1, 512, 0, pre, pcie_host("nvidia-rtx-3090-fe", 1, true), 4184.85, "tokens/s", "f16", false, false, 202401, true},
        {"llama.cpp Llama 2 7B F16 tg128, RTX 3090", l2_7, "fp16", 1, 1, 1, 128, dec, pcie_host("nvidia-rtx-3090-fe", 1, true), 48.52, "tokens/s", "f16", false, false, 202401, true},
        {"llama.cpp Llama 2 7B Q4_0 pp512, RTX 3090", l2_7, "int4", 1, 1, 512, 0, pre, pcie_host("nvidia-rtx-3090-fe", 1, true), 3408.18, "tokens/s", "q4_0", false, false, 202401, true},
        {"llama.cpp Llama 2 7B Q4_0 tg128, RTX 3090", l2_7, "int4", 1, 1, 1, 128, dec, pcie_host("nvidia-rtx-3090-fe", 1, true), 121.82, "tokens/s", "q4_0", false, false, 202401, true},
        // llama.cpp PR #26284 (master column): RX 7900 XTX, llama 8B Q4_K_M, pp2048 (its tg64 row is a fit row).
        {"llama.cpp Llama 3 8B Q4_K_M pp2048, RX 7900 XTX", l3_8, "int4", 1, 1, 2048, 0, pre, pcie_host("amd-radeon-rx-7900-xtx", 1, true), 3189.36, "tokens/s", "q4_k_m", true},
        // llama.cpp PR #24216 (master): RTX 5090, llama 1B BF16, pp512 at ubatch 1 (token by token).
        {"llama.cpp Llama 3.2 1B BF16 decode, RTX 5090", llama32_1b(), "bf16", 1, 1, 1, 512, dec, pcie_host("nvidia-rtx-5090-fe", 1, true), 652.28, "tokens/s", "bf16", true},
        // dmatora/LLM-inference-speed-benchmarks #12 (build 93bc3839, 2024-08): RTX 3080, Llama 3.1 8B Q4_K_M
        // (its pp512 row fits mmq_int8_efficiency: fit_inference.hpp).
        {"llama.cpp Llama 3.1 8B Q4_K_M tg128, RTX 3080", l3_8, "int4", 1, 1, 1, 128, dec, pcie_host("nvidia-rtx-3080-fe", 1, true), 111.95, "tokens/s", "q4_k_m", true, true, 202408},
    };
    std::vector<Case> out;
    for (const InferRow& r : rows) out.push_back(inference_case(r));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

// Inference rows of the fit set for the share of peak bandwidth llama.cpp's decode kernels reach
// on GGUF block formats: llama.cpp decode rows that were in the held-out set until
// block_quant_decode_efficiency was added, moved here to fit it (their held-out errors before the
// move, int4 taken as 4 bits, the weights streamed at memory_efficiency: +42.7 % and +45.2 %).
// They fitted it together (0.584) until the scoreboard rows of current builds did
// (fit_llamacpp_scoreboard.hpp); now the January 2024 row fits block_quant_decode_efficiency_2024
// (its build month, from its PR's date, selects it) and the RX 7900 XTX Q4_K_M row, a build of
// July 2026, fits amd_kquant_decode_efficiency.
//  - ggml-org/llama.cpp PR #4812 "llama-bench : add no-kv-offload parameter" (2024-01-07, build
//    32d9f7d9): RTX 3090 Ti, "| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | 0 | tg 128 | 127.43 |";
//  - ggml-org/llama.cpp PR #26284 "HIP: tune rdna 3 mmq configs" (master column): RX 7900 XTX,
//    "| RX 7900 XTX | llama 8B Q4_K_M | 512 | tg64 | 105.75 |" (a build with HIP graphs).
#pragma once

#include "validation/heldout_eighth_set_inference.hpp"
#include "validation/heldout_eleventh_set_inference.hpp"
#include "validation/heldout_fifth_set_inference.hpp"
#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& fit_block_quant_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_7 = *find_model("llama-2-7b"), l3_8 = *find_model("llama-3-8b");
    const Measure dec = Measure::DecodeTokensPerS;
    const InferRow rows[] = {
        {"llama.cpp Llama 2 7B Q4_0 tg128, RTX 3090 Ti (block-quant fit)", l2_7, "int4", 1, 1, 1, 128, dec,
         pcie_host("nvidia-rtx-3090-ti-fe", 1, true), 127.43, "tokens/s", "q4_0", false, false, 202401, true},
        {"llama.cpp Llama 3 8B Q4_K_M tg64, RX 7900 XTX (block-quant fit)", l3_8, "int4", 1, 1, 1, 64, dec,
         pcie_host("amd-radeon-rx-7900-xtx", 1, true), 105.75, "tokens/s", "q4_k_m", true},
    };
    std::vector<Case> out;
    for (const InferRow& r : rows) out.push_back(inference_case(r));
    return out;
  }();
  return cases;
}

// The row that fits mmq_int8_efficiency (llama.cpp's GGUF prefill on int8 tensor cores since PR
// #7676, June 2024): held out at -33.6 % with the prefill taken as a 16-bit GEMM.
// dmatora/LLM-inference-speed-benchmarks #12 (llama.cpp build 93bc3839, 2024-08): RTX 3080,
// Llama 3.1 8B Q4_K_M, pp512 3806.89 tokens/s.
inline const std::vector<Case>& fit_mmq_cases() {
  static const std::vector<Case> cases = [] {
    const InferRow row = {"llama.cpp Llama 3.1 8B Q4_K_M pp512, RTX 3080 (MMQ fit)", *find_model("llama-3-8b"), "int4", 1, 1,
                          512, 0, Measure::PrefillTokensPerS, pcie_host("nvidia-rtx-3080-fe", 1, true), 3806.89, "tokens/s",
                          "q4_k_m", true, true};
    // Turing's share (turing_mmq_int8_efficiency): the scoreboard's RTX 2080 Ti pp512 row
    // (mmq_scoreboard.hpp's source), the GeForce card of its three Turing rows as the RTX 3080 is
    // of the fit above; its Quadro RTX 8000 and T4 rows stay there to validate it.
    const InferRow turing = {"llama.cpp scoreboard: Llama 2 7B Q4_0 pp512, RTX 2080 Ti (9c35706) (Turing MMQ fit)",
                             *find_model("llama-2-7b"), "int4", 1, 1, 512, 0, Measure::PrefillTokensPerS,
                             pcie_host("nvidia-rtx-2080-ti-fe", 1, true), 3107.61, "tokens/s", "q4_0", true, true};
    return std::vector<Case>{inference_case(row), inference_case(turing)};
  }();
  return cases;
}

// The rows the decode step's attention was studied on: TensorRT-LLM's 2023 static batches of
// Llama 2 70B FP8 on H200s (github.com/NVIDIA/TensorRT-LLM docs/source/blogs/, "out_tps =
// output_seqlen*batch_size/total_latency/tp", so a row's latency is output x batch / (tps x tp)),
// held out until the step summed its linear layers' and its attention's roofline times and until
// gqa_kv_shared_reads named the engine's attention kernel. Their held-out errors before: -2.4 %,
// -65.4 %, +2.0 % (H200launch.md, v0.5.0) and -44.6 % (Falcon180B-H200.md, v0.7a).
//  - H200launch.md at 1555478c (Nov 2023, TensorRT-LLM v0.5.0): "| llama_70b | 512 | 1 | 128 |
//    128 | 3,014 |", "| llama_70b | 512 | 2 | 128 | 2048 | 1,654 |", "| llama_70b | 64 | 1 | 2048
//    | 128 | 341 |". v0.5.0 decodes with the masked multi-head attention kernel of
//    FasterTransformer's lineage, one thread block per (sequence, query head) loading its KV
//    head's cache itself; the XQA kernel that serves a group's query heads from one read came in
//    v0.8 (XQA-kernel.md, 2024-01-30: Llama-70B on one H200, 128 in / 2048 out, 1,227 tokens/s
//    per GPU without XQA, 2,941 with): gqa_kv_shared_reads = 0 for these three rows.
//  - Falcon180B-H200.md at 3c44cb97 (Dec 2023, v0.7a), batch 192 from its footnote: "| | 1 | |
//    2048 | 2,941 |" — the XQA blog's "with XQA" figure, so shared reads (the default).
inline const std::vector<Case>& fit_decode_attention_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_70 = *find_model("llama-2-70b");
    const PerfSystem h200 = dgx("nvidia-h200-sxm-141gb", 450, 50);
    const Measure e2e = Measure::LatencySeconds;
    auto latency = [](double out_tps, int batch, int output, int tp) { return output * batch / (out_tps * tp); };
    const InferRow pre_xqa[] = {
        {"TensorRT-LLM Llama 2 70B FP8, H200, batch 512, 128+128 (v0.5)", l2_70, "fp8", 1, 512, 128, 128, e2e, h200, latency(3014, 512, 128, 1), "s"},
        {"TensorRT-LLM Llama 2 70B FP8, 2x H200 TP2, batch 512, 128+2048 (v0.5)", l2_70, "fp8", 2, 512, 128, 2048, e2e, h200, latency(1654, 512, 2048, 2), "s"},
        {"TensorRT-LLM Llama 2 70B FP8, H200, batch 64, 2048+128 (v0.5)", l2_70, "fp8", 1, 64, 2048, 128, e2e, h200, latency(341, 64, 128, 1), "s"},
    };
    std::vector<Case> out;
    for (const InferRow& r : pre_xqa) {
      Case c = inference_case(r);
      c.a.gqa_kv_shared_reads = 0;
      out.push_back(c);
    }
    out.push_back(inference_case({"TensorRT-LLM Llama 2 70B FP8, H200, batch 192, 128+2048 (v0.7a, XQA)", l2_70, "fp8", 1, 192,
                                  128, 2048, e2e, h200, latency(2941, 192, 2048, 1), "s"}));
    return out;
  }();
  return cases;
}

// The row prefill_layer_overhead_s is fitted on: a prompt short enough that its GEMMs do not hide
// a layer's fixed cost. TensorRT-LLM docs/source/performance.md at 138f96d4, "Low Latency" (data
// of v0.5, gptSessionBenchmark with a single output token), H100 FP8: "| LLaMA 7B | 1 | 1 | 128 |
// 7 |" (Llama 2 7B; engines built with --enable_fp8 --fp8_kv_cache). Chosen as the table's
// single-GPU row (no all-reduce) of the most common model, before the other rows were compared;
// the table's other 18 rows are held out (heldout_fourth_set_inference.hpp), its GPT-J H100 row
// too (heldout_second_set.hpp).
inline const std::vector<Case>& fit_prefill_overhead_cases() {
  static const std::vector<Case> cases = [] {
    Case c = inference_case({"TensorRT-LLM v0.5 Llama 2 7B FP8, H100, TTFT of 128 (prefill overhead fit)",
                             *find_model("llama-2-7b"), "fp8", 1, 1, 128, 1, Measure::TtftSeconds,
                             dgx("nvidia-h100-sxm5-80gb", 450, 50), 7e-3, "s"});
    c.a.gqa_kv_shared_reads = 0;  // v0.5: no XQA (a prefill reads no cache; no effect here)
    return std::vector<Case>{c};
  }();
  return cases;
}

// llama.cpp's decode on the HBM data-centre cards in May 2024: the eighth held-out set's rows of
// the A100 PCIe 80GB, A100 SXM 80GB and H100 PCIe 80GB (heldout_eighth_set_inference.hpp for the
// source and its quotes), moved here when their errors (8B rows +28 to +78 %, 70B rows within 9 %,
// all at memory_efficiency or the 2024 block share) and the scoreboard's HBM rows led to
// llamacpp_decode_bytes_per_sm_cycle. That constant is fitted on the scoreboard's rows
// (fit_llamacpp_scoreboard.hpp), not on these; the ninth held-out set takes their place.
inline const std::vector<Case>& fit_llamacpp_hbm_2024_cases() {
  static const std::vector<Case> cases = pro_table_cases({
      {"A100 PCIe 80GB", "nvidia-a100-pcie-80gb", 140.62, 54.84, 22.31},
      {"A100 SXM 80GB", "nvidia-a100-sxm4-80gb", 135.04, 53.49, 24.61},
      {"H100 PCIe 80GB", "nvidia-h100-pcie-80gb", 145.55, 68.03, 25.03},
  });
  return cases;
}

// llama.cpp's decode of Q4_K_M and F16 in May 2024 on GDDR cards: the fifth held-out set's decode
// rows (RTX 3080, 3090, 4090; tg512 and tg4096) and the eighth's Q4_K_M rows (RTX 4000 Ada to
// RTX 6000 Ada, A6000, A40, L40S; tg512), moved here (their held-out errors: heldout_fifth_set_
// inference.hpp, heldout_eighth_set_inference.hpp) when their K-quant rows, 13-33 % slower in the
// model than published where the same cards' F16 rows held, led to kquant_decode_efficiency_2024,
// fitted on the 16 Q4_K_M rows together (fit_constants_test.cpp), and when the tg512-to-tg4096
// slowdowns (5-10 % published, 2-3 % in the model) led to pricing their builds' attention without
// flash attention (kLlamacppNoFlashAttnSharedReads, heldout_inference.hpp; not fitted). The tenth
// held-out set (heldout_tenth_set_inference.hpp), committed before either change, checks both.
inline const std::vector<Case>& fit_llamacpp_may2024_cases() {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out =
        select_cases(fifth_set_table_rows(), [](const Case& c) { return c.measure == Measure::DecodeTokensPerS; });
    for (const Case& c : eighth_set_table_rows())
      if (c.w.weight_format == "q4_k_m") out.push_back(c);
    return out;
  }();
  return cases;
}

// The Q4_K_M rows of those: what kquant_decode_efficiency_2024 is fitted on.
inline std::vector<Case> fit_kquant_2024_cases() {
  return select_cases(fit_llamacpp_may2024_cases(), [](const Case& c) { return c.w.weight_format == "q4_k_m"; });
}

// llama.cpp's prompt processing in May 2024 on GeForce cards: the fifth held-out set's prompt rows
// (RTX 3080, 3090, 4090; pp512 and pp4096), moved here (their held-out errors:
// heldout_fifth_set_inference.hpp) when their quantised and F16 prompts, 15-43 % slower in the
// model than published at pp512, led to pricing llama.cpp's cuBLAS prompt GEMMs at the
// FP16-accumulate rate (twice the FP32-accumulate one on GeForce cards) and fitting
// llamacpp_cublas_efficiency on these ten rows together (fit_constants_test.cpp), and their
// pp512-to-pp4096 slowdowns (21-30 % published, 1-5 % in the model) to pricing the scores of a
// prompt without flash attention (prefill_score_bytes; not fitted). The eleventh held-out set
// (heldout_eleventh_set_inference.hpp), committed before either change, checks both.
inline const std::vector<Case>& fit_llamacpp_prompt_2024_cases() {
  static const std::vector<Case> cases =
      select_cases(fifth_set_table_rows(), [](const Case& c) { return c.measure == Measure::PrefillTokensPerS; });
  return cases;
}

// llama.cpp's prompt processing in May 2024 on an H100 PCIe: the eleventh held-out set's three
// pp4096 rows (heldout_eleventh_set_inference.hpp), the rows hopper_legacy_mma_share was studied on
// (+31 to +38 % held out: the H100 PCIe reached 1.3 times the A100's prompt rate where its FP16
// peak is 2.4 times). The share is Luo et al.'s measurement, not fitted on them; the twelfth
// held-out set's H100 PCIe rows (pp512 and pp8192, committed before the change) check it.
inline const std::vector<Case>& fit_hopper_legacy_mma_cases() {
  static const std::vector<Case> cases = select_cases(eleventh_set_table_rows(), is_h100_pcie);
  return cases;
}

// The pair llamacpp_early_2024_prompt_share is solved on: one card, model and test, January and
// May 2024 builds, one contributor (slaren). The January row was held out at +18.1 % until the
// share was added; the RTX 3090's January rows (PR #4766, heldout_inference.hpp) check it.
//  - ggml-org/llama.cpp PR #4812 "llama-bench : add no-kv-offload parameter" (2024-01-07, build
//    32d9f7d9): RTX 3090 Ti, "| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | 0 | pp 512 | 4035.47 |";
//  - ggml-org/llama.cpp PR #7302 "Avoid unnecessarily disabling CUDA graphs" (slaren's comment,
//    2024-05-15, "t/s master" column): "| RTX 3090 Ti | llama 7B Q4_0 | pp512 | 4938.82 |".
// Both llama-bench's defaults then: a 512-token micro-batch, no flash attention, the quantised
// prompt dequantised for cuBLAS (MMQ on tensor cores came in June 2024); May's build replays the
// decode step as a CUDA graph (PR #6766), which a prompt does not use.
inline const std::vector<Case>& fit_llamacpp_early_prompt_cases() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l2_7 = *find_model("llama-2-7b");
    const Measure pre = Measure::PrefillTokensPerS;
    const InferRow rows[] = {
        {"llama.cpp Llama 2 7B Q4_0 pp512, RTX 3090 Ti (January 2024)", l2_7, "int4", 1, 1, 512, 0, pre,
         pcie_host("nvidia-rtx-3090-ti-fe", 1, true), 4035.47, "tokens/s", "q4_0", false, false, 202401, true},
        {"llama.cpp Llama 2 7B Q4_0 pp512, RTX 3090 Ti (May 2024)", l2_7, "int4", 1, 1, 512, 0, pre,
         pcie_host("nvidia-rtx-3090-ti-fe", 1, true), 4938.82, "tokens/s", "q4_0", true, false, 202405, true},
    };
    std::vector<Case> out;
    for (const InferRow& r : rows) out.push_back(inference_case(r));
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

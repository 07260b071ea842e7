// Held-out inference rows of a sixth set: one document's fixed-batch end-to-end latencies of Llama
// 3.1 70B and 405B in FP8 on eight MI300X (vLLM) and eight H100 (TensorRT-LLM 0.16), measured
// side by side in January 2025, written down with their settings and committed before the model
// was run on them; none changed after. Batches 1, 8 and 64 of each table (batch-1 latency, the
// middle of the range and where decoding turns compute-heavy), both prompt lengths, both models,
// both machines: 24 of the document's 64 rows, three of its eight batches so that one document
// does not outweigh the rest of the set. Source:
//  - ROCm blogs, "Best practices for competitive inference optimization on AMD Instinct MI300X
//    GPUs" (Andy Luo, 29 Jan 2025; github.com/ROCm/rocm-blogs
//    blogs/artificial-intelligence/LLM_Inference/README.md at 11235ac2), "vLLM Latency Benchmark
//    Results": "end-to-end latency (measured in milliseconds), also known as TTLT (Time to Last
//    Token)"; "The MI300X data was benchmarked with a prebuilt vllm-dev:20250112 image" (vLLM
//    0.6.7.dev, ROCm 6.3.0; served with "--quantization fp8 --kv-cache-dtype fp8", TP 8); "The
//    H100 data was benchmarked with TRT-LLM 0.16.0 following these intructions: [...]
//    #emulated-static-batching"; endnote MI300-074: "8x AMD MI300X (192GB, 750W)" in a Supermicro
//    AS-8125GS-TNMR2 and "8x NVIDIA H100 (80GiB, 700W)" in a Supermicro AS-8125GS-TNHR, CUDA
//    12.6; "Latency is calculated as elapsed_time for processing input_lenghts + output_lengths."
//    Rows "| Model | Precision | TP Size | Batch Size | Input | Output | Latency (ms), MI300X |
//    Latency (ms), H100 | ... |":
//    "| Llama 3.1 70B | FP8 | 8 | 1 | 128 | 2048 | 19089 | 20923 | 1.10 |",
//    "| 8 | 128 | 2048 | 21859 | 22102 | 1.01 |", "| 64 | 128 | 2048 | 32548 | 29599 | 0.91 |",
//    "| 1 | 2048 | 2048 | 19154 | 21105 | 1.10 |", "| 8 | 2048 | 2048 | 22486 | 23453 | 1.04 |",
//    "| 64 | 2048 | 2048 | 39920 | 36313 | 0.91 |";
//    "| Llama 3.1 405B | FP8 | 8 | 1 | 128 | 2048 | 51740 | 58916 | 1.14 |",
//    "| 8 | 128 | 2048 | 56902 | 62833 | 1.1 |", "| 64 | 128 | 2048 | 81085 | 87298 | 1.08 |",
//    "| 1 | 2048 | 2048 | 52218 | 59511 | 1.14 |", "| 8 | 2048 | 2048 | 59931 | 66082 | 1.1 |",
//    "| 64 | 2048 | 2048 | 108503 | 106951 | 0.99 |".
// Settings the document does not print: the H100 engines' KV cache in FP8 as the MI300X's (a
// static batch built from NVIDIA's FP8 checkpoints; not stated), each GPU's NVLink or Infinity
// Fabric through the baseboard as the other rows of those machines take it (heldout_training.hpp
// dgx, heldout_inference.hpp mi300x_node). Llama 3.1 70B is Llama 3 70B's architecture (the
// preset). The 405B rows repeat configurations of fit rows from a later vLLM release on the same
// machine (fit_cdna3.hpp, vLLM 0.10): a measurement of other software, as the third training set's
// releases are.
#pragma once

#include <string>

#include "validation/heldout_inference.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_sixth_inference() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l70 = *find_model("llama-3-70b"), l405 = *find_model("llama-3.1-405b");
    const PerfSystem mi = mi300x_node(), h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    const Measure e2e = Measure::LatencySeconds;
    struct Row {
      bool big;  // 405B, else 70B
      int batch, prompt;
      double mi300x_ms, h100_ms;
    };
    const Row rows[] = {
        {false, 1, 128, 19089, 20923},   {false, 8, 128, 21859, 22102},   {false, 64, 128, 32548, 29599},
        {false, 1, 2048, 19154, 21105},  {false, 8, 2048, 22486, 23453},  {false, 64, 2048, 39920, 36313},
        {true, 1, 128, 51740, 58916},    {true, 8, 128, 56902, 62833},    {true, 64, 128, 81085, 87298},
        {true, 1, 2048, 52218, 59511},   {true, 8, 2048, 59931, 66082},   {true, 64, 2048, 108503, 106951},
    };
    std::vector<Case> out;
    for (bool amd : {true, false})
      for (const Row& r : rows) {
        std::string label = std::string(amd ? "vLLM (2025-01)" : "TensorRT-LLM 0.16") + " Llama 3.1 " +
                            (r.big ? "405B" : "70B") + " FP8, 8x " + (amd ? "MI300X" : "H100") + " TP8, batch " +
                            std::to_string(r.batch) + ", " + std::to_string(r.prompt) + "+2048";
        InferRow i{label.c_str(), r.big ? l405 : l70, "fp8", 8, r.batch, r.prompt, 2048, e2e, amd ? mi : h100,
                   (amd ? r.mi300x_ms : r.h100_ms) / 1e3, "s"};
        out.push_back(inference_case(i));
      }
    return out;
  }();
  return cases;
}

}  // namespace rigplan::validation

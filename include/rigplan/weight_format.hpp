// Weight storage formats of inference runtimes: the bits a weight really takes in GPU memory (and
// so in every decode step's weight stream), from each format's own definition, where the
// precision alone ("int4" = 4 bits) undercounts the block scales. A format is chosen with the
// workload's `weight_format` (request key and `--weight-format`); empty = the precision's bytes.
//  - llama.cpp's GGUF block formats (ggml/src/ggml-common.h, github.com/ggml-org/llama.cpp):
//    Q4_0 is a block of 32 weights with one fp16 scale (18 bytes: 4.5 bits per weight), Q8_0 a
//    block of 32 with one fp16 scale (34 bytes: 8.5 bits), Q4_K a super-block of 256 in 144 bytes
//    ("Effectively 4.5 bits per weight"), Q6_K 210 bytes per 256 (6.5625 bits). Its 4-bit file
//    types keep the output matrix in Q6_K, and Q4_K_M also stores part of attn_v and ffn_down in
//    Q6_K: llama.cpp's quantize tool lists Llama-3-8B (8.03 B parameters) at 4.34 GiB in Q4_0,
//    4.58 GiB in Q4_K_M and 7.96 GiB in Q8_0 (tools/quantize/quantize.cpp, QUANT_OPTIONS), i.e.
//    4.64, 4.90 and 8.51 bits per weight; less the Q6_K output matrix (525 M weights) the body of
//    Q4_K_M is 4.78 bits, taken as 4.8 (Llama 2 7B's 3.80 GiB Q4_K_M gives 4.81).
//  - llama.cpp's GGUF F16 and BF16: the weights as they are, 16 bits, in a GGUF file that
//    llama.cpp's own matrix-vector kernels decode (formats "f16" and "bf16", precisions fp16, bf16).
//  - MLC LLM's q4f16_1: 4-bit weights in groups of 32 with an fp16 scale (4.5 bits), the output
//    matrix included (mlc_llm/quantization/quantization.py, GroupQuantize group_size 32).
// Block formats are decoded by kernels that dequantise in registers (llama.cpp's mmvq), which
// reach a lower share of memory bandwidth than a plain 16-bit stream (PerfAssumptions::
// block_quant_decode_efficiency).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rigplan/workload.hpp"

namespace rigplan {

struct WeightFormat {
  std::string_view name;
  std::string_view precision;  // the precision it stands for in memory checks and compute: int4 | int8
  double body_bits = 0;        // bits per weight of the transformer layers
  double head_bits = 0;        // bits per weight of the output (vocabulary) matrix
  bool block_quantised = false;  // dequantised block by block in the decode kernels (GGUF)
  bool k_quant = false;          // a GGUF K-quant: super-blocks of 256 with packed sub-block scales
  bool gguf = false;             // a llama.cpp GGUF type, decoded by llama.cpp's own kernels
};

const std::vector<WeightFormat>& weight_formats();
const WeightFormat* find_weight_format(std::string_view name);
std::vector<std::string_view> weight_format_names();

// Bytes of the whole model's weights under the workload's format (its precision's bytes when none).
double weight_bytes(const Workload& w);
// Of those, the input embedding's (vocabulary x hidden at the body's bits) where the output layer
// has its own matrix; 0 for tied embeddings. A decode step looks up one row of it, not the matrix.
double input_embedding_bytes(const Workload& w);
// Weight bytes on the most loaded GPU of an inference layout: the whole over tp x pp, except under
// pipeline parallelism, where the last stage holds the output layer beside its share of the layers
// (and the first the input embedding, no larger): vLLM builds each component on its own rank only
// since PR #6455 (2024-07: "up to 25% per-rank memory savings for the Llama-3-70B model" at PP 8),
// and llama.cpp keeps the input layer on the CPU and puts the output layer on the last GPU
// (src/llama-model.cpp, load_tensors: "there is very little benefit to offloading the input layer,
// so always keep it on the CPU").
double stage_weight_bytes(const Workload& w);

}  // namespace rigplan

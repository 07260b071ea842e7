// The precisions a workload can be given in, declared once: the bytes a weight or value takes,
// whether it trains, and which of the catalog's dense peaks its math runs at, with the fallback a
// framework takes on a card without units for it. size, cluster, plan, sweeps, the request keys
// and the performance model all read this table (issue: one table per vocabulary).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "rigplan/parts.hpp"

namespace rigplan {

struct PrecisionSpec {
  std::string_view name;
  double bytes;   // per weight or value: fp32 4, bf16/fp16 2, fp8/int8 1, int4 0.5
  bool trains;    // int8 and int4 are weight-only formats for inference
  // The peaks the math runs at, first one the catalog has wins: fp8 on a card without FP8 units
  // runs at 16-bit (Transformer Engine and vLLM fall back), int8/int4 weight-only quantisation
  // dequantises to 16-bit before the matmul (GPTQ, AWQ, llama.cpp's CUDA kernels), fp32 matmuls
  // use the fp32 figure (PyTorch keeps TF32 off for matmuls by default).
  std::vector<std::optional<double> Tflops::*> peaks;
};

const std::vector<PrecisionSpec>& precision_table();
const PrecisionSpec* find_precision(std::string_view name);  // nullptr = not a precision

// The names, in table order; and those that train.
const std::vector<std::string_view>& precisions();
const std::vector<std::string_view>& training_precisions();

// The dense peak (TFLOPS) the math of `precision` runs at on a card with these figures; 0 when
// the catalog has none of them (or the name is not a precision).
double peak_tflops_for(const Tflops& t, std::string_view precision);

}  // namespace rigplan

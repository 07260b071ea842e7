// The precision table (rigplan/precision.hpp): names, bytes, whether they train, and the peak
// each one's math runs at.
#include "rigplan/precision.hpp"

namespace rigplan {

const std::vector<PrecisionSpec>& precision_table() {
  static const std::vector<PrecisionSpec> t = {
      {"fp32", 4, true, {&Tflops::fp32}},
      {"bf16", 2, true, {&Tflops::bf16, &Tflops::fp16}},
      {"fp16", 2, true, {&Tflops::fp16}},
      {"fp8", 1, true, {&Tflops::fp8, &Tflops::bf16, &Tflops::fp16}},
      {"int8", 1, false, {&Tflops::bf16, &Tflops::fp16}},
      {"int4", 0.5, false, {&Tflops::bf16, &Tflops::fp16}},
  };
  return t;
}

const PrecisionSpec* find_precision(std::string_view name) {
  for (const auto& p : precision_table())
    if (p.name == name) return &p;
  return nullptr;
}

const std::vector<std::string_view>& precisions() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const auto& p : precision_table()) v.push_back(p.name);
    return v;
  }();
  return names;
}

const std::vector<std::string_view>& training_precisions() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const auto& p : precision_table())
      if (p.trains) v.push_back(p.name);
    return v;
  }();
  return names;
}

double peak_tflops_for(const Tflops& t, std::string_view precision) {
  const PrecisionSpec* p = find_precision(precision);
  if (!p) return 0;
  for (auto peak : p->peaks)
    if (t.*peak) return *(t.*peak);
  return 0;
}

}  // namespace rigplan

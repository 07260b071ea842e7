// Weight storage formats (see include/rigplan/weight_format.hpp for the sources of each figure).
#include "rigplan/weight_format.hpp"

#include <algorithm>

namespace rigplan {

const std::vector<WeightFormat>& weight_formats() {
  static const std::vector<WeightFormat> all = {
      {"q4_0", "int4", 4.5, 6.5625, true, false, true},
      {"q4_k_m", "int4", 4.8, 6.5625, true, true, true},
      {"q8_0", "int8", 8.5, 8.5, true, false, true},
      {"f16", "fp16", 16, 16, false, false, true},
      {"bf16", "bf16", 16, 16, false, false, true},
      {"q4f16_1", "int4", 4.5, 4.5, false},
  };
  return all;
}

const WeightFormat* find_weight_format(std::string_view name) {
  for (const WeightFormat& f : weight_formats())
    if (f.name == name) return &f;
  return nullptr;
}

std::vector<std::string_view> weight_format_names() {
  std::vector<std::string_view> out;
  for (const WeightFormat& f : weight_formats()) out.push_back(f.name);
  return out;
}

namespace {

// Parameters of one vocabulary x hidden matrix (the input embedding or the output layer), at most
// the model's.
double vocab_matrix_params(const ModelSpec& m) { return std::min(m.params, static_cast<double>(m.vocab) * m.hidden); }

}  // namespace

double weight_bytes(const Workload& w) {
  const ModelSpec& m = w.model;
  const WeightFormat* f = w.weight_format.empty() ? nullptr : find_weight_format(w.weight_format);
  if (!f) return m.params * bytes_per_param(w.precision);
  // The output matrix (vocabulary x hidden) at the head's bits, the rest at the body's.
  double head = vocab_matrix_params(m);
  return ((m.params - head) * f->body_bits + head * f->head_bits) / 8;
}

double input_embedding_bytes(const Workload& w) {
  const ModelSpec& m = w.model;
  if (m.tied_embeddings || m.vocab <= 0 || m.hidden <= 0) return 0;
  const WeightFormat* f = w.weight_format.empty() ? nullptr : find_weight_format(w.weight_format);
  return vocab_matrix_params(m) * (f ? f->body_bits / 8 : bytes_per_param(w.precision));
}

double stage_weight_bytes(const Workload& w) {
  const ModelSpec& m = w.model;
  double tp = std::max(1, w.tp), pp = std::max(1, w.pp);
  double total = weight_bytes(w);
  if (pp <= 1 || m.vocab <= 0 || m.hidden <= 0) return total / (tp * pp);
  const WeightFormat* f = w.weight_format.empty() ? nullptr : find_weight_format(w.weight_format);
  double head = vocab_matrix_params(m) * (f ? f->head_bits / 8 : bytes_per_param(w.precision));
  double layers = total - head - input_embedding_bytes(w);
  if (layers <= 0) return total / (tp * pp);
  return (layers / pp + head) / tp;
}

}  // namespace rigplan

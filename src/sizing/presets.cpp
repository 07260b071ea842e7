// Workload presets: data/models/presets.json, compiled in, validated against
// data/schema/models.schema.json at first use; and the parameter count an architecture implies.
#include <algorithm>
#include <stdexcept>

#include "util/embedded_schema.hpp"
#include "rigplan/error.hpp"
#include "rigplan/precision.hpp"
#include "rigplan/workload.hpp"
#include "util/embedded.hpp"

namespace rigplan {

double bytes_per_param(const std::string& p) {
  if (const PrecisionSpec* spec = find_precision(p)) return spec->bytes;
  throw std::invalid_argument("unknown precision " + p);
}

const std::vector<ModelSpec>& model_presets() {
  static const std::vector<ModelSpec> all = [] {
    std::vector<ModelSpec> out;
    for (const auto& f : embedded::files()) {
      if (f.path.rfind("data/models/", 0) != 0) continue;
      auto doc = nlohmann::json::parse(f.content);
      auto errors = embedded_schema("models.schema.json").validate(doc);
      if (!errors.empty())
        throw std::logic_error(std::string(f.path) + errors[0].pointer + ": " + errors[0].message);
      for (const auto& m : doc["models"]) {
        ModelSpec s;
        s.id = m["id"];
        s.name = m["name"];
        s.source = m["source"];
        s.architecture = m["architecture"];
        s.params = m["params"];
        s.active_params = m.value("active_params", 0.0);
        s.layers = m["layers"];
        s.hidden = m["hidden"];
        s.heads = m["heads"];
        s.kv_heads = m["kv_heads"];
        s.head_dim = m.value("head_dim", 0);
        s.ffn = m["ffn"];
        s.vocab = m["vocab"];
        s.max_context = m["max_context"];
        s.mlp = m["mlp"];
        s.tied_embeddings = m["tied_embeddings"];
        s.experts = m.value("experts", 1);
        s.experts_per_token = m.value("experts_per_token", 1);
        s.hidden_dropout = m.value("hidden_dropout", 0.0);
        s.linear_bias = m.value("linear_bias", false);
        out.push_back(s);
      }
    }
    return out;
  }();
  return all;
}

const ModelSpec* find_model(const std::string& id) {
  for (const auto& m : model_presets())
    if (m.id == id) return &m;
  return nullptr;
}

ModelSpec custom_model(double params, int layers, int hidden, int heads, int kv_heads, int ffn, int vocab) {
  ModelSpec m;
  m.id = "custom";
  m.name = "custom model";
  m.architecture = "decoder";
  if (layers > 0 || hidden > 0) {
    if (layers <= 0 || hidden <= 0 || heads <= 0)
      input_error("a custom shape needs layers, hidden and heads (and optionally kv_heads, ffn, vocab)");
    if (hidden % heads != 0) input_error("hidden " + std::to_string(hidden) + " is not a multiple of heads " + std::to_string(heads));
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kv_heads = kv_heads > 0 ? kv_heads : heads;
    m.ffn = ffn > 0 ? ffn : 4 * hidden;
    m.vocab = vocab;
    m.max_context = 2048;
    m.params = params > 0 ? params : params_from_architecture(m);
    return m;
  }
  if (params <= 0) input_error("give a model: a preset id, a parameter count, or layers/hidden/heads");
  m.params = params;
  return m;
}

double params_from_architecture(const ModelSpec& m) {
  double h = m.hidden, d = m.head_size(), f = m.ffn, L = m.layers;
  double attn = h * (m.heads * d) + 2 * h * (m.kv_heads * d) + (m.heads * d) * h;  // Q, K, V, O
  double mlp_matrices = m.mlp == "swiglu" ? 3 : 2;
  double mlp = mlp_matrices * h * f * m.experts + (m.experts > 1 ? h * m.experts : 0);  // + router
  double norms = 2 * h;
  double embed = static_cast<double>(m.vocab) * h * (m.tied_embeddings ? 1 : 2);
  // Encoder-decoder: the decoder half of the layers adds a cross-attention block each.
  double cross = m.architecture == "encoder-decoder" ? (L / 2) * (attn + h) : 0;
  return L * (attn + mlp + norms) + cross + embed;
}

}  // namespace rigplan

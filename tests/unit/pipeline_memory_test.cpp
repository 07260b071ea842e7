// The training states of a pipeline-parallel layout are the most loaded stage's: its share of the
// transformer layers and one vocabulary-sized matrix (Megatron-LM's theoretical_memory_usage.py,
// "Most loaded model shard has (1/pp_size transformer layers + 1 embedding layer) / tp_size"),
// or with the embedding and the loss in the split the larger of a middle and an end stage; an
// inference split's last stage holds the output layer beside its share (stage_weight_bytes).
#include <catch2/catch.hpp>

#include <cmath>

#include "rigplan/catalog.hpp"
#include "rigplan/framework.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/sizing.hpp"
#include "rigplan/weight_format.hpp"

using namespace rigplan;

namespace {

Workload trained(const char* model, int tp, int pp) {
  Workload w;
  w.model = *find_model(model);
  w.framework = Framework::Megatron;
  w.accounting = Accounting::Zero;  // 16 bytes a parameter: 2 weights, 2 gradients, 12 optimizer
  w.seq = 4096;
  w.tp = tp, w.pp = pp, w.dp = 1;
  return w;
}

double matrix(const ModelSpec& m) { return static_cast<double>(m.vocab) * m.hidden; }

}  // namespace

TEST_CASE("pipeline memory: the most loaded stage holds its layers and one vocabulary matrix") {
  // Llama 3 70B, untied: the input embedding and the output layer are 128256 x 8192 each.
  Workload w = trained("llama-3-70b", 2, 8);
  const ModelSpec& m = w.model;
  REQUIRE_FALSE(m.tied_embeddings);
  double layers = m.params - 2 * matrix(m);
  double stage = (layers / 8 + matrix(m)) / 2;
  MemoryBreakdown r = memory_per_gpu(w);
  CHECK(r.weights == Approx(2 * stage));
  CHECK(r.gradients == Approx(2 * stage));
  CHECK(r.optimizer == Approx(12 * stage));
  CHECK(stage / 1e9 == Approx(4.80).margin(0.01));  // where the even split gave 70.55 / 16 = 4.41
  CHECK(stage > m.params / 16);

  // One stage: every parameter, as before (the model's own count, embeddings included).
  Workload one = trained("llama-3-70b", 8, 1);
  CHECK(memory_per_gpu(one).weights == Approx(2 * m.params / 8));

  // A tied model keeps the embedding's copy on the last stage: one matrix beside the layers too.
  Workload tied = trained("llama-3-8b", 1, 4);
  tied.model.tied_embeddings = true;
  tied.model.params -= matrix(tied.model);
  double tied_stage = (tied.model.params - matrix(tied.model)) / 4 + matrix(tied.model);
  CHECK(memory_per_gpu(tied).weights == Approx(2 * tied_stage));
}

TEST_CASE("pipeline memory: with the embedding and the loss in the split, the larger of a middle and an end stage") {
  // Llama 3.1 405B, PP 8 with the split: 128 slots, 16 a stage; a middle stage holds 16 layers,
  // an end stage 15 beside a 128256 x 16384 matrix, smaller than a layer: the middle stage counts.
  Workload w = trained("llama-3.1-405b", 8, 8);
  w.embedding_in_pipeline_split = true;
  const ModelSpec& m = w.model;
  double per_layer = (m.params - 2 * matrix(m)) / m.layers;
  REQUIRE(matrix(m) < per_layer);
  CHECK(memory_per_gpu(w).weights == Approx(2 * 16 * per_layer / 8));
  // Without the split, Megatron's estimate: the layers' share and one matrix.
  Workload plain = trained("llama-3.1-405b", 8, 8);
  CHECK(memory_per_gpu(plain).weights == Approx(2 * ((m.params - 2 * matrix(m)) / 8 + matrix(m)) / 8));
  // A vocabulary matrix larger than a layer (a small model, a large vocabulary): the end stage.
  Workload small = trained("llama-3-8b", 1, 4);
  small.embedding_in_pipeline_split = true;
  small.model.layers = 30;  // 32 slots, 8 a stage
  double small_layer = (small.model.params - 2 * matrix(small.model)) / 30;
  REQUIRE(matrix(small.model) > small_layer);
  CHECK(memory_per_gpu(small).weights == Approx(2 * (7 * small_layer + matrix(small.model))));
}

TEST_CASE("pipeline memory: an inference split's last stage holds the output layer beside its layers") {
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.mode = Mode::Infer;
  w.precision = "bf16";
  w.pp = 4;
  const double m2 = 2 * matrix(w.model);  // one vocabulary matrix in bf16
  CHECK(memory_per_gpu(w).weights == Approx((weight_bytes(w) - 2 * m2) / 4 + m2));
  CHECK(memory_per_gpu(w).weights > weight_bytes(w) / 4);
  // One stage: the whole (over tp).
  w.pp = 1, w.tp = 2;
  CHECK(memory_per_gpu(w).weights == Approx(weight_bytes(w) / 2));
  // A GGUF format: the output layer at its head's bits, the input embedding at the body's.
  Workload q = w;
  q.tp = 1, q.pp = 2;
  q.precision = "int4";
  q.weight_format = "q4_k_m";
  const WeightFormat* f = find_weight_format("q4_k_m");
  REQUIRE(f != nullptr);
  double head = matrix(q.model) * f->head_bits / 8;
  CHECK(memory_per_gpu(q).weights == Approx((weight_bytes(q) - head - input_embedding_bytes(q)) / 2 + head));
  // The KV pool is what that stage leaves (vLLM's gpu_memory_utilization of the GPU less it).
  PerfAssumptions a;
  Hardware hw = hardware_from_gpu(*Catalog::builtin().find<Gpu>("nvidia-h100-sxm5-80gb"), 2, true);
  InferencePerf p = inference_perf(q, perf_system(hw), 512, 1, a);
  CHECK(p.kv_pool_bytes == Approx(80 * std::pow(1024.0, 3) * a.inference_memory_utilization - memory_per_gpu(q).weights -
                                  SizingAssumptions{}.overhead_bytes));
}

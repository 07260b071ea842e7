// Memory per GPU: model states (ZeRO §3, Figure 1), activations (Korthikanti et al. 2022,
// Table 2) and the loss's logits, LoRA adapters (Hu et al. 2021; QLoRA's 4-bit NF4 base, Dettmers et al. 2023 §3),
// inference weights and KV cache (vLLM §3). See include/rigplan/sizing.hpp.
#include <algorithm>
#include <stdexcept>

#include "rigplan/framework.hpp"
#include "rigplan/sizing.hpp"
#include "rigplan/weight_format.hpp"

namespace rigplan {

namespace {

// Optimizer-state bytes per trained parameter, beyond the working weights and gradients.
// Mixed precision keeps an fp32 master copy (4) plus the states; fp32 training needs no master.
double optimizer_bytes_per_param(Optimizer opt, bool mixed) {
  double master = mixed ? 4 : 0;
  switch (opt) {
    case Optimizer::AdamW: return master + 8;      // momentum + variance, fp32 (ZeRO: K = 12 mixed)
    case Optimizer::Sgd: return master + 4;        // momentum, fp32
    case Optimizer::Adafactor: return master + 0;  // factored second moments: O(rows + cols), ~0 per param
    case Optimizer::Adam8bit: return master + 2;   // two 8-bit states (Dettmers et al. 2022)
  }
  throw std::invalid_argument("unknown optimizer");
}

}  // namespace

double kv_cache_bytes_per_element(const std::string& precision) {
  if (precision == "int4" || precision == "int8") return 2;  // weight-only quantisation
  return std::max(1.0, bytes_per_param(precision));          // fp32 4, bf16/fp16 2, fp8 1
}

double kv_cache_bytes_per_token(const Workload& w) {
  const ModelSpec& m = w.model;
  double kv_heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
  double per_rank = std::max(1.0, kv_heads / std::max(1, w.tp));
  int pp = std::max(1, w.pp);
  double layers = (m.layers + pp - 1) / pp;
  return 2.0 * layers * per_rank * m.head_size() * kv_cache_bytes_per_element(w.precision);
}

double lora_adapter_params(const ModelSpec& m, int rank) {
  double h = m.hidden, q = static_cast<double>(m.heads) * m.head_size(), kv = static_cast<double>(m.kv_heads) * m.head_size();
  double attn = rank * ((h + q) + 2 * (h + kv) + (q + h));
  double mlp = (m.mlp == "swiglu" ? 3 : 2) * rank * (h + m.ffn) * m.experts;
  return m.layers * (attn + mlp);
}

double activation_bytes_per_layer(const Workload& w) {
  const ModelSpec& m = w.model;
  // Context parallelism splits every activation along the sequence: each GPU holds s / cp tokens
  // (Megatron-LM's context_parallel.rst: "The activation memory footprint per GPU is also CP times
  // smaller"; only flash attention runs with it, so no s x s scores).
  double s = w.mode == Mode::Infer ? 1 : static_cast<double>(w.sequence()) / std::max(1, w.cp);
  double b = w.micro_batch, h = m.hidden, a = m.heads, f = m.ffn, t = w.tp;
  double sbh = s * b * h;
  double mlp_ratio = m.mlp == "swiglu" ? 6 : 4;
  // Korthikanti Table 2 splits 34 sbh into attention 11, MLP 19 (= 3 + 4f/h at f = 4h), norms 4.
  double linear = 11 * sbh + (3 * sbh + mlp_ratio * s * b * f) + 4 * sbh;  // "34 sbh"
  double scores = w.attention == Attention::Flash ? 0 : 5 * a * s * s * b;           // "5as²b"
  if (w.recompute == Recompute::Full) return 2 * sbh / (w.sp ? t : 1);                // layer input only
  if (w.recompute == Recompute::Selective) scores = 0;                                // recompute attention core
  if (t > 1) {
    // Without SP the layer norms and dropouts (10 sbh) stay replicated; with SP all is split.
    double replicated = w.sp ? 0 : 10 * sbh;
    return replicated + (linear - (w.sp ? 0 : 10 * sbh)) / t + scores / t;
  }
  return linear + scores;
}

namespace {

// Parameters on the most loaded GPU of a layout's model-parallel group. Pipeline stages
// split the transformer layers, and the first stage also holds the input embedding and the last
// the output layer (a tied model keeps a copy of the embedding there): the most loaded stage holds
// its share of the layers and one vocabulary-sized matrix, Megatron-LM's
// megatron/training/theoretical_memory_usage.py (compute_weight_and_optimizer_memory: "Most loaded
// model shard has (1/pp_size transformer layers + 1 embedding layer) / tp_size"). Where the
// embedding and the loss take a layer's slot in the split (embedding_in_pipeline_split), the end
// stages hold one layer fewer beside them: the larger of a middle stage and an end stage.
double stage_params(const Workload& w) {
  const ModelSpec& m = w.model;
  double tp = std::max(1, w.tp), pp = std::max(1, w.pp);
  double matrix = m.vocab > 0 ? static_cast<double>(m.vocab) * m.hidden : 0;
  double layers_params = m.params - (m.tied_embeddings ? 1 : 2) * matrix;
  if (pp <= 1 || matrix <= 0 || m.layers <= 0 || layers_params <= 0) return m.params / (tp * pp);
  if (!w.embedding_in_pipeline_split) return (layers_params / pp + matrix) / tp;
  double per_layer = layers_params / m.layers, slots = w.pipeline_slots() / pp;
  return std::max(slots * per_layer, (slots - 1) * per_layer + matrix) / tp;
}

}  // namespace

MemoryBreakdown memory_per_gpu(const Workload& w, const SizingAssumptions& a) {
  const ModelSpec& m = w.model;
  MemoryBreakdown r;
  double shard = m.params / (w.tp * w.pp);  // an even model-parallel shard (offload's layer-at-a-time terms)
  double stage = stage_params(w);  // the most loaded GPU's parameters
  r.params = stage;
  // The GPUs that hold the same weights: data- and context-parallel ranks alike, over which
  // ZeRO, FSDP and Megatron's distributed optimizer shard (Megatron-Core's data-parallel group
  // "with context parallel"; torchtitan's FSDP mesh over dp_shard x cp).
  double dp = static_cast<double>(std::max(1, w.dp)) * std::max(1, w.cp);
  r.overhead = a.overhead_bytes;

  if (w.mode == Mode::Infer) {
    r.weights = stage_weight_bytes(w);  // the format's bits when one is given; the most loaded stage
    r.kv_cache = kv_cache_bytes_per_token(w) * w.inference_context() * w.micro_batch;
    return r;
  }

  double per_layer = activation_bytes_per_layer(w);
  // With 1F1B pipelining the first stage holds L/p layers for p micro-batches in flight: L layers'
  // worth in all (Korthikanti §4.2.3); without pipelining, the L layers of one micro-batch.
  r.activations = per_layer * m.layers;
  // Interleaving holds (p−1)/(p·v) more micro-batches in flight on the first stage (Korthikanti
  // et al. 2022, §4.2.3: the 1F1B factor 1 + (p−1)/(p·m) with m model chunks per GPU).
  if (w.pp > 1 && w.interleave > 1) r.activations *= 1 + (w.pp - 1.0) / (w.pp * w.interleave);
  if (w.recompute == Recompute::Full) {
    // Inputs of every layer, plus one layer's activations rebuilt during the backward pass.
    Workload one = w;
    one.recompute = Recompute::None;
    r.activations += activation_bytes_per_layer(one);
  }

  // The loss over the vocabulary: tokens x vocabulary / tp logits, at the bytes per logit the
  // framework's cross-entropy holds at its peak (PerfAssumptions::eager_/fused_loss_bytes_held).
  // With pipelining the last stage holds them, with fewer micro-batches in flight than the first
  // stage (1F1B): the first stage's activations above stay the larger figure.
  if (w.pp <= 1 && m.vocab > 0)
    r.activations += w.micro_batch * (static_cast<double>(w.sequence()) / std::max(1, w.cp)) *
                     static_cast<double>(m.vocab) / std::max(1, w.tp) * loss_bytes_held(w, a.perf);

  bool mixed = w.precision != "fp32";
  if (w.mode == Mode::Lora) {
    double base_b = w.lora_base == LoraBase::Int4 ? kNf4BytesPerParam : 2;
    double adapter = lora_adapter_params(m, w.lora_rank) / (w.tp * w.pp);
    r.weights = stage * base_b + adapter * 2;
    r.gradients = adapter * 2;
    r.optimizer = adapter * optimizer_bytes_per_param(w.optimizer, true);
    if (w.zero >= 1) r.optimizer /= dp;
    if (w.zero >= 2) r.gradients /= dp;
    if (w.zero >= 3) r.weights /= dp;  // ZeRO-3 partitions frozen weights too
    return r;
  }

  double wb = mixed ? 2 : 4;  // working weights and gradients: 16-bit in mixed precision (fp8 keeps bf16 master grads)
  r.weights = stage * wb;
  r.gradients = stage * wb;
  r.optimizer = stage * optimizer_bytes_per_param(w.optimizer, mixed);
  Accounting accounting = w.memory_accounting();
  if (accounting == Accounting::Megatron && mixed) {
    // Megatron-LM keeps fp32 main gradients: 2 + 4 + 12 = 18 bytes per parameter with Adam, and
    // its distributed optimizer shards only the optimizer states: 6 + 12/d (Megatron-LM's
    // distributed-optimizer documentation). It has no ZeRO-2/3: stages above 1 shard as 1.
    r.gradients = stage * 4;
    if (w.zero >= 1) r.optimizer /= dp;
  } else if (accounting == Accounting::Deepspeed && mixed && w.zero >= 2) {
    // DeepSpeed's own estimators (deepspeed.runtime.zero.stage_1_and_2 /
    // stage3 estimate_zero{2,3}_model_states_mem_needs): ZeRO-2 budgets 4 bytes per parameter
    // unpartitioned (16-bit weights and gradients) plus 16 / N partitioned (fp32 master, m, v and
    // an fp32 gradient partition); ZeRO-3 budgets 18 / N plus the largest layer, which rigplan
    // does not know and leaves out.
    double states = optimizer_bytes_per_param(w.optimizer, mixed);  // 12 with Adam
    if (w.zero >= 3) {
      r.weights = stage * 2 / dp;
      r.gradients = stage * 4 / dp;  // 2 + 4 + 12 = 18 / N
    } else {
      r.weights = stage * 2;
      r.gradients = stage * 2 + stage * 4 / dp;  // 4 unpartitioned + (12 + 4) / N
    }
    r.optimizer = stage * states / dp;
  } else {
    if (w.zero >= 1) r.optimizer /= dp;
    if (w.zero >= 2) r.gradients /= dp;
    if (w.zero >= 3) r.weights /= dp;
  }
  bool to_cpu = w.offload == Offload::Optimizer || w.offload == Offload::Params;
  if (to_cpu) {
    // ZeRO-Offload (Ren et al. 2021, §4): optimizer states live, and the update runs, on the CPU;
    // gradients stream to host memory as they are produced.
    r.host += r.optimizer + r.gradients;
    r.optimizer = 0;
    r.gradients = 0;
  }
  if (w.offload == Offload::Params) {
    r.host += r.weights;
    r.weights = shard * wb / std::max(1, m.layers);  // one layer's weights gathered at a time
  }
  if (w.framework == Framework::Deepspeed && mixed && to_cpu) {
    // DeepSpeed's own host-memory budget ("Memory Requirements", General RAM, in DeepSpeed's API
    // documentation, deepspeed.readthedocs.io/en/latest/memory.html), per node of n GPUs:
    // ZeRO-3 with zero.Init params x 18 (parameters offloaded too) or x 16 (the optimizer only) x
    // n / total GPUs; ZeRO-2 params x max(4 n, 16); each x additional_buffer_factor. Per GPU,
    // with the data-parallel group taken as one node's GPUs for ZeRO-2.
    double per_param = w.zero >= 3 ? (w.offload == Offload::Params ? 18.0 : 16.0) / dp : std::max(4.0, 16.0 / dp);
    r.host = std::max(r.host, shard * per_param) * a.deepspeed_host_buffer_factor;
  }
  if (w.offload == Offload::Nvme) {
    // ZeRO-Infinity (Rajbhandari et al. 2021, §5): parameters and optimizer states on NVMe, the
    // GPU holding one layer's weights at a time; gradients stream out as they are produced.
    r.nvme = r.optimizer + r.weights;
    r.optimizer = 0;
    r.weights = shard * wb / std::max(1, m.layers);
  }
  return r;
}

}  // namespace rigplan

// What a user wants to run: a model (a preset from data/models/ or a custom architecture) and
// how (full training, LoRA fine-tuning or inference; precision, optimizer, parallelism, memory
// savers, batch and sequence). Units live in names; every count is per the whole job unless the
// name says per GPU.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/workload_words.hpp"

namespace rigplan {

struct ModelSpec {
  std::string id, name, source, architecture;  // architecture: decoder | encoder | encoder-decoder | vision
  double params = 0;         // total, as published
  double active_params = 0;  // per token (MoE); 0 = params
  int layers = 0, hidden = 0, heads = 0, kv_heads = 0, head_dim = 0, ffn = 0, vocab = 0, max_context = 0;
  std::string mlp = "gelu";  // gelu | relu | squared_relu (2 matrices) | swiglu (3 matrices)
  bool tied_embeddings = false;
  int experts = 1, experts_per_token = 1;
  // Dropout probability on the hidden states in training (after the attention projection and
  // after the MLP), as the model's config sets it (GPT-2 resid_pdrop, BERT hidden_dropout_prob);
  // 0 = none (Llama, Mistral). Where the framework runs it as its own op, it costs memory passes.
  double hidden_dropout = 0;
  // The attention and MLP linear layers carry bias vectors (GPT-2, BERT, OPT, ViT; not Llama,
  // Mistral or T5), as the model's code defines them. Their gradients are a reduction over each
  // output gradient where the framework runs the model's own PyTorch ops.
  bool linear_bias = false;

  double active() const { return active_params > 0 ? active_params : params; }
  int head_size() const { return head_dim > 0 ? head_dim : hidden / heads; }
};

// Presets compiled in from data/models/presets.json (validated against models.schema.json).
const std::vector<ModelSpec>& model_presets();
const ModelSpec* find_model(const std::string& id);

// A custom decoder from its shape (kv_heads 0 = heads, ffn 0 = 4·hidden; params 0 = implied by
// the shape), or from a parameter count alone (layers 0: activations and KV cache unknown).
// Throws InputError on an inconsistent shape.
ModelSpec custom_model(double params, int layers, int hidden, int heads, int kv_heads, int ffn, int vocab);

// Parameters implied by the architecture (embeddings, attention with GQA, MLP, experts, norms);
// used to check the presets and to size custom models given by shape.
double params_from_architecture(const ModelSpec& m);

inline constexpr int kDefaultPromptTokens = 512;  // prefill length for time to first token (llama-bench's pp512)

struct Workload {
  ModelSpec model;
  Mode mode = Mode::Train;
  std::string precision = "bf16";    // weights/activations: fp32 | bf16 | fp16 | fp8 | int8 | int4
  Optimizer optimizer = Optimizer::AdamW;
  int lora_rank = 16;
  LoraBase lora_base = LoraBase::Bf16;  // the frozen base of a LoRA fine-tune
  int dp = 1, tp = 1, pp = 1;
  // Context parallelism (training): each sequence split over cp GPUs that hold the same weights,
  // attention run as a ring over their key/value chunks (Megatron-Core's --context-parallel-size
  // with Transformer Engine's attention; torchtitan's context_parallel_degree). The GPUs are
  // dp x tp x cp x pp; gradients are reduced, and states sharded, over dp x cp.
  int cp = 1;
  // Megatron-LM's --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-
  // split together (NeMo's Llama 3.1 405B recipes; Meta's Llama 3 stages, Dubey et al. 2024
  // §3.3.2, under FSDP): with pp > 1 the input embedding and the loss each count as a layer in the
  // split, so the first and the last stage hold one transformer layer fewer and layers + 2 divide
  // into pp x interleave chunks (126 + 2 = 128 = 8 x 8 x 2).
  bool embedding_in_pipeline_split = false;
  // The layers the pipeline split divides: layers + 2 with embedding_in_pipeline_split and pp > 1
  // (pipeline_slots_for: the same for a layout the search tries).
  int pipeline_slots() const;
  int zero = 0;                      // 0..3
  Offload offload = Offload::None;
  bool sp = false;                   // sequence parallelism (with tp)
  Recompute recompute = Recompute::None;
  Attention attention = Attention::Flash;
  int micro_batch = 1;
  int seq = 0;                       // training sequence length; 0 = min(max_context, 2048)
  int batch = 0;                     // global batch in sequences; 0 = micro_batch x dp
  int context = 0;                   // inference context (prompt + output); 0 = max_context
  double tokens = 0;                 // training tokens D
  std::optional<double> mfu;         // model FLOPs utilisation; absent = predicted (include/rigplan/perf.hpp)
  // The training framework (include/rigplan/framework.hpp). It chooses the memory accounting, the
  // layouts that run and the communication that overlaps.
  Framework framework = kDefaultFramework;
  // Memory accounting of the training states; absent = the framework's. Zero (the ZeRO paper: 16
  // bytes per parameter with mixed-precision Adam; FSDP and PyTorch AMP), Megatron (fp32 main
  // gradients: 18 bytes, 6 + 12/d with the distributed optimizer), Deepspeed (DeepSpeed's
  // estimate_zero2/3_model_states_mem_needs).
  std::optional<Accounting> accounting;
  int interleave = 1;                // virtual pipeline stages per GPU (interleaved 1F1B)
  int prompt = 0;                    // inference prompt tokens for time to first token; 0 = min(512, context)
  // Inference weight storage format (include/rigplan/weight_format.hpp: q4_0, q4_k_m, q8_0,
  // q4f16_1): the bits a weight really takes; empty = the precision's bytes.
  std::string weight_format;
  // Training: the average length of the documents packed into each sequence, each attending only
  // within itself (sequence packing for SFT/PEFT: FlashAttention's variable-length kernel over
  // cu_seqlens, NeMo's and Megatron-Bridge's packed sequences); 0 = one document a sequence.
  int packed_length = 0;
  // 16-bit training under PyTorch autocast over fp32 weights (each weight cast per use, an fp32
  // residual stream; include/rigplan/framework.hpp, uses_autocast); absent = the framework's (the
  // Hugging Face Trainer's: yes). NVIDIA apex's O2 mode, which casts the model itself to 16-bit: false.
  std::optional<bool> autocast;
  // Training: the layer's memory-bound ops as fused kernels (Megatron-Core's fused softmax and
  // bias-dropout-add, Transformer Engine's layers, a torch.compile'd model) or as the model's own
  // PyTorch ops, one kernel each (include/rigplan/framework.hpp, layer_kernels); absent = the
  // framework's (Megatron-LM and DeepSpeed: fused; FSDP and Hugging Face: eager).
  std::optional<bool> fused_kernels;

  int sequence() const;
  int inference_context() const;
  int prompt_tokens() const;  // the prompt for time to first token, within the context
  int gpus() const { return dp * tp * cp * pp; }
  Accounting memory_accounting() const;  // accounting, or the framework's
};

// The layers a pipeline of `pp` stages splits: `layers`, and the embedding and the loss as a layer
// each when `embedding_in_split` (Workload::embedding_in_pipeline_split) and pp > 1.
inline int pipeline_slots_for(int layers, bool embedding_in_split, int pp) {
  return layers + (embedding_in_split && pp > 1 ? 2 : 0);
}
inline int Workload::pipeline_slots() const { return pipeline_slots_for(model.layers, embedding_in_pipeline_split, pp); }

double bytes_per_param(const std::string& precision);  // fp32 4, bf16/fp16 2, fp8/int8 1, int4 0.5

}  // namespace rigplan

// Training frameworks: what choosing Megatron-LM, DeepSpeed, PyTorch FSDP or Hugging Face's
// Trainer (PyTorch DDP) means for a plan. A framework decides three things the sizing and
// performance models otherwise could not know:
//  - the memory accounting of the training states (Megatron-LM keeps fp32 main gradients: 18 bytes
//    per parameter with Adam; DeepSpeed budgets its ZeRO stages by its own estimators; FSDP and
//    PyTorch AMP keep fp32 parameters, fp32 gradients and Adam's two states: the ZeRO paper's 16);
//  - the layouts it runs (Megatron-LM: layers divisible by pipeline stages x interleaving depth,
//    an interleaved schedule only from 3 stages, no ZeRO-2/3; DeepSpeed: ZeRO-2/3 not with its
//    pipeline engine, no interleaved schedule; FSDP: no ZeRO-1 equivalent; the Trainer with DDP:
//    data parallelism only);
//  - which communication it overlaps with compute (Megatron's --overlap-grad-reduce and its
//    asynchronous tensor-parallel all-reduce; DeepSpeed's overlap_comm, on by default only at
//    ZeRO-3; PyTorch DDP's and FSDP's bucketed reduction and prefetched gathers).
// Each rule cites the framework's source or documentation where it is defined (src/sizing/framework.cpp).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/perf_assumptions.hpp"
#include "rigplan/workload.hpp"

namespace rigplan {

struct FrameworkSpec {
  Framework id;
  std::string_view title;       // for messages: "Megatron-LM"
  Accounting accounting;        // memory accounting of the training states
  std::array<bool, 4> zero{};   // ZeRO stages (or the framework's equivalent sharding) it runs
  bool tensor_parallel = false, pipeline_parallel = false;
  bool sharding_with_pipeline = false;  // ZeRO-2/3 (or FSDP's sharding) together with pp > 1
  int interleave_min_pp = 0;            // 0: no interleaved schedule; else the fewest stages it takes
  bool layers_divide_stages = false;    // layers divisible by pp x interleave
  bool kv_heads_divide_tp = false;      // KV heads a multiple or a divisor of tp
  bool async_tp = false;                // backward TP all-reduces overlap the weight-gradient GEMMs
  // Context parallelism (Workload::cp): Megatron-Core's --context-parallel-size (Transformer
  // Engine's ring attention over key/value chunks) and torchtitan's context_parallel_degree
  // (PyTorch's context_parallel with FSDP2); DeepSpeed-Ulysses splits heads by all-to-all, a
  // different scheme rigplan does not model.
  bool context_parallel = false;
  // Megatron-LM splits each sequence into 2 x cp chunks and gives rank r chunks r and 2cp - 1 - r,
  // so that causal attention's work is even (get_batch_on_this_cp_rank): seq a multiple of 2 x cp.
  int cp_sequence_chunks_per_rank = 1;
  std::array<bool, 4> offload{};        // by Offload (none, optimizer, params, nvme)
  // The loss over the vocabulary: Megatron's vocab-parallel cross-entropy (Megatron-LM, and
  // Megatron-DeepSpeed's GPT models), or PyTorch's eager cross-entropy on fp32 logits (FSDP and
  // Hugging Face models). Its bytes are PerfAssumptions' fused_/eager_loss_bytes_*.
  bool fused_cross_entropy = false;
  // Mixed precision by PyTorch autocast over fp32 weights (the Hugging Face Trainer): each weight
  // cast to 16-bit on use (PerfAssumptions::autocast_bytes_per_param per micro-batch) and an fp32
  // residual stream (autocast_elementwise_passes). The framework's default; a workload may say
  // otherwise (Workload::autocast; uses_autocast below decides).
  bool autocast_weights = false;
  // Attention without flash: Megatron's fused scale-mask-softmax kernel (Megatron-LM,
  // Megatron-DeepSpeed), or the model's own PyTorch ops for the scale, mask, softmax and dropout
  // (FSDP and Hugging Face models): PerfAssumptions' softmax_passes or eager_softmax_*passes.
  // The same choice decides the heads' layout: Megatron's attention core feeds its batched GEMMs
  // strided views, the models' own ops copy Q, K, V and the context (eager_head_copy_passes).
  bool fused_softmax = false;
  // The hidden states' dropout and residual add: Megatron's fused bias-dropout-add kernel (what
  // PerfAssumptions::elementwise_passes counts for the residual adds), or the model's own PyTorch
  // dropout op before each residual add (FSDP and Hugging Face models), where the model has one
  // (ModelSpec::hidden_dropout).
  bool fused_dropout_add = false;
  // The model's own PyTorch ops, one kernel each, launched per layer and micro-batch (FSDP and
  // Hugging Face models): PerfAssumptions::eager_layer_overhead_s a layer.
  bool eager_ops = false;
};

// The frameworks, in Framework order (the words are rigplan/workload_words.hpp's).
const std::vector<FrameworkSpec>& frameworks();
const FrameworkSpec& framework_spec(Framework f);

// Why the workload's layout cannot run under its framework (w.framework), or nullopt. The batch
// conditions (micro-batches a multiple of pp with interleaving) are the step model's.
std::optional<std::string> framework_layout_problem(const Workload& w);

// Whether the workload's 16-bit training runs under PyTorch autocast over fp32 weights: the
// workload's own setting (Workload::autocast), else the framework's (autocast_weights); never in
// fp32 or for LoRA's frozen base (whose weights are stored in their own type).
bool uses_autocast(const Workload& w);

// How the workload's layers run their memory-bound ops: the framework's FrameworkSpec choices
// (fused_softmax, fused_dropout_add, eager_ops), or all fused or all eager where the workload says
// (Workload::fused_kernels).
struct LayerKernels {
  bool fused_softmax = false, fused_dropout_add = false, eager_ops = false;
};
LayerKernels layer_kernels(const Workload& w);

// Bytes per logit the workload's loss moves (forward and backward) and holds at its peak.
double loss_bytes_moved(const Workload& w, const PerfAssumptions& a);
double loss_bytes_held(const Workload& w, const PerfAssumptions& a);

// Share of the data-parallel gradient reduction that hides behind the backward pass under the
// workload's framework, over a link that is (or is not) staged through host memory.
double dp_overlap_for(const Workload& w, bool host_staged, const PerfAssumptions& a);
// Bytes per element of the data-parallel gradient reduction and of the parameter all-gathers
// (ZeRO-3 / FSDP gathers, the distributed optimizer's gather after its step): grad_reduce_bytes
// and the run's 16-bit width, except Megatron in FP8 (NVIDIA's FP8 recipes reduce in bf16 and
// gather FP8 parameters: megatron_fp8_grad_reduce_bytes, megatron_fp8_param_gather_bytes).
double grad_reduce_bytes_for(const Workload& w, const PerfAssumptions& a);
double param_gather_bytes_for(const Workload& w, const PerfAssumptions& a);
// Share of the compute ZeRO-3 / FSDP parameter gathers hide behind.
double gather_overlap_for(const Workload& w, const PerfAssumptions& a);
// Share of the weight-gradient GEMMs the backward tensor-parallel all-reduces hide behind.
double tp_backward_overlap_for(const Workload& w, const PerfAssumptions& a);
// Share of the steady-state pipeline sends hidden behind compute: Megatron-LM's interleaved
// schedule overlaps them (`--overlap-p2p-communication`, on by default, forced off without
// interleaving; megatron/training/arguments.py); other frameworks and 1F1B: none.
double p2p_overlap_for(const Workload& w, const PerfAssumptions& a);

}  // namespace rigplan

// The training frameworks' rules (see include/rigplan/framework.hpp), each from the framework's
// own source or documentation:
//  - Megatron-LM (github.com/NVIDIA/Megatron-LM, megatron/training/arguments.py and
//    megatron/core/transformer/transformer_config.py at d98e8a64, 2026-08): "Number of layers
//    should be divisible by the pipeline-model-parallel size"; with --num-layers-per-virtual-
//    pipeline-stage, "number of layers per pipeline stage must be divisible number of layers per
//    virtual pipeline stage" (so layers divisible by pp x v, any such v); "When interleaved
//    schedule is used and p2p communication overlap is disabled, pipeline-model-parallel size
//    should be greater than 2"; num_attention_heads a multiple of tp, num_query_groups a multiple
//    or a divisor of tp. Its distributed optimizer (--use-distributed-optimizer) shards the
//    optimizer states only (ZeRO-1); it has no ZeRO-2/3; --optimizer-cpu-offload offloads the
//    optimizer. --overlap-grad-reduce overlaps the gradient reduction with the backward pass.
//    --context-parallel-size (docs/source/api-guide/context_parallel.rst: "the total number of
//    GPUs equals TPxCPxPPxDP"; Transformer Engine's attention) with each sequence viewed as 2 x cp
//    chunks, rank r taking chunks r and 2cp - 1 - r (get_batch_on_this_cp_rank).
//  - DeepSpeed (github.com/deepspeedai/DeepSpeed at edaa7221, 2026-08): the pipeline engine
//    asserts "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism"
//    (deepspeed/runtime/pipe/engine.py) and has no interleaved schedule; overlap_comm is on by
//    default only at ZeRO-3 (deepspeed/runtime/zero/config.py, overlap_comm_valid); optimizer
//    offload with ZeRO 1-3, parameter offload and NVMe with ZeRO-3 (ZeRO-Offload, ZeRO-Infinity).
//    Tensor parallelism through Megatron-DeepSpeed (Megatron's layers, asynchronous TP all-reduce).
//  - PyTorch FSDP (Zhao et al. 2023, "PyTorch FSDP", VLDB; torch.distributed.fsdp
//    ShardingStrategy): NO_SHARD (= DDP), SHARD_GRAD_OP (ZeRO-2), FULL_SHARD (ZeRO-3), no
//    optimizer-only sharding; CPUOffload(offload_params=True) keeps parameters, gradients and the
//    optimizer step on the CPU. With tensor and pipeline parallelism as torchtitan composes them
//    (FSDP2 + DTensor TP + torch.distributed.pipelining, whose interleaved schedules split the
//    layers at any points: no divisibility rule). Forward and backward prefetching (§3.3.2).
//    Context parallelism as torchtitan composes it (context_parallel_degree over FSDP2's mesh).
//  - Hugging Face Trainer with PyTorch DDP (Li et al. 2020, "PyTorch Distributed", VLDB):
//    data parallelism only, gradients all-reduced in buckets during the backward pass.
#include "rigplan/framework.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rigplan {

namespace {

std::vector<FrameworkSpec> make_frameworks() {
  FrameworkSpec megatron{Framework::Megatron, "Megatron-LM", Accounting::Megatron};
  megatron.zero = {true, true, false, false};
  megatron.tensor_parallel = megatron.pipeline_parallel = true;
  megatron.interleave_min_pp = 3;
  megatron.layers_divide_stages = true;
  megatron.kv_heads_divide_tp = true;
  megatron.async_tp = true;
  megatron.context_parallel = true;
  megatron.cp_sequence_chunks_per_rank = 2;
  megatron.fused_cross_entropy = true;
  megatron.fused_softmax = true;
  megatron.fused_dropout_add = true;  // megatron/core/fusions/fused_bias_dropout.py
  megatron.offload = {true, true, false, false};

  FrameworkSpec deepspeed{Framework::Deepspeed, "DeepSpeed", Accounting::Deepspeed};
  deepspeed.zero = {true, true, true, true};
  deepspeed.tensor_parallel = deepspeed.pipeline_parallel = true;
  deepspeed.kv_heads_divide_tp = true;
  deepspeed.async_tp = true;
  deepspeed.fused_cross_entropy = true;
  deepspeed.fused_softmax = true;
  deepspeed.fused_dropout_add = true;  // Megatron-DeepSpeed's GPT layers, as Megatron-LM's
  deepspeed.offload = {true, true, true, true};

  FrameworkSpec fsdp{Framework::Fsdp, "PyTorch FSDP", Accounting::Zero};
  fsdp.zero = {true, false, true, true};
  fsdp.tensor_parallel = fsdp.pipeline_parallel = true;
  fsdp.sharding_with_pipeline = true;
  fsdp.interleave_min_pp = 2;
  fsdp.kv_heads_divide_tp = true;
  fsdp.offload = {true, false, true, false};
  fsdp.eager_ops = true;
  fsdp.context_parallel = true;

  FrameworkSpec hf{Framework::Hf, "the Hugging Face Trainer (PyTorch DDP)", Accounting::Zero};
  hf.zero = {true, false, false, false};
  hf.offload = {true, false, false, false};
  hf.autocast_weights = true;
  hf.eager_ops = true;
  return {megatron, deepspeed, fsdp, hf};
}


}  // namespace

const std::vector<FrameworkSpec>& frameworks() {
  static const std::vector<FrameworkSpec> f = [] {
    std::vector<FrameworkSpec> v = make_frameworks();
    for (std::size_t i = 0; i < v.size(); ++i)
      if (static_cast<std::size_t>(v[i].id) != i) throw std::logic_error("the framework table is not in Framework order");
    return v;
  }();
  return f;
}

const FrameworkSpec& framework_spec(Framework f) { return frameworks().at(static_cast<std::size_t>(f)); }

std::optional<std::string> framework_layout_problem(const Workload& w) {
  const FrameworkSpec& f = framework_spec(w.framework);
  const ModelSpec& m = w.model;
  int tp = std::max(1, w.tp), pp = std::max(1, w.pp), v = std::max(1, w.interleave);
  int z = std::clamp(w.zero, 0, 3);
  if (!f.zero[z])
    return z >= 2 ? fmt::format("{} has no ZeRO-{} (use --framework deepspeed or fsdp)", f.title, z)
                  : fmt::format("{} has no ZeRO-{} equivalent", f.title, z);
  if (!f.offload[static_cast<std::size_t>(w.offload)])
    return fmt::format("{} does not offload \"{}\"", f.title, word_of(w.offload));
  if (w.offload == Offload::Optimizer && f.id == Framework::Deepspeed && z < 1)
    return std::string("DeepSpeed offloads the optimizer with ZeRO 1-3 only");
  if ((w.offload == Offload::Params || w.offload == Offload::Nvme) && f.id == Framework::Deepspeed && z < 3)
    return std::string("DeepSpeed offloads parameters (and to NVMe) with ZeRO-3 only");
  if (tp > 1 && !f.tensor_parallel) return fmt::format("{} has no tensor parallelism", f.title);
  if (pp > 1 && !f.pipeline_parallel) return fmt::format("{} has no pipeline parallelism", f.title);
  if (pp > 1 && z >= 2 && !f.sharding_with_pipeline)
    return fmt::format("{}'s pipeline engine refuses ZeRO-2 and ZeRO-3", f.title);
  if (w.cp > 1) {
    if (!f.context_parallel) return fmt::format("{} has no context parallelism (use --framework megatron or fsdp)", f.title);
    if (w.attention != Attention::Flash)
      return std::string("context parallelism runs flash attention over each key/value chunk (attention flash)");
    int chunks = w.cp * f.cp_sequence_chunks_per_rank;
    if (w.sequence() % chunks)
      return f.cp_sequence_chunks_per_rank > 1
                 ? fmt::format("{} splits each sequence into 2 x cp = {} chunks: seq {} is not a multiple of {}", f.title,
                               chunks, w.sequence(), chunks)
                 : fmt::format("cp {} does not divide the sequence of {} tokens", w.cp, w.sequence());
  }
  if (tp > 1 && m.heads > 0 && m.heads % tp)
    return fmt::format("tp {} does not divide the {} attention heads", tp, m.heads);
  int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
  if (tp > 1 && f.kv_heads_divide_tp && kv > 0 && kv % tp && tp % kv)
    return fmt::format("tp {} is neither a multiple nor a divisor of the {} KV heads", tp, kv);
  if (v > 1) {
    if (f.interleave_min_pp == 0) return fmt::format("{} has no interleaved pipeline schedule", f.title);
    if (pp < f.interleave_min_pp)
      return fmt::format("{}'s interleaved schedule needs at least {} pipeline stages", f.title, f.interleave_min_pp);
  }
  // Megatron-LM's --account-for-embedding-in-pipeline-split / -loss-; torchtitan's pipelining
  // splits the layers at any points, as Meta's Llama 3 stages were (one layer fewer on the first
  // and the last, Dubey et al. 2024 §3.3.2). DeepSpeed's pipeline engine partitions by its own
  // method and the Trainer has no pipeline.
  if (w.embedding_in_pipeline_split && w.framework != Framework::Megatron && w.framework != Framework::Fsdp)
    return std::string("the embedding and the loss count as layers in the pipeline split under Megatron-LM and FSDP "
                       "only (embedding_in_pipeline_split: framework megatron or fsdp)");
  if (m.layers > 0) {
    int slots = w.pipeline_slots();
    // Built only for a message: this runs for every layout the search times.
    auto counted = [&] { return slots != m.layers ? fmt::format(" (with the embedding and the loss: {})", slots) : std::string(); };
    if (f.layers_divide_stages && slots % (pp * v))
      return fmt::format("{} needs the {} layers{} divisible by pipeline stages x interleaving ({} x {})", f.title,
                         m.layers, counted(), pp, v);
    if (pp * v > slots) return fmt::format("{} x {} virtual stages exceed the {} layers{}", pp, v, m.layers, counted());
  }
  return std::nullopt;
}

bool uses_autocast(const Workload& w) {
  if (w.precision == "fp32" || w.mode == Mode::Lora) return false;
  return w.autocast.value_or(framework_spec(w.framework).autocast_weights);
}

LayerKernels layer_kernels(const Workload& w) {
  if (w.fused_kernels) return *w.fused_kernels ? LayerKernels{true, true, false} : LayerKernels{false, false, true};
  const FrameworkSpec& f = framework_spec(w.framework);
  return {f.fused_softmax, f.fused_dropout_add, f.eager_ops};
}

double loss_bytes_moved(const Workload& w, const PerfAssumptions& a) {
  return framework_spec(w.framework).fused_cross_entropy ? a.fused_loss_bytes_moved : a.eager_loss_bytes_moved;
}

double loss_bytes_held(const Workload& w, const PerfAssumptions& a) {
  return framework_spec(w.framework).fused_cross_entropy ? a.fused_loss_bytes_held : a.eager_loss_bytes_held;
}

double dp_overlap_for(const Workload& w, bool host_staged, const PerfAssumptions& a) {
  double share;
  if (a.dp_overlap >= 0) share = a.dp_overlap;  // the user's figure, whatever the framework
  else if (w.framework == Framework::Megatron) share = a.megatron_dp_overlap;
  else if (w.framework == Framework::Deepspeed) share = w.zero >= 3 ? a.ddp_overlap : a.deepspeed_dp_overlap;
  else share = a.ddp_overlap;  // PyTorch DDP, FSDP's reduce-scatter
  return host_staged ? std::min(share, a.host_staged_overlap) : share;
}

double grad_reduce_bytes_for(const Workload& w, const PerfAssumptions& a) {
  return w.framework == Framework::Megatron && w.precision == "fp8" ? a.megatron_fp8_grad_reduce_bytes
                                                                      : a.grad_reduce_bytes;
}

double param_gather_bytes_for(const Workload& w, const PerfAssumptions& a) {
  if (w.framework == Framework::Megatron && w.precision == "fp8") return a.megatron_fp8_param_gather_bytes;
  return w.precision == "fp32" ? 4 : 2;
}

double gather_overlap_for(const Workload& w, const PerfAssumptions& a) {
  return w.framework == Framework::Fsdp ? a.fsdp_prefetch_overlap : a.zero3_overlap;
}

double tp_backward_overlap_for(const Workload& w, const PerfAssumptions& a) {
  return framework_spec(w.framework).async_tp ? a.tp_backward_overlap : 0;
}

double p2p_overlap_for(const Workload& w, const PerfAssumptions& a) {
  return w.framework == Framework::Megatron && w.interleave > 1 ? a.megatron_p2p_overlap : 0;
}

}  // namespace rigplan

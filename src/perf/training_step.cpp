// One optimizer step of training (see include/rigplan/perf.hpp for the model and its sources).
// Ranks are laid out as Megatron-LM does (tensor-parallel innermost, then context-parallel, then
// data-parallel, then pipeline outermost), so a tensor-parallel group stays inside a node when it
// fits, a data-parallel group spans as many GPUs of a node as the node has left, and pipeline
// stages cross nodes first. The step is the pipeline's critical path — (m + (p−1)/v) stage times for m
// micro-batches, p stages and v virtual stages per GPU (Narayanan et al. 2021, §2.2) — plus the
// stage sends, the exposed gradient reduction and ZeRO-3 gathers, and the optimizer step.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "perf/layer_cost.hpp"
#include "rigplan/framework.hpp"
#include "rigplan/sizing.hpp"

namespace rigplan {

using perf::Device;

StepBreakdown training_step(const Workload& w, const PerfSystem& s, const PerfAssumptions& a) {
  StepBreakdown r;
  const ModelSpec& m = w.model;
  if (!s.gpu) return r.why_not = "no GPU given", r;
  if (w.mode == Mode::Infer) return r.why_not = "inference has no training step", r;
  if (m.layers <= 0 || m.hidden <= 0 || m.heads <= 0)
    return r.why_not = "the model's shape (layers, hidden, heads) is unknown", r;
  // A Hopper SXM board in a multi-GPU step holds a lower clock than its GEMMs hold alone
  // (training_clock_share: collectives beside the math take it to its power limit). An FP8 step
  // keeps its figures whole: FP8's efficiency was fitted on a multi-GPU H100 step, at those clocks.
  long long gpus_in_step = static_cast<long long>(std::max(1, w.dp)) * w.tp * w.pp * std::max(1, w.cp);
  bool fitted_fp8 = w.precision == "fp8" && s.gpu->tflops.fp8;
  r.clock_share = fitted_fp8 ? 1 : training_clock_share(*s.gpu, gpus_in_step, a);
  double speed = s.speed * r.clock_share;
  Device d = perf::device_for(*s.gpu, w.precision, speed, a);
  d.loss_bytes_moved = loss_bytes_moved(w, a);
  double peak_nominal = peak_flops(*s.gpu, w.precision);
  if (d.peak <= 0) return r.why_not = fmt::format("{} has no {} throughput", s.gpu->id, w.precision), r;

  int tp = w.tp, pp = w.pp, dp = std::max(1, w.dp), v = std::max(1, w.interleave), cp = std::max(1, w.cp);
  // Context parallelism: each GPU runs seq / cp tokens of every sequence, attending over all seq.
  double seq = w.sequence(), seq_local = seq / cp;
  long long global = w.batch > 0 ? w.batch : static_cast<long long>(w.micro_batch) * dp;
  if (global % (static_cast<long long>(dp) * w.micro_batch) != 0)
    return r.why_not = fmt::format("global batch {} is not a multiple of dp {} x micro-batch {}", global, dp, w.micro_batch), r;
  long long mb = global / (static_cast<long long>(dp) * w.micro_batch);
  if (pp > m.layers) return r.why_not = fmt::format("pp {} exceeds the {} layers", pp, m.layers), r;
  if (v > 1 && (pp == 1 || pp * v > w.pipeline_slots() || mb % pp != 0))
    return r.why_not = fmt::format("interleave {} needs pp > 1, at least pp x {} layers and micro-batches a multiple of pp", v, v), r;
  if (auto problem = framework_layout_problem(w)) return r.why_not = *problem, r;
  r.micro_batches = static_cast<int>(std::min<long long>(mb, 1 << 30));

  bool lora = w.mode == Mode::Lora;
  double el = perf::activation_bytes(w);
  perf::LayerCost lc = perf::layer_cost(w, d, seq_local, cp > 1 ? seq : 0);
  // FP8 training runs the transformer layers' linear layers in FP8; the output layer stays 16-bit
  // (Megatron-Core's output_layer is tensor_parallel.ColumnParallelLinear, not a Transformer Engine
  // module, so fp8_autocast leaves it in bf16; torchtitan's float8 recipes filter "output"; a tied
  // output multiplies the 16-bit embedding).
  Device d_out = d;
  if (w.precision == "fp8" && peak_flops(*s.gpu, "bf16") > 0) {
    d_out = perf::device_for(*s.gpu, "bf16", speed, a);
    d_out.loss_bytes_moved = d.loss_bytes_moved;
  }
  perf::LogitsCost lg = perf::logits_cost(w, d_out, seq_local);
  // Transformer layers on the stage that sets the pipeline's pace; the last stage also runs the
  // output layer and the loss. With the embedding and the loss counted as layers in the split
  // (embedding_in_pipeline_split), every stage holds (layers + 2) / pp slots, the first and the
  // last one a layer fewer beside the embedding (a lookup) and the logits: the slower of a full
  // middle stage (with more than two stages) and the last one, chosen below once a layer's and
  // the logits' times are known.
  int layers_per_stage = (m.layers + pp - 1) / pp;
  bool split_counts_logits = w.pipeline_slots() != m.layers;

  // Where each group's members sit.
  int G = std::max(1, s.gpus_per_node);
  PerfLink tp_link = tp <= G ? s.intra : s.inter;
  PerfLink cp_link = tp * cp <= G ? s.intra : s.inter;
  // The gradient group: the data- and context-parallel ranks, which hold the same weights.
  int dpcp = dp * cp;
  int dp_in_node = tp >= G ? 1 : std::min(dpcp, std::max(1, G / tp));
  int dp_nodes = (dpcp + dp_in_node - 1) / dp_in_node;
  PerfLink pp_link = static_cast<long long>(tp) * cp * dp * pp <= G ? s.intra : s.inter;

  // Tensor parallelism: two all-reduces forward and two backward per layer (with SP each becomes
  // a reduce-scatter plus an all-gather of the same volume); full recompute repeats the forward two.
  // Without SP, Megatron overlaps the backward all-reduces with the weight-gradient GEMMs
  // (asynchronous tensor-parallel all-reduce; Korthikanti §6.2 explains full recompute's 39 %
  // overhead by it), so only what the weight gradients (≈ the forward GEMMs) cannot hide shows.
  double act = w.micro_batch * seq_local * m.hidden * el;
  double tp_layer = 0;
  if (tp > 1) {
    double ar = allreduce_s(act, tp, tp_link, a);
    double forward = (2 + (w.recompute == Recompute::Full ? 2 : 0)) * ar;
    double backward = 2 * ar;
    // With SP, the backward all-gathers of the output gradients (before the row-parallel layers)
    // block, while the reduce-scatters of the input gradients of the column-parallel layers run
    // asynchronously behind the weight-gradient GEMMs, as the all-reduces do without SP (Megatron-
    // Core tensor_parallel/layers.py, LinearWithGradAccumulationAndAsyncCommunication.backward:
    // "reduce_scatter ... async_op=True" before the wgrad GEMM; Transformer Engine's Linear the
    // same): half the backward volume can hide. The input's re-gather for the weight gradients is
    // taken as hidden behind the data-gradient GEMM it overlaps.
    double hideable = w.sp ? ar : backward;
    if (!lora) backward = backward - hideable + std::max(0.0, hideable - tp_backward_overlap_for(w, a) * lc.wgrad_s);
    tp_layer = forward + backward;
    // Transformer Engine's userbuffers (Megatron-Core `--tp-comm-overlap`, sequence parallelism
    // only) split each all-gather and reduce-scatter into chunks pipelined with the GEMMs that
    // consume or produce them: what the layer's compute (its GEMMs and attention, the model's
    // unit of overlap) cannot cover stays exposed.
    if (w.sp) tp_layer = std::max(0.0, tp_layer - a.tp_comm_overlap * (lc.fwd_compute_s + lc.bwd_compute_s));
  }

  // Context parallelism: the key/value chunks go round the ring of cp GPUs, cp - 1 transfers
  // forward (each GPU sends its chunk on while it runs attention with the one it holds) and, as
  // the forward pass keeps only its own chunk, the keys and values again plus their gradients
  // backward (Megatron-LM's context_parallel.rst: all-gather forward, "gathers KV again in
  // backward", reduce-scatter of the KV gradients, "transformed to point-to-point communications
  // in ring topology"). A transfer hides behind the attention of one ring step (a cp-th of the
  // layer's); what it cannot cover is exposed. Grouped-query models send only their KV heads.
  double cp_layer = 0;
  if (cp > 1) {
    double kv_heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
    double kv_local = std::max(1.0, kv_heads / tp) * m.head_size();
    double chunk = 2 * w.micro_batch * seq_local * kv_local * el;  // K and V of this GPU's tokens
    double send = cp_link.gb_s > 0 ? chunk / (cp_link.gb_s * 1e9 * link_efficiency(cp_link, a)) + cp_link.latency_s : 0;
    double fwd = (cp - 1) * std::max(0.0, send - lc.attn_fwd_s / cp);
    double bwd = (cp - 1) * std::max(0.0, 2 * send - lc.attn_bwd_s / cp);
    cp_layer = fwd + bwd + (w.recompute == Recompute::Full ? fwd : 0);
  }

  double layer_compute = lc.fwd_compute_s + lc.bwd_compute_s + lc.recompute_compute_s;
  double layer_all = lc.fwd_s + lc.bwd_s + lc.recompute_s;
  double logits = lg.fwd_s + lg.bwd_s;
  if (split_counts_logits) {
    int slots = w.pipeline_slots() / pp;
    bool last_slower = pp <= 2 || logits > layer_all + tp_layer + cp_layer;
    layers_per_stage = last_slower ? slots - 1 : slots;
    if (!last_slower) logits = 0;
  }
  double stage_compute = layers_per_stage * layer_compute;
  double stage_memory = layers_per_stage * (layer_all - layer_compute) + logits;  // logits on the last stage
  double stage_tp = layers_per_stage * tp_layer;
  double stage_cp = layers_per_stage * cp_layer;
  double stage = stage_compute + stage_memory + stage_tp + stage_cp;

  // PyTorch autocast casts every local weight to 16-bit in each micro-batch's forward pass and
  // its gradient back to fp32 in the backward pass (uses_autocast: the workload's setting, else
  // the framework's). LoRA's frozen base is loaded in 16-bit (or 4-bit): nothing to cast.
  if (uses_autocast(w))
    stage_memory += m.params / (static_cast<double>(tp) * pp) * a.autocast_bytes_per_param / d.bw;
  r.compute_s = mb * stage_compute;
  r.memory_s = mb * stage_memory;
  r.tp_comm_s = mb * stage_tp;
  r.cp_comm_s = mb * stage_cp;
  r.bubble_s = (pp - 1) * stage / v;
  if (pp > 1) {
    // Stage-to-stage: one activation forward and one gradient backward per micro-batch and
    // virtual stage, split across the tensor-parallel ranks (scatter/gather, Narayanan §4.1).
    double send = act / tp / (pp_link.gb_s * 1e9 * link_efficiency(pp_link, a)) + pp_link.latency_s;
    // Megatron's interleaved schedule overlaps the steady-state sends with the next chunk's
    // compute; the pipeline's fill and drain sends stay exposed.
    double steady = mb * v * (1 - p2p_overlap_for(w, a));
    r.pp_comm_s = pp_link.gb_s > 0 ? 2 * send * (steady + pp - 1) : 0;
  }

  // Data parallelism: hierarchical reduction (inside the node, then across nodes on 1/k of it).
  double trained = lora ? lora_adapter_params(m, w.lora_rank) : m.params;
  double local = trained / (static_cast<double>(tp) * pp);
  double grad_bytes = local * grad_reduce_bytes_for(w, a);
  double reduce = 0, param_gather = 0;
  if (dpcp > 1) {
    reduce = allreduce_s(grad_bytes, dp_in_node, s.intra, a) + allreduce_s(grad_bytes / dp_in_node, dp_nodes, s.inter, a);
    if (w.zero >= 3) reduce /= 2;  // a reduce-scatter only: parameters are gathered on use
    // Megatron's distributed optimizer (ZeRO-1) reduce-scatters the gradients and, after its
    // step, all-gathers the updated parameters (Rajbhandari et al. 2020, §7.2.1: together the
    // volume of one all-reduce), the parameters at their own width (16-bit, or FP8 with
    // fp8_param_gather): half an all-reduce at each width.
    if (w.zero >= 1 && w.zero < 3 && w.framework == Framework::Megatron && !lora) {
      reduce /= 2;
      double params = local * param_gather_bytes_for(w, a);
      param_gather = (allreduce_s(params, dp_in_node, s.intra, a) + allreduce_s(params / dp_in_node, dp_nodes, s.inter, a)) / 2;
    }
  }
  r.dp_comm_s = reduce + param_gather;
  bool host_staged = dp_nodes == 1 && s.intra.kind == "pcie-host-staged";
  double dp_share = dp_overlap_for(w, host_staged, a);
  // The reduction hides behind the last micro-batch's backward pass, the parameter gather behind
  // the next step's first forward pass (--overlap-param-gather).
  r.dp_exposed_s = std::max(0.0, reduce - dp_share * layers_per_stage * lc.bwd_s) +
                   std::max(0.0, param_gather - dp_share * layers_per_stage * lc.fwd_s);
  if (w.zero >= 3 && dpcp > 1) {
    // ZeRO-3 gathers the parameters of each layer in the forward and again in the backward pass,
    // for every micro-batch, prefetched behind compute (Rajbhandari et al. 2020, §7). With LoRA
    // the frozen base is partitioned too (the sizing model divides it by dp) and gathered the
    // same way, at its own bytes per parameter (16-bit, or QLoRA's NF4).
    const PerfLink& link = dp_nodes > 1 ? s.inter : s.intra;
    double gathered = lora ? m.params / (static_cast<double>(tp) * pp) * (w.lora_base == LoraBase::Int4 ? kNf4BytesPerParam : 2)
                           : local * param_gather_bytes_for(w, a);
    double gather = 2 * allgather_s(gathered, dpcp, link, a);
    r.zero3_exposed_s = mb * std::max(0.0, gather - gather_overlap_for(w, a) * stage_compute);
    r.dp_comm_s += mb * gather;
  }

  // Optimizer step on the locally owned parameters (ZeRO 1+ shards them over dp x cp).
  double owned = local / (w.zero >= 1 ? dpcp : 1);
  double host_bw = s.host_gb_s * 1e9 * a.pcie_efficiency;
  bool offload_opt = w.offload != Offload::None;
  if (offload_opt) {
    // ZeRO-Offload: gradients to the host, the CPU updates, new 16-bit weights back (§4).
    double traffic = host_bw > 0 ? owned * (a.grad_reduce_bytes + el) / host_bw : 0;
    r.offload_s = traffic + owned * a.cpu_adam_s_per_param;
  } else {
    r.memory_s += owned * a.optimizer_bytes_per_param / d.bw;
  }
  if ((w.offload == Offload::Params || w.offload == Offload::Nvme) && host_bw > 0) {
    // Weights stream in from the host for each micro-batch's forward and backward pass.
    double stream = 2 * local * el / host_bw;
    r.offload_s += mb * std::max(0.0, stream - stage_compute);
  }

  r.step_s = r.compute_s + r.memory_s + r.tp_comm_s + r.cp_comm_s + r.bubble_s + r.pp_comm_s + r.dp_exposed_s +
             r.zero3_exposed_s + r.offload_s;
  double sequences = static_cast<double>(global);
  double per_micro = w.micro_batch;
  double passes = lora ? 2 : 3;
  // The layer and logits costs are one GPU's cp-th of each sequence: the job's FLOPs are cp times theirs.
  r.model_flops = passes * (m.layers * lc.model_flops_fwd + lg.model_flops_fwd) * cp * sequences / per_micro;
  r.hardware_flops = r.model_flops + m.layers * lc.recompute_flops * cp * sequences / per_micro;
  r.tokens_per_step = sequences * seq;
  double gpus = static_cast<double>(tp) * pp * dp * cp;
  if (r.step_s > 0) {
    r.tokens_per_s = r.tokens_per_step / r.step_s;
    r.mfu = r.model_flops / (r.step_s * gpus * peak_nominal);
    r.hfu = r.hardware_flops / (r.step_s * gpus * peak_nominal);
  }
  return r;
}

}  // namespace rigplan

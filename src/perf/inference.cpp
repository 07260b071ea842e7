// Inference speed: prefill is compute-bound (2·N FLOPs per prompt token plus causal attention),
// decode is bound by memory bandwidth — every step reads the GPU's share of the weights once and
// each request's KV cache — until the batch is large enough to be compute-bound (the roofline
// argument of Pope et al. 2022, "Efficiently Scaling Transformer Inference", §2-3). A step runs
// its linear layers and its attention as separate kernels, so each takes its own roofline time
// and the step their sum (the per-operator roofline of Yuan et al. 2024, "LLM Inference Unveiled:
// Survey and Roofline Model Insights", arXiv 2402.16363, §3): a large batch's GEMMs are
// compute-bound while its attention still streams the KV cache. A request decodes from the end
// of its prompt to the end of its context, so its steps read the KV cache at their mean. Tensor
// parallelism splits both and adds two all-reduces per layer per step (Megatron's layout), which
// at decode sizes cost mostly latency; pipeline stages add a send of the hidden states at each
// stage boundary. The KV pool is what an inference server leaves after the
// weights at its memory-utilisation setting (vLLM's gpu_memory_utilization), KV heads replicated
// when tp exceeds their count.
#include <algorithm>
#include <cmath>

#include "perf/layer_cost.hpp"
#include "rigplan/sizing.hpp"
#include "rigplan/weight_format.hpp"

namespace rigplan {

namespace {

// The first llama.cpp build month whose cuBLAS prompt path ran at the rate fitted on May 2024's
// builds (llamacpp_early_2024_prompt_share before it).
constexpr double kLlamacppFastPromptMonth = 202404;

// Share of peak bandwidth llama.cpp's matrix-vector kernels stream a GGUF format at: by the
// build's era (and, before June 2024, K-quants on NVIDIA GPUs apart), and for K-quants on AMD GPUs
// their unpack-bound kernels (perf_assumptions.hpp).
double gguf_decode_share(const WeightFormat& f, const Gpu& gpu, const PerfAssumptions& a) {
  if (a.llamacpp_build_month > 0 && a.llamacpp_build_month < 202406)
    return f.k_quant && gpu.vendor == "nvidia" ? a.kquant_decode_efficiency_2024 : a.block_quant_decode_efficiency_2024;
  if (f.k_quant && gpu.vendor == "amd") return a.amd_kquant_decode_efficiency;
  return a.block_quant_decode_efficiency;
}

}  // namespace

InferencePerf inference_perf(const Workload& w, const PerfSystem& s, int prompt, int batch, const PerfAssumptions& a) {
  InferencePerf r;
  const ModelSpec& m = w.model;
  if (!s.gpu || m.layers <= 0 || m.hidden <= 0 || m.heads <= 0) return r;
  perf::Device d = perf::device_for(*s.gpu, w.precision, s.speed, a);
  // A prefill's GEMMs (a prompt's tokens as rows) run at the inference GEMM efficiency, fitted on
  // GEMMs of 512-16384 rows; a decode step's (the batch as rows, near the roofline's ridge at tens
  // to hundreds) keep the whole-step figure (perf_assumptions.hpp).
  const double prefill_matmul_eff = inference_matmul_efficiency_for(*s.gpu, w.precision, a);
  if (d.peak <= 0 || d.bw <= 0) return r;
  double tp = w.tp, pp = w.pp;
  r.batch = std::max(1, batch);
  r.context = w.inference_context();
  if (m.max_context > 0) r.context = std::min(r.context, m.max_context);
  prompt = std::clamp(prompt, 1, std::max(1, r.context));

  const WeightFormat* format = w.weight_format.empty() ? nullptr : find_weight_format(w.weight_format);
  double layers_local = std::ceil(m.layers / pp);
  r.kv_bytes_per_token = kv_cache_bytes_per_token(w);  // the bytes memory sizing counts

  double weights_local = weight_bytes(w) / (tp * pp);  // the format's real bits per weight
  double overhead = SizingAssumptions{}.overhead_bytes;
  // The pool is what the most loaded GPU keeps free (the last pipeline stage holds the output layer).
  r.kv_pool_bytes = std::max(0.0, s.gpu->memory_gib * kGiB * a.inference_memory_utilization - stage_weight_bytes(w) - overhead);
  r.max_batch = r.kv_bytes_per_token > 0 ? static_cast<int>(std::floor(r.kv_pool_bytes / (r.kv_bytes_per_token * r.context))) : 0;

  double h = m.hidden, el = 2;
  double q = static_cast<double>(m.heads) * m.head_size();
  PerfLink link = tp <= s.gpus_per_node ? s.intra : s.inter;
  // Tensor-parallel all-reduces: NCCL's, or an engine's one-shot kernel where every GPU of the
  // group reaches every other directly (NVLink through NVSwitch or a bridge, xGMI) and it is faster.
  auto tp_allreduce = [&](double bytes) {
    double nccl = allreduce_s(bytes, static_cast<int>(tp), link, a);
    if (link.kind != "nvlink") return nccl;
    return std::min(nccl, oneshot_allreduce_s(bytes, static_cast<int>(tp), link, a));
  };

  // Pipeline stages hand each token's hidden state on to the next stage: a send of the link's
  // latency plus its bytes, split over the tensor-parallel ranks, at each of the pp - 1 stage
  // boundaries (training's stage sends, Narayanan et al. 2021 §4.1; src/perf/training_step.cpp),
  // and under llama.cpp (a GGUF format) its hand-over between the GPUs' graphs
  // (llamacpp_stage_boundary_s).
  PerfLink pp_link = tp * pp <= s.gpus_per_node ? s.intra : s.inter;
  const double boundary_s = format && format->gguf ? a.llamacpp_stage_boundary_s : 0;
  auto stage_sends = [&](double tokens) {
    if (pp <= 1 || pp_link.gb_s <= 0) return 0.0;
    return (pp - 1) * (tokens * h * el / tp / (pp_link.gb_s * 1e9 * link_efficiency(pp_link, a)) + pp_link.latency_s +
                       boundary_s);
  };

  // A GGUF block format's prefill on an NVIDIA GPU with INT8 tensor units: llama.cpp's MMQ
  // kernels multiply the quantised blocks on them, at a rate set by SMs x clock (mmq_rate_for;
  // Turing's own share; 0 = a 16-bit GEMM), in builds since PR #7676 (June 2024).
  double mmq_rate = 0;
  const bool before_mmq_tensor_cores = a.llamacpp_build_month > 0 && a.llamacpp_build_month < 202406;
  if (format && format->block_quantised && s.gpu->vendor == "nvidia" && !before_mmq_tensor_cores)
    mmq_rate = mmq_rate_for(*s.gpu, a) * s.speed;

  // llama.cpp's prompt GEMMs through cuBLAS on an NVIDIA GPU (GGUF F16 weights, and block formats
  // where MMQ is off): FP16 with FP16 accumulation (llamacpp_cublas_efficiency of that peak, at the
  // card's measured clocks; on Hopper at its pre-Hopper instructions' share, legacy_mma_share_for).
  double cublas_rate = 0;
  const double legacy_mma = legacy_mma_share_for(*s.gpu, a);
  if (format && format->gguf && s.gpu->vendor == "nvidia" && mmq_rate <= 0 && a.llamacpp_cublas_efficiency > 0 &&
      (format->block_quantised || format->name == "f16"))
    cublas_rate = fp16_accumulate_peak_flops(*s.gpu) * s.speed * a.llamacpp_cublas_efficiency *
                  measured_gemm_scale_for(*s.gpu, "fp16", a) * legacy_mma;
  // Builds before April 2024 reached a smaller share of it (llamacpp_early_2024_prompt_share).
  const double early_share = cublas_rate > 0 && a.llamacpp_build_month > 0 &&
                                     a.llamacpp_build_month < kLlamacppFastPromptMonth &&
                                     a.llamacpp_early_2024_prompt_share > 0
                                 ? a.llamacpp_early_2024_prompt_share
                                 : 1;
  cublas_rate *= early_share;

  // A prompt token's GEMMs: the layers' weights, not the input embedding (a table lookup), and
  // the output layer only for the tokens whose logits are wanted, each sequence's last: vLLM's
  // logits processor on the selected token indices, TensorRT-LLM's gather_last_token_logits
  // (unless built with gather_all_token_logits), llama.cpp since PR #6122 (March 2024: inp_out_ids);
  // llama.cpp builds before April 2024 ran it for every prompt token.
  const double vocab_params = m.vocab > 0 ? static_cast<double>(m.vocab) * m.hidden : 0;
  const double input_lookup = m.tied_embeddings ? 0 : vocab_params;
  const double body_params = std::max(0.0, m.active() - vocab_params - input_lookup);
  const bool all_logits = format && format->gguf && a.llamacpp_build_month > 0 && a.llamacpp_build_month < 202404;
  // Without flash attention the scores go through memory: per head and layer, a prompt evaluated
  // in chunks (llama.cpp's ubatches) scores each chunk's tokens against every cached token so far
  // (masked, not skipped), at prefill_score_bytes each.
  // k whole chunks of u tokens score u x (u, 2u, ... k·u) elements; the last r tokens score r x n.
  auto score_elements = [&]() {
    double n = prompt;
    double u = format && format->gguf && a.llamacpp_ubatch_tokens >= 1 ? std::min(n, std::floor(a.llamacpp_ubatch_tokens)) : n;
    double k = std::floor(n / u), r = n - k * u;
    return u * u * k * (k + 1) / 2 + r * n;
  };
  const double score_bytes_per_seq = w.attention == Attention::Standard && a.prefill_score_bytes > 0
                                         ? score_elements() * m.heads / tp * layers_local * a.prefill_score_bytes
                                         : 0;

  // Prefill: `seqs` prompts of `prompt` tokens, all at once, each layer's kernels launched one by
  // one (prefill_layer_overhead_s; 0 = the decode step's).
  const double prefill_layer_s = a.prefill_layer_overhead_s > 0 ? a.prefill_layer_overhead_s : a.decode_layer_overhead_s;
  auto prefill_s = [&](double seqs) {
    double tokens = seqs * prompt;
    double dense_flops = 2 * (body_params * tokens + vocab_params * (all_logits ? tokens : seqs)) / (tp * pp);
    double attn_flops = 2 * seqs * prompt * prompt * q * layers_local / tp;  // causal half of 4·s²·q
    // A short prompt's GEMMs are small (the MLP's tokens x hidden x ffn/tp, at the size factor of
    // layer_cost.cpp's gemm_s) and it pays each layer's fixed launch cost once.
    double mlp_gflop = 2.0 * tokens * h * std::max(1, m.ffn) / tp / 1e9;
    double size_factor = mlp_gflop / (mlp_gflop + d.gemm_half_gflop);
    if (d.gemm_knee_k > 0) size_factor *= std::min(1.0, h / d.gemm_knee_k);  // its inner dimension, the hidden size
    double dense_rate = d.peak * prefill_matmul_eff;
    if (mmq_rate > 0) dense_rate = mmq_rate;
    if (cublas_rate > 0) dense_rate = cublas_rate;
    double t = dense_flops / (dense_rate * size_factor) + attn_flops / (d.attn_peak * d.flash_eff) +
               seqs * score_bytes_per_seq / d.bw;
    // llama.cpp evaluates a prompt a ubatch at a time, each a graph of its own whose kernels are
    // launched one by one: each pays the layers' fixed cost.
    double passes = format && format->gguf && a.llamacpp_ubatch_tokens >= 1 ? std::ceil(tokens / a.llamacpp_ubatch_tokens) : 1;
    t = std::max(t, weights_local / d.bw) + layers_local * prefill_layer_s * passes;
    // llama.cpp's older path on NVIDIA GPUs (mmq_int8_efficiency 0, or a build before June 2024):
    // every block-quantised weight matrix is converted to a 16-bit buffer before its cuBLAS GEMM,
    // once per ubatch of the prompt.
    // (On AMD GPUs current builds run their dp4a MMQ kernels at large batches too, no conversion:
    // ggml_cuda_should_use_mmq.)
    if (format && format->block_quantised && s.gpu->vendor == "nvidia" &&
        (a.mmq_int8_efficiency <= 0 || before_mmq_tensor_cores) && a.llamacpp_ubatch_tokens > 0)
      t += std::ceil(tokens / a.llamacpp_ubatch_tokens) * (weights_local + 2 * m.params / (tp * pp)) / d.bw;
    double tp_comm = tp > 1 ? 2 * m.layers * tp_allreduce(tokens * h * el) : 0;
    return t * pp + tp_comm + stage_sends(tokens);
  };
  r.prefill_gemm_path = cublas_rate > 0 ? "cublas-fp16" : mmq_rate > 0 ? "mmq" : "";
  r.prefill_gemm_flops = cublas_rate > 0 ? cublas_rate : mmq_rate;
  r.prefill_legacy_mma_share = cublas_rate > 0 ? legacy_mma : 1;
  r.prefill_early_build_share = early_share;
  r.prefill_score_bytes = score_bytes_per_seq;
  r.ttft_s = prefill_s(1);
  r.batch_prefill_s = prefill_s(r.batch);
  r.prefill_tokens_per_s = r.ttft_s > 0 ? prompt / r.ttft_s : 0;

  // Decode: one token for each of `batch` requests, each between its prompt and the context,
  // at their mean on average.
  double b = r.batch;
  double avg_ctx = std::max(1.0, (prompt + r.context) / 2.0);
  double experts_touched = m.experts > 1 ? std::min<double>(m.experts, b * std::max(1, m.experts_per_token)) : 1;
  double expert_share = m.experts > 1 ? (m.active() / m.params) * experts_touched / std::max(1, m.experts_per_token) : 1;
  // The input embedding is looked up a row at a time, not streamed (untied models).
  double streamed = std::max(0.0, weights_local - input_embedding_bytes(w) / (tp * pp));
  double weights_read = streamed * std::min(1.0, expert_share);
  // The KV cache is read once per KV head where the kernel serves a group's query heads together,
  // once per query head where each query head loads its group's cache itself (gqa_kv_shared_reads).
  double kv_local = std::max(1.0, (m.kv_heads > 0 ? m.kv_heads : m.heads) / tp);  // replicated past their count
  double group = std::max(1.0, m.heads / tp / kv_local);
  double kv_reads = group - std::clamp(a.gqa_kv_shared_reads, 0.0, 1.0) * (group - 1);
  double kv_read = b * avg_ctx * r.kv_bytes_per_token * kv_reads;
  // Block-quantised weights stream at the share of bandwidth their dequantising kernels reach,
  // GGUF's 16-bit ones at that of llama.cpp's 16-bit kernels, others at the device's.
  double weight_bw = d.bw;
  if (format && format->block_quantised)
    weight_bw = s.gpu->memory_bandwidth_gb_s * 1e9 * gguf_decode_share(*format, *s.gpu, a);
  else if (format && format->gguf && a.gguf_16bit_decode_efficiency > 0)
    weight_bw = s.gpu->memory_bandwidth_gb_s * 1e9 * a.gguf_16bit_decode_efficiency;
  // llama.cpp's own matrix-vector kernels (any GGUF type) read at most so many bytes a SM a cycle
  // (llamacpp_decode_bytes_per_sm_cycle; NVIDIA GPUs, whose SMs and clock the catalog gives).
  if (format && format->gguf && a.llamacpp_decode_bytes_per_sm_cycle > 0) {
    double ceiling = sm_cycles_per_s(*s.gpu) * s.speed * a.llamacpp_decode_bytes_per_sm_cycle;
    if (ceiling > 0 && ceiling < weight_bw) {
      r.weight_bw_uncapped = weight_bw;
      weight_bw = ceiling;
    }
  }
  r.weight_bw = weight_bw;
  // Linear layers and attention, each at its own roofline (see the file's opening comment).
  double linear_s = perf::decode_linear_s(weights_read, 2 * m.active() * b / (tp * pp), weight_bw, d);
  double attn_s = std::max(kv_read / d.bw, 4 * b * avg_ctx * q * m.layers / (tp * pp) / (d.attn_peak * d.flash_eff));
  // A layer's fixed cost: llama.cpp's builds before June 2024 launched their kernels one by one.
  const bool llamacpp_2024 = format && format->gguf && a.llamacpp_build_month > 0 && a.llamacpp_build_month < 202406;
  const double layer_s = llamacpp_2024 && a.llamacpp_2024_decode_layer_overhead_s > 0
                             ? a.llamacpp_2024_decode_layer_overhead_s
                             : a.decode_layer_overhead_s;
  double step = linear_s + attn_s + layers_local * layer_s;
  step *= pp;  // a token passes every stage in turn
  if (tp > 1) step += 2 * m.layers * tp_allreduce(b * h * el);
  step += stage_sends(b);
  r.itl_s = step;
  r.decode_tokens_per_s = step > 0 ? 1 / step : 0;
  r.aggregate_tokens_per_s = step > 0 ? b / step : 0;
  return r;
}

}  // namespace rigplan

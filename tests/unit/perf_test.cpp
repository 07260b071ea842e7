// Properties of the performance model (include/rigplan/perf.hpp) and the parallelism search that
// must hold whatever the constants: each would fail if the named mechanism were dropped.
#include <catch2/catch.hpp>

#include "builtin_gpu.hpp"

#include <cmath>

#include "perf/layer_cost.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/weight_format.hpp"

using namespace rigplan;
using rigplan::test_parts::gpu;

namespace {

Workload llama8b() {
  Workload w;
  w.model = *find_model("llama-3-8b");
  w.batch = 64;
  return w;
}

double parts(const StepBreakdown& s) {
  return s.compute_s + s.memory_s + s.tp_comm_s + s.cp_comm_s + s.bubble_s + s.pp_comm_s + s.dp_exposed_s + s.zero3_exposed_s +
         s.offload_s;
}

}  // namespace

TEST_CASE("step: the breakdown adds up, and recompute is hardware work, not model work") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-a100-sxm4-80gb"), 8, true));
  Workload w = llama8b();
  w.dp = 8;
  StepBreakdown none = training_step(w, s);
  REQUIRE(none.why_not.empty());
  CHECK(parts(none) == Approx(none.step_s));
  CHECK(none.mfu == Approx(none.hfu));
  w.recompute = Recompute::Full;
  StepBreakdown full = training_step(w, s);
  CHECK(full.step_s > none.step_s * 1.2);
  CHECK(full.model_flops == Approx(none.model_flops));
  CHECK(full.hfu > full.mfu);
  CHECK(full.hardware_flops / full.model_flops == Approx(4.0 / 3).epsilon(0.02));
}

TEST_CASE("step: faster links shorten tensor-parallel steps; flash attention beats standard at long sequences") {
  Workload w = llama8b();
  w.tp = 4;
  w.dp = 1;
  w.batch = 8;
  PerfSystem nv = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 4, true));
  PerfSystem pcie = perf_system(hardware_from_gpu(gpu("nvidia-h100-pcie-80gb"), 4, true));
  pcie.gpu = nv.gpu;  // same GPU, only the link differs
  StepBreakdown a = training_step(w, nv), b = training_step(w, pcie);
  CHECK(b.tp_comm_s > 3 * a.tp_comm_s);
  CHECK(b.step_s > a.step_s);
  w.seq = 8192;
  StepBreakdown flash = training_step(w, nv);
  w.attention = Attention::Standard;
  StepBreakdown standard = training_step(w, nv);
  CHECK(standard.step_s > flash.step_s);
}

TEST_CASE("step: packed documents attend within themselves under flash attention, not under an unfused kernel") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  Workload w = llama8b();
  w.seq = 8192;
  w.batch = 8;
  StepBreakdown whole = training_step(w, s);
  w.packed_length = 256;
  StepBreakdown packed = training_step(w, s);
  REQUIRE(packed.why_not.empty());
  // Attention's FLOPs: 4·s·L·q a sequence and layer forward (causal half and all), three passes.
  const ModelSpec& m = w.model;
  double q = m.heads * m.head_size();
  CHECK(whole.model_flops - packed.model_flops == Approx(3.0 * m.layers * 4 * 8192.0 * (8192 - 256) * q * 8));
  CHECK(packed.compute_s < whole.compute_s);
  CHECK(packed.memory_s == Approx(whole.memory_s));  // norms, activations, optimizer: per token
  // A document as long as the sequence is the unpacked sequence.
  w.packed_length = 8192;
  CHECK(training_step(w, s).step_s == Approx(whole.step_s));
  // An unfused kernel masks a packed sequence's whole s x s scores: the time stays, the useful FLOPs do not.
  w.attention = Attention::Standard;
  w.packed_length = 0;
  StepBreakdown eager = training_step(w, s);
  w.packed_length = 256;
  StepBreakdown eager_packed = training_step(w, s);
  CHECK(eager_packed.step_s == Approx(eager.step_s));
  CHECK(eager_packed.model_flops < eager.model_flops);
}

TEST_CASE("step: unfused attention is one batched GEMM over the heads, and eager frameworks pay their softmax ops") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  Workload w;
  w.model = custom_model(0, 24, 1024, 16, 16, 4096, 0);  // BERT-large's shape, no output layer
  w.precision = "fp16";
  w.seq = 384;
  w.micro_batch = w.batch = 28;
  w.attention = Attention::Standard;
  w.framework = Framework::Hf;
  w.autocast = false;  // 16-bit weights: eager_softmax_*passes (under autocast, autocast_eager_softmax_*)
  // Eager: each extra pass over the scores costs b·a·s² elements at the memory rate, per layer.
  PerfAssumptions base, more = base;
  more.eager_softmax_passes += 1;
  more.eager_softmax_backward_passes += 1;
  StepBreakdown b0 = training_step(w, s, base), b1 = training_step(w, s, more);
  double scores_bytes = 28.0 * 16 * 384 * 384 * 2;
  double bw = gpu("nvidia-rtx-4090-fe").memory_bandwidth_gb_s * 1e9 * base.memory_efficiency;
  CHECK(b1.step_s - b0.step_s == Approx(24 * 2 * scores_bytes / bw).epsilon(1e-6));
  w.autocast = true;
  CHECK(training_step(w, s, more).step_s == Approx(training_step(w, s, base).step_s));
  PerfAssumptions more_autocast = base;
  more_autocast.autocast_eager_softmax_passes += 1;
  more_autocast.autocast_eager_softmax_backward_passes += 1;
  CHECK(training_step(w, s, more_autocast).step_s - training_step(w, s, base).step_s ==
        Approx(24 * 2 * scores_bytes / bw).epsilon(1e-6));
  w.autocast = false;
  // Megatron fuses scale, mask and softmax: its passes are softmax_passes, not the eager ones.
  w.framework = Framework::Megatron;
  CHECK(training_step(w, s, more).memory_s == Approx(training_step(w, s, base).memory_s));
  // One strided-batched call for 28 x 16 heads: its size factor is that of all of them, so the
  // scores' GEMMs cost no more than one GEMM of the same total FLOPs (they are memory-bound here).
  perf::Device d = perf::device_for(gpu("nvidia-rtx-4090-fe"), "fp16", 1, base);
  double heads = 28.0 * 16;
  double batched = perf::batched_gemm_s(384, 384, 64, 2, heads, d);
  double one_big = perf::gemm_s(384 * heads, 384, 64, 2, 1, d, false);
  CHECK(batched >= one_big * 0.999);
  CHECK(batched < heads * perf::gemm_s(384, 384, 64, 2, 1, d, false) / 4);
}

TEST_CASE("step: FP8 training runs the output layer in 16-bit (its vocabulary costs what it costs in bf16)") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  auto step = [&](const char* precision, int vocab) {
    Workload w = llama8b();
    w.batch = 8;
    w.precision = precision;
    w.model.vocab = vocab;
    return training_step(w, s).step_s;
  };
  double fp8 = step("fp8", 256000) - step("fp8", 32000), bf16 = step("bf16", 256000) - step("bf16", 32000);
  REQUIRE(bf16 > 0);
  CHECK(fp8 == Approx(bf16).epsilon(1e-9));
  // The transformer layers do run faster in FP8.
  CHECK(step("fp8", 32000) < step("bf16", 32000));
}

TEST_CASE("step: interleaving shrinks the pipeline bubble; more micro-batches shrink its share") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-a100-sxm4-80gb"), 64, true));
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.framework = Framework::Megatron;  // DeepSpeed has no interleaved schedule
  w.tp = 8, w.pp = 8, w.dp = 1, w.batch = 16;
  StepBreakdown plain = training_step(w, s);
  Workload wi = w;
  wi.interleave = 2;
  StepBreakdown inter = training_step(wi, s);
  REQUIRE(inter.why_not.empty());
  CHECK(inter.bubble_s == Approx(plain.bubble_s / 2).epsilon(0.01));
  w.batch = 64;
  StepBreakdown more = training_step(w, s);
  CHECK(more.bubble_s / more.step_s < plain.bubble_s / plain.step_s);
  w.batch = 63;  // interleaving needs the micro-batches in multiples of the stages
  w.interleave = 2;
  CHECK_FALSE(training_step(w, s).why_not.empty());
}

TEST_CASE("step: gradients cross the network past one node, not NVLink") {
  const Gpu& h100 = gpu("nvidia-h100-sxm5-80gb");
  Workload w = llama8b();
  w.dp = 16;
  w.batch = 64;
  Hardware hw = hardware_from_gpu(h100, 16, true);
  CHECK(hw.gpus_per_node == 8);
  PerfSystem two_nodes = perf_system(hw);
  PerfSystem one_node = two_nodes;
  one_node.gpus_per_node = 16;
  PerfSystem slow_net = two_nodes, slow_net_one = one_node;
  slow_net.inter.gb_s = slow_net_one.inter.gb_s = two_nodes.inter.gb_s / 10;
  CHECK(training_step(w, slow_net).dp_comm_s > 2 * training_step(w, two_nodes).dp_comm_s);
  CHECK(training_step(w, slow_net_one).dp_comm_s == Approx(training_step(w, one_node).dp_comm_s));
}

TEST_CASE("inference: decode is memory-bound at batch 1, aggregate grows with the batch, KV heads replicate past their count") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  Workload w = llama8b();
  w.mode = Mode::Infer;
  w.precision = "fp16";
  w.context = 2048;
  InferencePerf one = inference_perf(w, s, 512, 1);
  InferencePerf eight = inference_perf(w, s, 512, 8);
  double weights_s = w.model.params * 2 / (s.gpu->memory_bandwidth_gb_s * 1e9);
  CHECK(one.itl_s > weights_s);  // cannot beat reading the weights once
  CHECK(eight.aggregate_tokens_per_s > 4 * one.aggregate_tokens_per_s);
  CHECK(eight.itl_s > one.itl_s);
  w.context = 1 << 20;  // capped at the model's limit
  CHECK(inference_perf(w, s, 512, 1).context == w.model.max_context);
  w.context = 2048;
  PerfSystem nv = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 8, true));
  w.tp = 8;  // llama-3-8b has 8 KV heads: one per GPU
  double kv8 = inference_perf(w, nv, 512, 1).kv_bytes_per_token;
  w.tp = 4;
  double kv4 = inference_perf(w, nv, 512, 1).kv_bytes_per_token;
  CHECK(kv4 == Approx(2 * kv8));
}

TEST_CASE("inference: a decode step looks up the input embedding, it does not stream it") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-rtx-4090-fe"), 1, true));
  auto decode = [&](bool tied) {
    Workload w = llama8b();
    w.mode = Mode::Infer;
    w.precision = "fp16";
    w.context = 2048;
    w.model.tied_embeddings = tied;
    w.model.params = params_from_architecture(w.model);
    return std::pair{inference_perf(w, s, 512, 1).itl_s, weight_bytes(w)};
  };
  auto [untied_s, untied_bytes] = decode(false);
  auto [tied_s, tied_bytes] = decode(true);
  // The untied model holds one more vocabulary x hidden matrix, but streams what the tied one does.
  CHECK(untied_bytes - tied_bytes == Approx(128256.0 * 4096 * 2));
  CHECK(untied_s == Approx(tied_s));
}

TEST_CASE("inference: the decode step reads the KV cache at the bytes memory sizes it at (fp8: 1 byte)") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  Workload w = llama8b();
  w.mode = Mode::Infer;
  w.context = 8192;
  w.micro_batch = 1;
  for (const char* p : {"fp32", "bf16", "fp8", "int4"}) {
    w.precision = p;
    InferencePerf ip = inference_perf(w, s, 512, 1);
    INFO(p);
    CHECK(ip.kv_bytes_per_token == Approx(memory_per_gpu(w).kv_cache / w.inference_context()));
  }
  w.precision = "fp8";
  CHECK(kv_cache_bytes_per_element("fp8") == 1);
  // llama-3-8b: 2 x 32 layers x 8 KV heads x 128 x 1 byte per token.
  CHECK(inference_perf(w, s, 512, 1).kv_bytes_per_token == Approx(2.0 * 32 * 8 * 128));
  // At a large batch the KV reads dominate a decode step: halving their bytes (and the weights')
  // nearly halves it. Timed at 2 bytes, FP8's step would be most of bf16's.
  InferencePerf fp8 = inference_perf(w, s, 512, 64);
  w.precision = "bf16";
  InferencePerf bf16 = inference_perf(w, s, 512, 64);
  CHECK(fp8.itl_s < 0.6 * bf16.itl_s);
  double kv_read_s = 64 * (w.context / 2.0) * bf16.kv_bytes_per_token / (s.gpu->memory_bandwidth_gb_s * 1e9);
  CHECK(bf16.itl_s > kv_read_s);
}

TEST_CASE("inference: an FP8 prefill's GEMMs take fp8_inference_matmul_efficiency, a decode step's the training figure") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  Workload w;
  w.model = *find_model("llama-2-70b");
  w.mode = Mode::Infer;
  w.precision = "fp8";
  w.context = 4096 + 128;
  PerfAssumptions a;
  a.decode_layer_overhead_s = 0;
  a.prefill_layer_overhead_s = 0;  // 0: the decode step's, here none
  PerfAssumptions off = a;
  off.fp8_inference_matmul_efficiency = 0;  // 0: the training figure
  // A 4096-token prompt is compute-bound: its dense GEMMs run faster by about the two figures'
  // ratio (attention, 16-bit, is the same in both), and the decode step does not move.
  InferencePerf on = inference_perf(w, s, 4096, 8, a), base = inference_perf(w, s, 4096, 8, off);
  CHECK(on.ttft_s < base.ttft_s);
  CHECK(on.ttft_s > base.ttft_s * a.fp8_matmul_efficiency / a.fp8_inference_matmul_efficiency * 0.99);
  CHECK(on.itl_s == Approx(base.itl_s));
  // bf16 is untouched.
  Workload w16 = w;
  w16.precision = "bf16";
  CHECK(inference_perf(w16, s, 4096, 8, a).ttft_s == Approx(inference_perf(w16, s, 4096, 8, off).ttft_s));
}

TEST_CASE("inference: a prefill pays prefill_layer_overhead_s a layer, a decode step decode_layer_overhead_s") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  Workload w;
  w.model = *find_model("llama-2-7b");  // 32 layers
  w.mode = Mode::Infer;
  w.precision = "fp8";
  w.context = 128 + 128;
  PerfAssumptions a, more;
  more.prefill_layer_overhead_s = a.prefill_layer_overhead_s + 100e-6;
  InferencePerf base = inference_perf(w, s, 128, 1, a), slower = inference_perf(w, s, 128, 1, more);
  CHECK(slower.ttft_s - base.ttft_s == Approx(32 * 100e-6).epsilon(1e-6));
  CHECK(slower.itl_s == Approx(base.itl_s));
  // 0 falls back to the decode step's figure.
  PerfAssumptions same = a;
  same.prefill_layer_overhead_s = 0;
  same.decode_layer_overhead_s = a.prefill_layer_overhead_s;
  CHECK(inference_perf(w, s, 128, 1, same).ttft_s == Approx(base.ttft_s));
  // Under two pipeline stages each GPU runs half the layers, and the stages run in turn.
  w.pp = 2;
  InferencePerf pbase = inference_perf(w, s, 128, 1, a), pslower = inference_perf(w, s, 128, 1, more);
  CHECK(pslower.ttft_s - pbase.ttft_s == Approx(32 * 100e-6).epsilon(1e-6));
}

TEST_CASE("inference: a decode step sums its linear layers' and its attention's rooflines; KV reads follow the prompt and the kernel") {
  PerfSystem s = perf_system(hardware_from_gpu(gpu("nvidia-h100-sxm5-80gb"), 1, true));
  Workload w;
  w.model = *find_model("llama-2-70b");  // 64 query heads, 8 KV heads
  w.mode = Mode::Infer;
  w.precision = "fp8";
  w.context = 128 + 2048;
  PerfAssumptions a;
  a.decode_layer_overhead_s = 0;
  // Batch 192: the GEMMs are compute-bound and the attention streams the cache; the step is at
  // least both, not the larger alone.
  InferencePerf ip = inference_perf(w, s, 128, 192, a);
  double bw = s.gpu->memory_bandwidth_gb_s * 1e9 * a.memory_efficiency;
  double gemm_s = 2 * w.model.params * 192 / (*s.gpu->tflops.fp8 * 1e12 * a.fp8_matmul_efficiency);
  double kv_s = 192 * (128 + 2176) / 2.0 * ip.kv_bytes_per_token / bw;
  CHECK(ip.itl_s == Approx(gemm_s + kv_s).epsilon(0.02));
  // At batch 1 both are memory-bound: the weights and the cache, read once each.
  InferencePerf one = inference_perf(w, s, 128, 1, a);
  double weights = weight_bytes(w);
  CHECK(one.itl_s == Approx((weights + (128 + 2176) / 2.0 * one.kv_bytes_per_token) / bw).epsilon(0.01));
  // A request decodes from its prompt to the context: a longer prompt reads more cache a step.
  CHECK(inference_perf(w, s, 2048, 64, a).itl_s > inference_perf(w, s, 128, 64, a).itl_s);
  // A kernel that reads a KV head's cache once per query head reads it 8 times here; multi-head
  // attention has nothing to share, so the setting changes nothing there.
  PerfAssumptions per_head = a;
  per_head.gqa_kv_shared_reads = 0;
  InferencePerf shared = inference_perf(w, s, 128, 64, a), unshared = inference_perf(w, s, 128, 64, per_head);
  double kv64_s = 64 * (128 + 2176) / 2.0 * shared.kv_bytes_per_token / bw;
  CHECK(unshared.itl_s - shared.itl_s == Approx(7 * kv64_s).epsilon(0.01));
  w.model = *find_model("llama-2-13b");
  CHECK(inference_perf(w, s, 128, 64, per_head).itl_s == Approx(inference_perf(w, s, 128, 64, a).itl_s));
}

TEST_CASE("search: every layout it keeps fits, and none it could have kept is faster (brute force)") {
  const Gpu& a100 = gpu("nvidia-a100-sxm4-80gb");
  PerfSystem s = perf_system(hardware_from_gpu(a100, 16, true));
  Workload w;
  w.model = *find_model("llama-2-13b");
  w.batch = 64;
  SizingAssumptions sa;
  SearchOptions o;
  o.top = 3;
  SearchResult r = search_parallelism(w, 16, s, a100.memory_gib * kGiB, sa, sa.perf, o);
  REQUIRE(r.best.size() == 3);
  double best = r.best.front().step.step_s;
  long long counted = 0;
  for (int tp : {1, 2, 4, 8, 16})
    for (int pp : {1, 2, 4, 8, 16}) {
      if (tp * pp > 16 || 16 % (tp * pp)) continue;
      int dp = 16 / (tp * pp);
      for (int mb = 1; mb <= 64 / dp; mb *= 2)
        for (int zero = 0; zero <= (pp > 1 ? 1 : 3); ++zero)
          for (Recompute rc : {Recompute::None, Recompute::Full})  // flash attention: selective is none
            for (int sp = 0; sp <= (tp > 1); ++sp) {
              Workload x = w;
              x.tp = tp, x.pp = pp, x.dp = dp, x.micro_batch = mb, x.zero = zero, x.recompute = rc, x.sp = sp;
              if (memory_per_gpu(x, sa).total() > a100.memory_gib * kGiB) continue;
              StepBreakdown st = training_step(x, s, sa.perf);
              if (!st.why_not.empty()) continue;
              ++counted;
              CHECK(st.step_s >= best - 1e-12);
            }
    }
  CHECK(counted > 0);
  CHECK(r.fit >= counted);  // the search also tried interleaving
  for (const auto& c : r.best) CHECK(c.memory_bytes <= a100.memory_gib * kGiB);
}

TEST_CASE("inference: a GGUF decode streams at its llama.cpp era's share, K-quants on AMD and early K-quants on NVIDIA at theirs") {
  // Batch 1, a 4-bit GGUF model: the weight stream dominates, so its time scales with 1 / share.
  auto itl = [](const char* gpu_id, const char* format, const PerfAssumptions& a) {
    PerfSystem s = perf_system(hardware_from_gpu(gpu(gpu_id), 1, true));
    Workload w = llama8b();
    w.mode = Mode::Infer;
    w.precision = "int4";
    w.weight_format = format;
    w.context = 256;
    return inference_perf(w, s, 1, 1, a).itl_s;
  };
  PerfAssumptions now, early, mid;
  early.llamacpp_build_month = 202401;
  mid.llamacpp_build_month = 202406;  // the first month of the current era
  double t_now = itl("nvidia-rtx-3090-fe", "q4_0", now);
  CHECK(itl("nvidia-rtx-3090-fe", "q4_0", early) > t_now * 1.2);
  CHECK(itl("nvidia-rtx-3090-fe", "q4_0", mid) == Approx(t_now));
  // K-quants: AMD's unpack-bound kernels; NVIDIA's stream them like the other block formats.
  PerfAssumptions amd_fast = now;
  amd_fast.amd_kquant_decode_efficiency = now.block_quant_decode_efficiency;
  CHECK(itl("amd-radeon-rx-7900-xtx", "q4_k_m", now) > itl("amd-radeon-rx-7900-xtx", "q4_k_m", amd_fast) * 1.1);
  CHECK(itl("amd-radeon-rx-7900-xtx", "q4_0", now) == Approx(itl("amd-radeon-rx-7900-xtx", "q4_0", amd_fast)));
  CHECK(itl("nvidia-rtx-3090-fe", "q4_k_m", now) == Approx(itl("nvidia-rtx-3090-fe", "q4_k_m", amd_fast)));
  // Before June 2024, K-quants on NVIDIA GPUs at their own share, Q4_0 and AMD's K-quants at the
  // era's block share: only the NVIDIA K-quant moves with kquant_decode_efficiency_2024.
  PerfAssumptions early_k = early;
  early_k.kquant_decode_efficiency_2024 = early.block_quant_decode_efficiency_2024;
  CHECK(itl("nvidia-rtx-3090-fe", "q4_k_m", early) < itl("nvidia-rtx-3090-fe", "q4_k_m", early_k) / 1.2);
  CHECK(itl("nvidia-rtx-3090-fe", "q4_0", early) == Approx(itl("nvidia-rtx-3090-fe", "q4_0", early_k)));
  CHECK(itl("amd-radeon-rx-7900-xtx", "q4_k_m", early) == Approx(itl("amd-radeon-rx-7900-xtx", "q4_k_m", early_k)));
  CHECK(itl("nvidia-rtx-3090-fe", "q4_k_m", mid) == Approx(itl("nvidia-rtx-3090-fe", "q4_k_m", now)));
  // Those builds' decode steps pay llamacpp_2024_decode_layer_overhead_s a layer in place of
  // decode_layer_overhead_s: 32 layers of the difference, any GGUF format; none on a current build.
  PerfAssumptions early_40 = early;
  early_40.llamacpp_2024_decode_layer_overhead_s = early.decode_layer_overhead_s;
  double extra = 32 * (early.llamacpp_2024_decode_layer_overhead_s - early.decode_layer_overhead_s);
  REQUIRE(extra > 0);
  CHECK(itl("nvidia-rtx-3090-fe", "q4_k_m", early) - itl("nvidia-rtx-3090-fe", "q4_k_m", early_40) == Approx(extra));
  CHECK(itl("nvidia-rtx-3090-fe", "q4_0", early) - itl("nvidia-rtx-3090-fe", "q4_0", early_40) == Approx(extra));
  PerfAssumptions now_40 = now;
  now_40.llamacpp_2024_decode_layer_overhead_s = now.decode_layer_overhead_s;
  CHECK(itl("nvidia-rtx-3090-fe", "q4_k_m", now) == Approx(itl("nvidia-rtx-3090-fe", "q4_k_m", now_40)));
  // A build month is an override like the others, bounded as a month.
  PerfAssumptions a;
  CHECK_FALSE(set_perf_assumption(a, "llamacpp_build_month=202401"));
  CHECK(a.llamacpp_build_month == 202401);
  CHECK(set_perf_assumption(a, "llamacpp_build_month=1e7"));
}

TEST_CASE("performance assumptions: named overrides, refused when unknown, negative, NaN or a fraction above 1") {
  PerfAssumptions a;
  CHECK_FALSE(set_perf_assumption(a, "memory_efficiency=0.5"));
  CHECK(a.memory_efficiency == 0.5);
  CHECK(set_perf_assumption(a, "memory_eficiency=0.5"));
  CHECK(set_perf_assumption(a, "memory_efficiency=nan"));
  CHECK(set_perf_assumption(a, "memory_efficiency=1.5"));
  CHECK(set_perf_assumption(a, "nvlink_latency_s=-1"));
  CHECK(set_perf_assumption(a, "nvlink_latency_s"));
  CHECK_FALSE(set_perf_assumption(a, "nvlink_latency_s=2e-5"));
}

TEST_CASE("efficiency by architecture: AMD CDNA3 takes its own GEMM and bandwidth shares, overridable; RDNA3 and NVIDIA keep theirs") {
  PerfAssumptions a;
  const Gpu& mi300x = gpu("amd-instinct-mi300x");
  const Gpu& rx = gpu("amd-radeon-rx-7900-xtx");
  const Gpu& h100 = gpu("nvidia-h100-sxm5-80gb");
  CHECK(matmul_efficiency_for(mi300x, "fp8", a) == a.cdna3_fp8_matmul_efficiency);
  CHECK(matmul_efficiency_for(mi300x, "bf16", a) == a.cdna3_matmul_efficiency);
  CHECK(matmul_efficiency_for(mi300x, "fp32", a) == a.other_matmul_efficiency);
  CHECK(matmul_efficiency_for(rx, "fp16", a) == a.other_matmul_efficiency);
  // An RDNA4 card (the schema's "rdna4") takes the non-NVIDIA figure too, not NVIDIA's default.
  Gpu rdna4 = rx;
  rdna4.architecture = "rdna4";
  CHECK(matmul_efficiency_for(rdna4, "fp16", a) == a.other_matmul_efficiency);
  CHECK(matmul_efficiency_for(rdna4, "fp8", a) == a.other_matmul_efficiency);
  CHECK(matmul_efficiency_for(rdna4, "fp32", a) == a.other_matmul_efficiency);
  // The H100 SXM5 is Hopper's reference card: its measured share over the reference rounded to 3 places.
  CHECK(matmul_efficiency_for(h100, "fp8", a) == Approx(a.fp8_matmul_efficiency).epsilon(1e-3));
  CHECK(memory_efficiency_for(mi300x, a) == a.cdna3_memory_efficiency);
  CHECK(memory_efficiency_for(rx, a) == a.memory_efficiency);
  CHECK(memory_efficiency_for(h100, a) == a.memory_efficiency);
  // A batch-1 decode streams the weights at the CDNA3 share: halving it doubles the weight time.
  PerfSystem s = perf_system(hardware_from_gpu(mi300x, 1, true));
  Workload w;
  w.model = *find_model("llama-3-70b");
  w.mode = Mode::Infer;
  w.precision = "fp8";
  w.context = 1024;
  a.decode_layer_overhead_s = 0;
  double full = inference_perf(w, s, 512, 1, a).itl_s;
  REQUIRE_FALSE(set_perf_assumption(a, "cdna3_memory_efficiency=0.3"));
  CHECK(inference_perf(w, s, 512, 1, a).itl_s == Approx(2 * full).epsilon(0.001));
  // memory_efficiency does not reach CDNA3; matmul_efficiency overrides every architecture.
  REQUIRE_FALSE(set_perf_assumption(a, "memory_efficiency=0.4"));
  CHECK(memory_efficiency_for(mi300x, a) == 0.3);
  REQUIRE_FALSE(set_perf_assumption(a, "matmul_efficiency=0.6"));
  CHECK(matmul_efficiency_for(mi300x, "fp8", a) == 0.6);
  CHECK(set_perf_assumption(a, "cdna3_fp8_matmul_efficiency=0"));  // divides: refused
  // A share whose 0 names a fallback takes it: MMQ's 0 is the 16-bit GEMM, the cuBLAS share's the
  // generic GEMM efficiency, the FP8 prefill's the training FP8 share.
  CHECK_FALSE(set_perf_assumption(a, "mmq_int8_efficiency=0"));
  CHECK_FALSE(set_perf_assumption(a, "llamacpp_cublas_efficiency=0"));
  CHECK_FALSE(set_perf_assumption(a, "fp8_inference_matmul_efficiency=0"));
  CHECK(a.mmq_int8_efficiency == 0);
}

// Published runs the performance model is validated against, as data: each case is a workload on
// a system with the figure its paper reports. Sources:
//  - Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using
//    Megatron-LM", arXiv 2104.04473, Table 1 and §5 (Selene: DGX A100 80 GB nodes, NVLink/NVSwitch,
//    8x 200 Gb/s HDR InfiniBand per node; s = 2048, V = 51,200; full recomputation, interleaved
//    schedule with scatter/gather; achieved TFLOP/s counted by Eq. 3, i.e. hardware FLOPs);
//  - Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
//    arXiv 2205.05198, Tables 3 and 5 (same machine; TP 8, no data parallelism, interleaving with
//    three stages for 175B and 530B; MFU by Eq. 7);
//  - Llama Team 2024, "The Llama 3 Herd of Models", arXiv 2407.21783, Table 4 (H100 80 GB, 8 per
//    node with NVLink, 400 Gb/s RoCE per GPU; BF16 MFU);
//  - single-GPU decode from llama.cpp benchmark tables (see decode_cases()).
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/perf.hpp"
#include "rigplan/sizing.hpp"

namespace rigplan::validation {

enum class Measure {
  HardwareTflops, Mfu, DecodeTokensPerS,  // the fit set's
  TokensPerSPerGpu,                       // training throughput per GPU
  ItlSeconds, TtftSeconds,                // one decode step; the prefill of the prompt
  PrefillTokensPerS,                      // prompt tokens per second (llama-bench ppN)
  LatencySeconds                          // a whole request: prefill plus `output` decode steps
};

struct Case {
  std::string label;
  double published = 0;
  std::string unit;
  Measure measure = Measure::Mfu;
  Workload w;
  PerfSystem sys;
  PerfAssumptions a;
  int prompt = 0, batch = 1, output = 0;
};

struct Prediction {
  double value = 0, published = 0;
  double error() const { return published != 0 ? value / published - 1 : 0; }
};

inline const Gpu& catalog_gpu(const char* id) {
  const Gpu* g = Catalog::builtin().find<Gpu>(id);
  REQUIRE(g != nullptr);
  return *g;
}

// One GPU of the catalog, alone (no links).
inline PerfSystem one_gpu(const char* id) {
  PerfSystem s;
  s.gpu = &catalog_gpu(id);
  s.gpus_per_node = 1;
  return s;
}

// DGX A100 (Selene): NVLink 3 through NVSwitch at 300 GB/s per direction per GPU; one 200 Gb/s
// HDR HCA per GPU (25 GB/s); PCIe 4.0 x16 to the host.
inline PerfSystem selene() {
  PerfSystem s;
  s.gpu = &catalog_gpu("nvidia-a100-sxm4-80gb");
  s.gpus_per_node = 8;
  s.intra = {"nvlink", 300, PerfAssumptions{}.nvlink_latency_s};
  s.inter = {"network", 25, PerfAssumptions{}.network_latency_s};
  s.host_gb_s = 32;
  return s;
}

// Llama 3's H100 hosts: NVLink 4 at 450 GB/s per direction; 400 Gb/s RoCE per GPU (50 GB/s).
inline PerfSystem llama3_cluster() {
  PerfSystem s;
  s.gpu = &catalog_gpu("nvidia-h100-sxm5-80gb");
  s.gpus_per_node = 8;
  s.intra = {"nvlink", 450, PerfAssumptions{}.nvlink_latency_s};
  s.inter = {"network", 50, PerfAssumptions{}.network_latency_s};
  s.host_gb_s = 64;
  return s;
}

inline Workload gpt(int layers, int hidden, int heads, int vocab, int seq) {
  Workload w;
  w.model = custom_model(0, layers, hidden, heads, heads, 4 * hidden, vocab);
  w.model.mlp = "gelu";
  w.model.max_context = seq;
  w.seq = seq;
  w.mode = Mode::Train;
  w.precision = "bf16";
  w.attention = Attention::Standard;  // 2021-2022 Megatron: no flash attention
  return w;
}

inline const std::vector<Case>& narayanan_table1() {
  static const std::vector<Case> cases = [] {
    struct Row { double params_b; int heads, hidden, layers, tp, pp, gpus, batch; double tflops; };
    const Row rows[] = {
        {1.7, 24, 2304, 24, 1, 1, 32, 512, 137},       {3.6, 32, 3072, 30, 2, 1, 64, 512, 138},
        {7.5, 32, 4096, 36, 4, 1, 128, 512, 142},      {18.4, 48, 6144, 40, 8, 1, 256, 1024, 135},
        {39.1, 64, 8192, 48, 8, 2, 512, 1536, 138},    {76.1, 80, 10240, 60, 8, 4, 1024, 1792, 140},
        {145.6, 96, 12288, 80, 8, 8, 1536, 2304, 148}, {310.1, 128, 16384, 96, 8, 16, 1920, 2160, 155},
        {529.6, 128, 20480, 105, 8, 35, 2520, 2520, 163}, {1008.0, 160, 25600, 128, 8, 64, 3072, 3072, 163},
    };
    std::vector<Case> out;
    for (const Row& r : rows) {
      Case c;
      c.label = "Narayanan T1 " + std::to_string(r.params_b).substr(0, std::to_string(r.params_b).find('.') + 2) + "B";
      c.published = r.tflops;
      c.unit = "TFLOP/s";
      c.measure = Measure::HardwareTflops;
      c.w = gpt(r.layers, r.hidden, r.heads, 51200, 2048);
      c.w.tp = r.tp;
      c.w.pp = r.pp;
      c.w.dp = r.gpus / (r.tp * r.pp);
      c.w.batch = r.batch;
      c.w.micro_batch = 1;  // not stated for Table 1; §5.3-5.4 use 1
      c.w.recompute = Recompute::Full;
      // Interleaved schedule (§5.1); the number of chunks per GPU is not published: 2 is taken
      // where Megatron-LM allows it (layers divisible by pp x v, at least 3 stages), else 3, and
      // none on 2 stages, which Megatron-LM runs without interleaving.
      c.w.framework = Framework::Megatron;
      for (int v : {2, 3})
        if (r.pp >= 3 && c.w.interleave == 1 && r.layers % (r.pp * v) == 0) c.w.interleave = v;
      c.sys = selene();
      // Megatron-LM of 2021 reduced gradients after the backward pass and sent activations between
      // stages without overlapping them with compute.
      c.a.dp_overlap = 0;
      c.a.megatron_p2p_overlap = 0;
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

// Narayanan et al. 2021, Table 2: GPT-3 175B with ZeRO-3 and no model parallelism (DeepSpeed),
// batch 1536, full recomputation; achieved TFLOP/s per GPU by Eq. 3.
inline const std::vector<Case>& narayanan_table2_zero3() {
  static const std::vector<Case> cases = [] {
    struct Row { int gpus, micro; double tflops; };
    const Row rows[] = {{384, 4, 144}, {768, 2, 88}, {1536, 1, 44}};
    std::vector<Case> out;
    for (const Row& r : rows) {
      Case c;
      c.label = "Narayanan T2 ZeRO-3 175B on " + std::to_string(r.gpus);
      c.published = r.tflops;
      c.unit = "TFLOP/s";
      c.measure = Measure::HardwareTflops;
      c.w = gpt(96, 12288, 96, 51200, 2048);
      c.w.dp = r.gpus;
      c.w.zero = 3;
      c.w.framework = Framework::Deepspeed;
      c.w.batch = 1536;
      c.w.micro_batch = r.micro;
      c.w.recompute = Recompute::Full;
      c.sys = selene();
      c.a.dp_overlap = 0;
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

inline const std::vector<Case>& korthikanti_table5() {
  static const std::vector<Case> cases = [] {
    struct Row { const char* name; int heads, hidden, layers, pp, gpus, batch, micro, interleave; double mfu; };
    const Row rows[] = {
        {"22B", 64, 6144, 48, 1, 8, 4, 4, 1, 0.415},
        {"175B", 96, 12288, 96, 8, 64, 64, 1, 3, 0.514},
        {"530B", 128, 20480, 105, 35, 280, 280, 1, 3, 0.560},
        {"1T", 160, 25600, 128, 64, 512, 512, 1, 1, 0.563},
    };
    std::vector<Case> out;
    for (const Row& r : rows) {
      Case c;
      c.label = std::string("Korthikanti T5 ") + r.name + " selective+SP";
      c.published = r.mfu;
      c.unit = "MFU";
      c.measure = Measure::Mfu;
      c.w = gpt(r.layers, r.hidden, r.heads, 51200, 2048);
      c.w.tp = 8;
      c.w.pp = r.pp;
      c.w.dp = 1;
      c.w.batch = r.batch;
      c.w.micro_batch = r.micro;
      c.w.recompute = Recompute::Selective;
      c.w.sp = true;
      c.w.interleave = r.interleave;
      c.w.framework = Framework::Megatron;
      c.a.megatron_p2p_overlap = 0;  // 2022: before Megatron-LM's --overlap-p2p-communication
      c.sys = selene();
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

inline const std::vector<Case>& llama3_table4() {
  static const std::vector<Case> cases = [] {
    struct Row { int gpus, dp, batch_per_dp; double mfu; };
    const Row rows[] = {{8192, 64, 32, 0.43}, {16384, 128, 16, 0.41}};  // the CP = 16 row is not modelled
    std::vector<Case> out;
    for (const Row& r : rows) {
      Case c;
      c.label = "Llama 3 405B on " + std::to_string(r.gpus) + " H100";
      c.published = r.mfu;
      c.unit = "MFU";
      c.measure = Measure::Mfu;
      const ModelSpec* m = find_model("llama-3.1-405b");
      REQUIRE(m != nullptr);
      c.w.model = *m;
      c.w.mode = Mode::Train;
      c.w.precision = "bf16";
      c.w.seq = 8192;
      c.w.tp = 8;
      c.w.pp = 16;
      c.w.dp = r.dp;
      c.w.batch = r.dp * r.batch_per_dp;
      c.w.micro_batch = 1;
      c.w.sp = true;
      // Meta's own stack: FSDP that shards optimizer states and gradients but keeps the weights
      // after the forward pass (§3.3.2), FSDP's SHARD_GRAD_OP, ZeRO-2. Its stages (§3.3.2): "we
      // reduce one Transformer layer each from the first and the last stages, respectively. This
      // means that the first model chunk on the first stage has only the embedding, and the last
      // model chunk on the last stage has only output projection and loss calculation": 126 layers,
      // the embedding and the loss in 128 slots, a model chunk one slot — 16 stages of 8 chunks.
      c.w.embedding_in_pipeline_split = true;
      c.w.framework = Framework::Fsdp;
      c.w.zero = 2;
      c.w.attention = Attention::Flash;
      // Interleaved 1F1B (§3.3.2, "V pipeline stages on one pipeline rank"): V is not printed, but
      // a chunk holding only the embedding makes a chunk one slot, so V = 128 / 16 = 8.
      c.w.interleave = 8;
      c.sys = llama3_cluster();
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

const std::vector<Case>& decode_cases();

// The FP8 GEMM efficiency's fit row: NVIDIA NeMo "Performance Benchmarks" (24.07 container,
// docs/source/performance/performance_summary.md at github.com/NVIDIA/NeMo 8e3d65dcfe,
// 2024-09-09): "| LLAMA2-7B | 8 | 128 | 1 | 4096 | 1 | 1 | 1 | 1 | 16934 | 780 |" — Llama 2 7B in
// FP8 on one DGX H100, data parallel over 8 (Megatron-Core, distributed optimizer), global batch
// 128, micro-batch 1, sequence 4096: 16934 tokens/s per GPU. The other NeMo rows are held out.
inline const std::vector<Case>& fit_fp8_cases() {
  static const std::vector<Case> cases = [] {
    Case c;
    c.label = "NeMo Llama 2 7B FP8, 8 H100 (fp8 efficiency fit)";
    c.published = 16934;
    c.unit = "tokens/s/GPU";
    c.measure = Measure::TokensPerSPerGpu;
    c.w.model = *find_model("llama-2-7b");
    c.w.mode = Mode::Train;
    c.w.precision = "fp8";
    c.w.seq = 4096;
    c.w.dp = 8;
    c.w.zero = 1;
    c.w.micro_batch = 1;
    c.w.batch = 128;
    c.w.framework = Framework::Megatron;
    c.sys = llama3_cluster();
    return std::vector<Case>{c};
  }();
  return cases;
}

inline Prediction predict(const Case& c) {
  INFO(c.label);
  Prediction p;
  p.published = c.published;
  switch (c.measure) {
    case Measure::DecodeTokensPerS:
    case Measure::ItlSeconds:
    case Measure::TtftSeconds:
    case Measure::PrefillTokensPerS:
    case Measure::LatencySeconds: {
      InferencePerf ip = inference_perf(c.w, c.sys, c.prompt, c.batch, c.a);
      REQUIRE(ip.itl_s > 0);
      if (c.measure == Measure::DecodeTokensPerS) p.value = ip.decode_tokens_per_s;
      else if (c.measure == Measure::ItlSeconds) p.value = ip.itl_s;
      else if (c.measure == Measure::TtftSeconds) p.value = ip.ttft_s;
      else if (c.measure == Measure::PrefillTokensPerS) p.value = ip.prefill_tokens_per_s;
      else p.value = ip.batch_prefill_s + c.output * ip.itl_s;  // the batch's prompts prefilled together
      return p;
    }
    default:
      break;
  }
  StepBreakdown s = training_step(c.w, c.sys, c.a);
  INFO(s.why_not);
  REQUIRE(s.why_not.empty());
  if (c.measure == Measure::Mfu) p.value = s.mfu;
  else if (c.measure == Measure::TokensPerSPerGpu) p.value = s.tokens_per_s / c.w.gpus();
  else p.value = s.hardware_flops / s.step_s / c.w.gpus() / 1e12;
  return p;
}

}  // namespace rigplan::validation

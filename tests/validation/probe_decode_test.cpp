// Inference decode steps measured layer by layer on one H100 SXM and one H200, against the decode
// model of src/perf/inference.cpp (the weights and KV cache streamed at memory_efficiency of peak
// bandwidth, plus decode_layer_overhead_s a layer). tools/measure/decode_probe.py (PyTorch 2.11,
// CUDA 13.0; tests/data/measured/*-2026-11-27-decode.json) ran stacks of Llama-style decoder layers
// in bf16 — RMSNorm, fused QKV, rotary embedding, KV-cache write, grouped-query SDPA over 1024
// cached tokens, output projection, SwiGLU MLP — at the shapes of Llama 3.2 1B, Llama 3 8B and 70B,
// and one GPU's shard of Llama 3 70B at tensor parallelism 2 and 8 and of Llama 3.1 405B at 8,
// batches 1-64, replayed as CUDA graphs as inference engines replay decode steps. Under
// torch.compile (its elementwise ops fused: 14-20 kernels a layer, about what a serving engine's
// fused layer runs) the layers check the model, on which nothing here was fitted. The same layers
// of PyTorch's own ops (26 kernels a layer) run up to 30 % slower than the model, most in small
// layers: it prices an engine's fused layer, not eager PyTorch (the table prints both).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/sizing.hpp"
#include "rigplan/weight_format.hpp"
#include "validation/perf_validation_cases.hpp"

using namespace rigplan;
using namespace rigplan::validation;

namespace {

struct DecodeLayerRow {
  std::string gpu, model;
  int batch = 0, context = 0, kernels = 0;
  double seconds = 0;  // one layer, replayed in a CUDA graph
  // Cache bytes a layer the probe read beyond the model's: its cache is bf16 (SDPA takes no FP8
  // cache), the model's FP8 for FP8 weights.
  double kv_extra_bytes = 0;
  Workload w;
};

// One GPU's share of a decoder layer as a model of `layers` such layers and no vocabulary (the
// probe streams no embedding or output layer), head size 128.
Workload layer_stack(const nlohmann::json& r, const char* precision) {
  Workload w;
  w.model = custom_model(0, r.at("layers"), r.at("hidden"), r.at("q_heads"), r.at("kv_heads"), r.at("ffn"), 0);
  w.model.head_dim = 128;
  w.model.mlp = "swiglu";
  w.model.params = params_from_architecture(w.model);
  w.mode = Mode::Infer;
  w.precision = precision;
  w.context = r.at("context");
  w.model.max_context = w.context;
  return w;
}

// `section` of a decode probe's file: decode_layers_compiled or decode_layers (eager ops), or
// their FP8-weight counterparts (precision "fp8").
std::vector<DecodeLayerRow> decode_layers(const std::string& file, const char* gpu, const char* section,
                                          const char* precision = "bf16") {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/tests/data/measured/" + file);
  REQUIRE(in);
  nlohmann::json j = nlohmann::json::parse(in);
  std::vector<DecodeLayerRow> out;
  for (const auto& r : j.at(section)) {
    if (!r.contains("graph_s_per_layer")) continue;
    DecodeLayerRow row;
    row.gpu = gpu;
    row.model = r.at("model");
    row.batch = r.at("batch");
    row.context = r.at("context");
    row.kernels = r.value("kernels_per_layer", 0);
    row.seconds = r.at("graph_s_per_layer");
    row.w = layer_stack(r, precision);
    // The data's own byte counts are the model's, less the two norms' 2·hidden weights (which the
    // probe does not count); its cache is bf16 whatever the weights.
    double el = bytes_per_param(precision);
    CHECK(r.at("weight_bytes_per_layer").get<double>() ==
          Approx(weight_bytes(row.w) / row.w.model.layers - 2 * el * row.w.model.hidden));
    double model_kv = kv_cache_bytes_per_token(row.w) / row.w.model.layers * row.batch * row.context;
    double probe_kv = r.at("kv_bytes_per_layer").get<double>();
    CHECK(probe_kv == Approx(model_kv * 2 / kv_cache_bytes_per_element(precision)));
    row.kv_extra_bytes = probe_kv - model_kv;
    out.push_back(row);
  }
  return out;
}

struct ProbeFile {
  const char* file;
  const char* gpu;
};
constexpr ProbeFile kFiles[] = {{"h200-sxm-vm-2026-11-27-decode.json", "nvidia-h200-sxm-141gb"},
                                {"h100-sxm-vm-2026-11-27-decode.json", "nvidia-h100-sxm5-80gb"}};

// Predicted over measured time of one layer, less one: the decode step of a request whose cache
// holds `context` tokens from the first step to the last (prompt = context), plus the probe's
// extra cache bytes streamed as the model streams a cache (memory_efficiency of peak).
double layer_error(const DecodeLayerRow& r, const PerfAssumptions& a = {}) {
  PerfSystem s = one_gpu(r.gpu.c_str());
  InferencePerf p = inference_perf(r.w, s, r.context, r.batch, a);
  double extra = r.kv_extra_bytes / (s.gpu->memory_bandwidth_gb_s * 1e9 * a.memory_efficiency);
  return (p.itl_s / r.w.model.layers + extra) / r.seconds - 1;
}

// Each file's compiled layers of `section` (`count` of them, fused: at most 20 kernels where the
// eager layer runs 26-29) within 12 % of the model a row and `mean_bound` on average.
void check_compiled_layers(const ProbeFile* files, std::size_t n, const char* section, const char* precision,
                           std::size_t count, double mean_bound) {
  for (const ProbeFile* f = files; f != files + n; ++f) {
    std::vector<DecodeLayerRow> rows = decode_layers(f->file, f->gpu, section, precision);
    REQUIRE(rows.size() == count);
    double sum = 0;
    for (const DecodeLayerRow& r : rows) {
      CHECK(r.kernels <= 20);
      double e = layer_error(r);
      INFO(f->gpu << " " << r.model << " batch " << r.batch << ": measured " << r.seconds * 1e6 << " us, error " << e);
      CHECK(std::abs(e) <= 0.12);
      sum += std::abs(e);
    }
    INFO(f->gpu << " mean absolute error " << sum / rows.size());
    CHECK(sum / rows.size() <= mean_bound);
  }
}

constexpr ProbeFile kFp8Files[] = {{"h100-sxm-vm-2026-11-27-decode-fp8.json", "nvidia-h100-sxm5-80gb"},
                                   {"h200-sxm-vm-2026-11-27-decode-fp8.json", "nvidia-h200-sxm-141gb"}};

}  // namespace

TEST_CASE("measured decode layers under torch.compile, not fitted on: within 12 %, 10 % on average, per GPU") {
  // Bound: the model's worst (H100, 70B at TP 2, batch 1: +11.3 %), rounded up.
  check_compiled_layers(kFiles, std::size(kFiles), "decode_layers_compiled", "bf16", 14, 0.10);
}

TEST_CASE("measured FP8-weight decode layers under torch.compile, not fitted on: within 12 %, 8 % on average, per GPU") {
  // tools/measure/decode_probe.py --only-fp8-layers: the same layers with FP8 weights
  // (torch._scaled_mm, activations cast to e4m3) at batch 16 and 64, the cache bf16 (its extra
  // byte counted at the model's streaming rate). The 70B's and the 405B's TP-8 shards — the
  // sixth held-out set's layers on the same GPU — are among them. Bounds: the H100's worst (+11.2 %)
  // and mean (7.2 %), rounded up; the H200's run, made after they were set, meets them (7.1 %,
  // worst +11.8 %).
  check_compiled_layers(kFp8Files, std::size(kFp8Files), "decode_layers_fp8_compiled", "fp8", 12, 0.08);
}

TEST_CASE("measured decode layers: the fixed cost a layer is what keeps small layers right") {
  // Without decode_layer_overhead_s the 1B layers at batch 1 (73 and 89 us measured, 38-48 % of it
  // beyond streaming their 143 MB at 80 % of peak) come out far too fast; the 70B layers (459-738 us)
  // much less so.
  PerfAssumptions none;
  none.decode_layer_overhead_s = 0;
  for (const ProbeFile& f : kFiles)
    for (const DecodeLayerRow& r : decode_layers(f.file, f.gpu, "decode_layers_compiled")) {
      INFO(r.gpu << " " << r.model << " batch " << r.batch);
      if (r.model == "llama-3.2-1b" && r.batch == 1) CHECK(layer_error(r, none) < -0.25);
      if (r.model == "llama-3-70b") CHECK(layer_error(r, none) > -0.12);
    }
}

// The compiled layers ("[.decode-layer-table]") and the eager ones ("[.decode-layer-eager-table]").
static void print_decode_layer_table(const char* section) {
  std::printf("| GPU | layer | batch | cached tokens | kernels | measured | predicted | error |\n"
              "|---|---|---|---|---|---|---|---|\n");
  for (const ProbeFile& f : kFiles)
    for (const DecodeLayerRow& r : decode_layers(f.file, f.gpu, section)) {
      double e = layer_error(r);
      std::printf("| %s | %s | %d | %d | %s | %.1f us | %.1f us | %+.1f %% |\n", f.gpu, r.model.c_str(), r.batch,
                  r.context, r.kernels > 0 ? std::to_string(r.kernels).c_str() : "", r.seconds * 1e6,
                  r.seconds * (1 + e) * 1e6, 100 * e);
    }
}

TEST_CASE("decode layer table", "[.decode-layer-table]") { print_decode_layer_table("decode_layers_compiled"); }

TEST_CASE("FP8 decode layer table", "[.decode-layer-fp8-table]") {
  for (const char* section : {"decode_layers_fp8_compiled", "decode_layers_fp8"}) {
    std::printf("%s\n| GPU | layer | batch | kernels | measured | predicted | error |\n|---|---|---|---|---|---|---|\n", section);
    for (const ProbeFile& f : kFp8Files)
      for (const DecodeLayerRow& r : decode_layers(f.file, f.gpu, section, "fp8")) {
        double e = layer_error(r);
        std::printf("| %s | %s | %d | %d | %.1f us | %.1f us | %+.1f %% |\n", f.gpu, r.model.c_str(), r.batch,
                    r.kernels, r.seconds * 1e6, r.seconds * (1 + e) * 1e6, 100 * e);
      }
  }
}

TEST_CASE("decode layer table, eager ops", "[.decode-layer-eager-table]") { print_decode_layer_table("decode_layers"); }

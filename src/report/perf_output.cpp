// Text and JSON for the performance model's answers (see include/rigplan/perf_output.hpp).
#include "rigplan/perf_output.hpp"

#include <fmt/format.h>

#include "rigplan/table.hpp"

namespace rigplan {

namespace {

std::string secs(double s) {
  if (s < 1e-3) return fmt::format("{:.0f} us", s * 1e6);
  if (s < 1) return fmt::format("{:.1f} ms", s * 1e3);
  if (s < 120) return fmt::format("{:.2f} s", s);
  if (s < 2 * 3600) return fmt::format("{:.1f} min", s / 60);
  if (s < 3 * 86400) return fmt::format("{:.1f} h", s / 3600);
  return fmt::format("{:.1f} days", s / 86400);
}

std::string rate(double tokens_per_s) {
  if (tokens_per_s >= 1e6) return fmt::format("{:.2f} M tokens/s", tokens_per_s / 1e6);
  if (tokens_per_s >= 1e3) return fmt::format("{:.1f} k tokens/s", tokens_per_s / 1e3);
  return fmt::format("{:.1f} tokens/s", tokens_per_s);
}

std::string vendor_name(std::string_view v) {
  if (v == "nvidia") return "NVIDIA";
  if (v == "amd") return "AMD";
  if (v == "intel") return "Intel";
  if (v == "apple") return "Apple";
  return std::string(v);
}

// One kind's held-out summary: "<mean> % mean error over <runs> runs, <n> beyond 25 % (worst <w> %)".
std::string accuracy_words(const HeldOutAccuracy& a) {
  return fmt::format("{:.1f} % mean error over {} runs, {} beyond 25 % (worst {:.1f} %)", a.mean_abs_error * 100, a.runs,
                     a.beyond_25_percent, a.worst_abs_error * 100);
}

// Whose runs a summary is over: the GPU's vendor, or all GPUs where the vendor has too few.
std::string accuracy_scope(const HeldOutAccuracy& a, std::string_view vendor) {
  if (a.vendor != "all") return vendor_name(a.vendor) + " GPUs";
  int own = 0;
  for (const HeldOutAccuracy& v : heldout_accuracy())
    if (v.kind == a.kind && v.vendor == vendor) own = v.runs;
  return fmt::format("all GPUs: {} on {} GPUs, fewer than {}", own, vendor_name(vendor), kMinAccuracyRuns);
}

}  // namespace

std::string step_text(const StepBreakdown& s, bool mfu_given) {
  std::string out = fmt::format("\nStep (predicted): {} for {:.0f} tokens, {}; MFU {:.1f} %, HFU {:.1f} %{}\n", secs(s.step_s),
                                s.tokens_per_step, rate(s.tokens_per_s), s.mfu * 100, s.hfu * 100,
                                mfu_given ? " (the time below uses your --mfu)" : "");
  Table t;
  t.headers = {"PART", "TIME", "SHARE"};
  t.right_align = {false, true, true};
  auto row = [&](const char* name, double v) {
    if (v > 0) t.rows.push_back({name, secs(v), fmt::format("{:.1f} %", 100 * v / s.step_s)});
  };
  row("matmul and attention", s.compute_s);
  row("memory-bound ops and optimizer", s.memory_s);
  row("tensor-parallel communication", s.tp_comm_s);
  row("context-parallel key/value ring, exposed", s.cp_comm_s);
  row("pipeline bubble", s.bubble_s);
  row("pipeline sends", s.pp_comm_s);
  row("gradient reduction, exposed", s.dp_exposed_s);
  row("ZeRO-3 gathers, exposed", s.zero3_exposed_s);
  row("offload (host link, CPU optimizer)", s.offload_s);
  out += t.render();
  if (s.dp_comm_s > 0) out += fmt::format("gradient reduction {} per step, {} hidden behind compute\n", secs(s.dp_comm_s),
                                          secs(std::max(0.0, s.dp_comm_s - s.dp_exposed_s - s.zero3_exposed_s)));
  return out;
}

std::string heldout_line(PredictionKind kind, std::string_view vendor, std::string_view what) {
  const HeldOutAccuracy* a = accuracy_for(kind, vendor);
  if (!a) return "";
  return fmt::format("Accuracy on published {} not used in fitting ({}): {}\n", what, accuracy_scope(*a, vendor), accuracy_words(*a));
}

nlohmann::ordered_json heldout_json(PredictionKind kind, std::string_view vendor) {
  const HeldOutAccuracy* a = accuracy_for(kind, vendor);
  if (!a) return nullptr;
  return {{"vendor", a->vendor},
          {"runs", a->runs},
          {"mean_abs_error", a->mean_abs_error},
          {"worst_abs_error", a->worst_abs_error},
          {"beyond_25_percent", a->beyond_25_percent}};
}

std::string serving_text(const InferencePerf& p, int prompt) {
  std::string out = fmt::format(
      "\nInference (predicted): time to first token {} for a {}-token prompt ({}); at {} concurrent request{} "
      "{} between tokens, {} each, {} in all; the KV pool holds {} sequences of {} tokens\n",
      secs(p.ttft_s), prompt, rate(p.prefill_tokens_per_s), p.batch, p.batch == 1 ? "" : "s", secs(p.itl_s),
      rate(p.decode_tokens_per_s), rate(p.aggregate_tokens_per_s), p.max_batch, p.context);
  // Why a llama.cpp decode gains less from an HBM card's bandwidth than its datasheet says.
  if (p.weight_bw_uncapped > 0)
    out += fmt::format("llama.cpp's decode kernels read the weights at {:.2f} TB/s: the SMs' ceiling (SMs x clock x "
                       "bytes a cycle), where the weight stream would reach {:.2f} TB/s\n",
                       p.weight_bw / 1e12, p.weight_bw_uncapped / 1e12);
  // Which of llama.cpp's prompt paths the prefill takes, and at what rate.
  if (p.prefill_gemm_path == "mmq")
    out += fmt::format("llama.cpp's prompt GEMMs: MMQ on the INT8 tensor cores at {:.0f} TOPS (mmq_int8_efficiency of "
                       "a GeForce-class SM's INT8 rate, per SM cycle: MMQ's speed follows SMs x clock, not the tensor "
                       "width)\n",
                       p.prefill_gemm_flops / 1e12);
  else if (p.prefill_gemm_path == "cublas-fp16")
    out += fmt::format("llama.cpp's prompt GEMMs: cuBLAS in FP16 with FP16 accumulation at {:.0f} TFLOP/s "
                       "(llamacpp_cublas_efficiency of the FP16-accumulate peak, twice the FP32-accumulating one on "
                       "GeForce cards)\n",
                       p.prefill_gemm_flops / 1e12);
  if (!p.prefill_gemm_path.empty() && p.prefill_legacy_mma_share < 1)
    out += fmt::format("  including hopper_legacy_mma_share {:.3f}: on Hopper the kernels' pre-Hopper mma.sync "
                       "instructions reach that share of the peak\n",
                       p.prefill_legacy_mma_share);
  if (!p.prefill_gemm_path.empty() && p.prefill_early_build_share < 1)
    out += fmt::format("  including llamacpp_early_2024_prompt_share {:.3f}: llama.cpp builds before April 2024 reached "
                       "that share of May 2024's prompt rate\n",
                       p.prefill_early_build_share);
  if (p.prefill_score_bytes > 0)
    out += fmt::format("Without flash attention the prompt's attention scores move {:.1f} GB through memory "
                       "(prefill_score_bytes each)\n",
                       p.prefill_score_bytes / 1e9);
  return out;
}

std::string search_text(const SearchResult& r, double tokens, int top, int cp) {
  std::string out = fmt::format("\nParallelism search: {} layouts evaluated, {} fit memory; the fastest{}:\n", r.evaluated, r.fit,
                                cp > 1 ? fmt::format(" (context parallelism {} kept: TP x PP x DP is the rest)", cp) : "");
  if (r.best.empty()) out += "no layout fits: give more GPUs, a smaller micro-batch or offload\n";
  Table t;
  t.headers = {"#", "TP", "PP", "DP", "MB", "V", "ZERO", "RECOMPUTE", "SP", "MEM/GPU", "STEP", "TOKENS/S", "MFU", "TIME"};
  t.right_align = {true, true, true, true, true, true, true, false, false, true, true, true, true, true};
  int i = 0;
  for (const auto& c : r.best) {
    if (i >= top) break;
    double train = tokens > 0 && c.step.tokens_per_s > 0 ? tokens / c.step.tokens_per_s : 0;
    t.rows.push_back({std::to_string(++i), std::to_string(c.tp), std::to_string(c.pp), std::to_string(c.dp),
                      std::to_string(c.micro_batch), std::to_string(c.interleave), std::to_string(c.zero), std::string(word_of(c.recompute)),
                      c.sp ? "yes" : "no", fmt::format("{:.1f} GiB", c.memory_bytes / (1024.0 * 1024 * 1024)), secs(c.step.step_s),
                      rate(c.step.tokens_per_s), fmt::format("{:.1f} %", c.step.mfu * 100), train > 0 ? secs(train) : "-"});
  }
  if (!t.rows.empty()) out += t.render();
  for (const auto& [why, n] : r.rejected) out += fmt::format("rejected: {} × {}\n", n, why);
  return out;
}

nlohmann::ordered_json step_json(const StepBreakdown& s) {
  return {{"step_seconds", s.step_s},
          {"tokens_per_step", s.tokens_per_step},
          {"tokens_per_s", s.tokens_per_s},
          {"mfu", s.mfu},
          {"hfu", s.hfu},
          {"clock_share", s.clock_share},
          {"micro_batches", s.micro_batches},
          {"breakdown_seconds",
           {{"compute", s.compute_s},
            {"memory", s.memory_s},
            {"tp_comm", s.tp_comm_s},
            {"cp_comm", s.cp_comm_s},
            {"bubble", s.bubble_s},
            {"pp_comm", s.pp_comm_s},
            {"dp_exposed", s.dp_exposed_s},
            {"zero3_exposed", s.zero3_exposed_s},
            {"offload", s.offload_s}}},
          {"dp_comm_seconds", s.dp_comm_s}};
}

nlohmann::ordered_json search_json(const SearchResult& r, double tokens) {
  nlohmann::ordered_json j{{"evaluated", r.evaluated}, {"fit", r.fit}, {"seconds", r.seconds}};
  j["best"] = nlohmann::ordered_json::array();
  for (const auto& c : r.best) {
    nlohmann::ordered_json e{{"tp", c.tp}, {"pp", c.pp}, {"dp", c.dp}, {"micro_batch", c.micro_batch},
                             {"interleave", c.interleave}, {"zero", c.zero}, {"recompute", word_of(c.recompute)}, {"sp", c.sp},
                             {"memory_bytes", c.memory_bytes}};
    e["step"] = step_json(c.step);
    e["train_seconds"] = tokens > 0 && c.step.tokens_per_s > 0 ? tokens / c.step.tokens_per_s : 0;
    j["best"].push_back(std::move(e));
  }
  j["rejected"] = nlohmann::ordered_json::object();
  for (const auto& [why, n] : r.rejected) j["rejected"][why] = n;
  return j;
}

}  // namespace rigplan

// Text and JSON for `rigplan size` (see include/rigplan/size_output.hpp).
#include "rigplan/size_output.hpp"

#include "rigplan/framework.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "rigplan/perf_output.hpp"
#include "rigplan/table.hpp"

namespace rigplan {

namespace {

constexpr int kBarWidth = 30;

std::string gib(double bytes) { return fmt::format("{:.2f} GiB", bytes / kGiB); }

std::string bar(double part, double whole) {
  int n = whole > 0 ? static_cast<int>(std::lround(part / whole * kBarWidth)) : 0;
  std::string s;
  for (int i = 0; i < n; ++i) s += "█";
  return s;
}

std::string duration(double s) {
  if (s < 120) return fmt::format("{:.1f} s", s);
  if (s < 2 * 3600) return fmt::format("{:.1f} min", s / 60);
  if (s < 3 * 86400) return fmt::format("{:.1f} h", s / 3600);
  return fmt::format("{:.1f} days", s / 86400);
}

// The error the model has shown on published runs it was not fitted to, for what it predicted
// here (include/rigplan/model_accuracy.hpp): a predicted time is read with it.
std::string accuracy_text(const SizeReport& r) {
  if (!r.hardware || !r.hardware->gpu) return "";
  const std::string& vendor = r.hardware->gpu->vendor;
  std::string out;
  if (r.step && r.mfu_predicted) out += heldout_line(PredictionKind::Training, vendor, "training runs");
  if (r.serving) {
    out += heldout_line(PredictionKind::Prefill, vendor, "prefill timings");
    out += heldout_line(PredictionKind::Decode, vendor, "decode timings");
  }
  if (!out.empty()) out += kHeldoutWhere;
  return out;
}

// Copies sharing one GPU: MPS or time-slicing, and every MIG profile of the GPU's table.
std::string sharing_text(const SizeReport& r) {
  std::string out;
  const char* unit = r.workload.mode == Mode::Infer ? "output tokens/s" : "tokens/s";
  if (r.copies_per_gpu > 1)
    out += fmt::format("{} copies of this job fit on one GPU at once (MPS or time-slicing): about {:.4g} {} each, "
                       "{:.4g} alone\n",
                       r.copies_per_gpu, r.shared_tokens_per_s, unit, r.tokens_per_s);
  if (r.mig.empty()) return out;
  if (r.mig_smallest < 0) {
    out += fmt::format("MIG: does not fit even the largest instance ({:.4g} GiB)\n", r.mig_instance_gib);
    return out;
  }
  const auto& best = r.mig[r.mig_smallest];
  out += fmt::format("MIG: smallest profile that fits {} — {} copies per GPU at {:.4g} {} each ({}/{} of the compute, "
                     "{}/{} of the memory bandwidth; NVIDIA MIG user guide)\n",
                     best.profile.name, best.profile.instances, best.tokens_per_s, unit, best.profile.compute_slices,
                     best.profile.compute_total, best.profile.memory_slices, best.profile.memory_total);
  Table t;
  t.headers = {"PROFILE", "MEMORY", "COMPUTE", "BANDWIDTH", "COPIES", "FITS", "PER COPY"};
  t.right_align = {false, true, true, true, true, false, true};
  for (const auto& o : r.mig)
    t.rows.push_back({o.profile.name, fmt::format("{:.2f} GiB", o.profile.memory_gib),
                      fmt::format("{}/{}", o.profile.compute_slices, o.profile.compute_total),
                      fmt::format("{}/{}", o.profile.memory_slices, o.profile.memory_total), std::to_string(o.profile.instances),
                      o.fits ? "yes" : "no", o.fits ? fmt::format("{:.4g} {}", o.tokens_per_s, unit) : "-"});
  out += t.render();
  return out;
}

// The machines that hold one copy of an inference workload, unified and discrete, side by side.
std::string machines_text(const SizeReport& r) {
  if (!r.machines_listed) return "";
  if (r.machines.empty()) return "\nNo unified-memory machine or priced catalog GPU (up to 8 cards) holds one copy.\n";
  std::string out = fmt::format(
      "\nMachines for one copy (decode at batch {}; a unified machine's price is the whole computer's, a discrete "
      "one's its cards' alone):\n",
      r.workload.micro_batch);
  out += machine_options_table(r.machines);
  bool discrete = std::any_of(r.machines.begin(), r.machines.end(), [](const MachineOption& m) { return !m.unified; });
  if (discrete)
    out += "A discrete option needs a CPU, board, memory, PSU and case besides its cards: `rigplan plan` prices whole "
           "builds with the same workload flags and lists the unified machines beside them.\n";
  return out;
}

}  // namespace

std::string size_text(const SizeReport& r) {
  const Workload& w = r.workload;
  const ModelSpec& m = w.model;
  std::string out = fmt::format("{} ({:.2f} B parameters{}) — {} in {}", m.name.empty() ? m.id : m.name, m.params / 1e9,
                                m.active() != m.params ? fmt::format(", {:.2f} B active", m.active() / 1e9) : "",
                                word_of(w.mode),
                                w.weight_format.empty() ? w.precision : w.precision + " (" + w.weight_format + " weights)");
  if (w.mode == Mode::Train) out += fmt::format(", {}", word_of(w.optimizer));
  if (w.mode == Mode::Lora) out += fmt::format(", rank {} on a {} base", w.lora_rank, word_of(w.lora_base));
  std::string framework;
  if (w.mode != Mode::Infer) {
    framework = fmt::format(" on {}", framework_spec(w.framework).title);
    if (w.accounting && *w.accounting != framework_spec(w.framework).accounting)
      framework += fmt::format(" ({} accounting)", word_of(*w.accounting));
    // Autocast changes the step's memory traffic (perf_assumptions.hpp, autocast_*): say when it applies.
    if (uses_autocast(w)) framework += ", autocast over fp32 weights";
    // So does a kernel choice other than the framework's (Workload::fused_kernels).
    if (w.fused_kernels) framework += *w.fused_kernels ? ", fused kernels" : ", eager PyTorch ops";
  }
  // Packed documents shorten attention only with flash attention (an unfused kernel masks the whole s x s).
  std::string packed;
  if (w.packed_length > 0)
    packed = fmt::format(" (packed documents of {} tokens{})", w.packed_length,
                         w.attention == Attention::Flash ? "" : "; eager attention still runs the whole sequence");
  out += fmt::format("\nparallelism dp={} tp={}{} pp={}{}{} zero={}{}{}{}; micro-batch {}; sequence {}{}; recompute {}; attention {}\n",
                     w.dp, w.tp, w.cp > 1 ? fmt::format(" cp={}", w.cp) : "", w.pp,
                     w.interleave > 1 ? fmt::format(" (interleave {})", w.interleave) : "",
                     w.pipeline_slots() != w.model.layers ? fmt::format(" [{} layers with the embedding and the loss]", w.pipeline_slots()) : "",
                     w.zero,
                     w.sp ? " +sp" : "", w.offload != Offload::None ? fmt::format(" offload {}", word_of(w.offload)) : "", framework,
                     w.micro_batch, w.mode == Mode::Infer ? w.inference_context() : w.sequence(), packed,
                     word_of(w.recompute), word_of(w.attention));
  if (w.mode == Mode::Infer && w.context > 0 && m.max_context > 0 && w.context > m.max_context)
    out += fmt::format("warning: --context {} is past {}'s trained context of {} tokens; sized at {} tokens\n", w.context,
                       m.name.empty() ? m.id : m.name, m.max_context, m.max_context);
  if (r.hardware && r.hardware->system) {
    const UnifiedSystem& u = *r.hardware->system;
    out += fmt::format("on {} ({}): unified memory, {:g} of its {:g} GiB for the GPU (the operating system keeps the rest: "
                       "--perf unified_os_reserve_gib), {:g} GB/s shared with the CPU\n",
                       u.id, u.chip, r.hardware->gpu->memory_gib, u.memory_gib, u.memory_bandwidth_gb_s);
  } else if (r.hardware && r.hardware->gpu) {
    const Hardware& hw = *r.hardware;
    out += fmt::format("on {}× {} ({:g} GiB each), gradient link {} at {:.1f} GB/s per direction", hw.count, hw.gpu->id,
                       hw.gpu->memory_gib, hw.link.kind, hw.link.gb_s);
    if (hw.gpus_per_node > 0 && hw.count > hw.gpus_per_node)
      out += fmt::format(" inside nodes of {}; between nodes the network at {:.1f} GB/s per GPU{}", hw.gpus_per_node,
                         r.system.inter.gb_s,
                         hw.inter_gb_s > 0 ? "" : " (assumed: --perf network_gb_s_per_gpu=…)");
    out += "\n";
  }
  out += "\nMemory per GPU:\n";
  Table t;
  t.headers = {"COMPONENT", "SIZE", ""};
  t.right_align = {false, true, false};
  double total = r.memory.total();
  auto row = [&](const char* name, double v) { t.rows.push_back({name, gib(v), bar(v, total)}); };
  row("weights", r.memory.weights);
  row("gradients", r.memory.gradients);
  row("optimizer states", r.memory.optimizer);
  row("activations", r.memory.activations);
  row("KV cache", r.memory.kv_cache);
  row("framework overhead", r.memory.overhead);
  t.rows.push_back({"total", gib(total), ""});
  if (r.memory.host > 0) {
    t.rows.push_back({"host RAM (offload), this GPU's", gib(r.memory.host), ""});
    // The host's memory serves every GPU of its node (DeepSpeed's estimators budget per node).
    int per_node = r.hardware ? std::max(1, r.system.gpus_per_node) : 1;
    if (per_node > 1)
      t.rows.push_back({fmt::format("host RAM per node of {} GPUs", per_node), gib(r.memory.host * per_node), ""});
  }
  if (r.memory.nvme > 0) t.rows.push_back({"NVMe (offload)", gib(r.memory.nvme), ""});
  out += t.render();
  // Under pipeline parallelism the figures are the most loaded stage's (training states, or inference weights).
  if (w.pp > 1 && w.model.params > 0)
    out += fmt::format("{} of the most loaded pipeline stage: {:.3g} B parameters a GPU (its share of the layers and "
                       "a vocabulary matrix{}), where an even split gives {:.3g} B\n",
                       w.mode == Mode::Infer ? "Weights" : "Weights, gradients and optimizer states", r.memory.params / 1e9,
                       w.mode == Mode::Infer ? ", the output layer on the last stage"
                                             : ", as Megatron-LM's memory estimate counts them",
                       w.model.params / (static_cast<double>(w.tp) * w.pp) / 1e9);
  if (r.hardware && r.hardware->gpu)
    out += fmt::format("\nVerdict: {} — {} of {} on {}{}\n", r.fits ? "FITS" : "DOES NOT FIT",
                       gib(total + (r.hardware->system ? r.memory.host : 0)), gib(r.gpu_bytes), r.hardware->gpu->id,
                       r.hardware->system && r.memory.host > 0 ? " (host offload included: the same memory)" : "");
  out += "\n";
  if (!r.fewest_gpus_by_zero.empty()) {
    double budget = r.hardware && r.hardware->gpu ? r.hardware->gpu->memory_gib : 80;
    out += fmt::format("Fewest data-parallel GPUs of {:g} GiB that fit:", budget);
    for (std::size_t z = 0; z < r.fewest_gpus_by_zero.size(); ++z)
      out += r.fewest_gpus_by_zero[z] ? fmt::format("  ZeRO-{} {}", z, r.fewest_gpus_by_zero[z]) : fmt::format("  ZeRO-{} none", z);
    out += "\n";
  }
  out += fmt::format("Smallest catalog GPU that fits ({} GPU{} as configured): {}\n", w.gpus(), w.gpus() == 1 ? "" : "s",
                     r.smallest_gpu.empty() ? "none" : r.smallest_gpu);
  if (w.mode == Mode::Infer) out += fmt::format("Largest context that fits: {} tokens\n", r.max_context);
  else out += fmt::format("Largest micro-batch that fits: {}\n", r.max_micro_batch);
  if (w.mode != Mode::Infer && w.tokens > 0) {
    out += fmt::format("\nCompute for {:.3g} tokens: {:.3g} FLOPs ({}·N·D{}), {:.3g} with attention (Narayanan Eq. 3)\n",
                       w.tokens, r.compute.flops, w.mode == Mode::Lora ? 4 : 6, w.recompute == Recompute::Full ? " + recompute" : "",
                       r.compute.flops_narayanan);
    if (r.seconds > 0) {
      std::string how = r.mfu_predicted ? " (predicted)"
                        : w.mfu            ? " (given)"
                                           : fmt::format(" (default: {})", r.step_why_not);
      out += fmt::format("Time on {} GPUs at {:.0f} % MFU{}: {}", w.gpus(), r.mfu * 100, how, duration(r.seconds));
      if (r.exposed_seconds_per_step > 0)
        out += fmt::format(" ({} compute + {:.0f} steps x {:.3f} s exposed gradient reduction)", duration(r.compute_seconds),
                           r.steps, r.exposed_seconds_per_step);
      out += "\n";
    }
  }
  if (r.comm.bytes_per_step > 0 && !r.mfu_predicted) {
    out += fmt::format("Gradient all-reduce: {:.2f} GB per GPU per step, {:.3f} s over {}", r.comm.bytes_per_step / 1e9,
                       r.comm.seconds_per_step, r.comm.link.kind);
    if (r.comm_nvlink.bytes_per_step > 0 && r.comm.link.kind != "nvlink")
      out += fmt::format(" ({:.3f} s over NVLink)", r.comm_nvlink.seconds_per_step);
    out += fmt::format("; {:.3f} s exposed after overlap with the backward pass", r.exposed_seconds_per_step);
    if (r.comm_nvlink.bytes_per_step > 0 && r.comm.link.kind != "nvlink")
      out += fmt::format(" ({:.3f} s with NVLink)", r.exposed_nvlink_seconds_per_step);
    out += "\n";
  }
  if (r.step) out += step_text(*r.step, !r.mfu_predicted);
  if (r.serving) out += serving_text(*r.serving, w.prompt_tokens());
  if ((r.step || r.serving) && r.gemm_measured_scale != 1 && r.hardware && r.hardware->gpu) {
    const MeasuredMatmul& mm = r.hardware->gpu->measured_matmul;
    std::string held = mm.sustained_share < 1 ? fmt::format(" as held under sustained load ({:.3f} of it)", mm.sustained_share) : "";
    out += fmt::format("GEMMs at {:.2f} of the dense {} peak: {:.2f} x {:.2f}, {}'s measured GEMM rate{} over its "
                       "reference card's (catalog measured_matmul)\n",
                       r.gemm_efficiency, w.precision == "fp8" ? "FP8" : "16-bit", r.gemm_efficiency / r.gemm_measured_scale,
                       r.gemm_measured_scale, r.hardware->gpu->id, held);
  }
  if (r.step && r.step->clock_share < 1 && r.hardware && r.hardware->gpu) {
    bool hopper = r.hardware->gpu->architecture == "hopper";
    out += fmt::format("Math at {:.3f} of {}: {} ({})\n", r.step->clock_share,
                       hopper ? "what its GEMMs hold alone" : "its short-run rate",
                       hopper ? "a Hopper SXM board with collectives running beside its math in a multi-GPU step reaches its power limit"
                              : "a Blackwell SXM board reaches its power limit under sustained training load",
                       hopper ? "hopper_sxm_overlap_clock_share" : "blackwell_sxm_clock_share");
  }
  if (r.step && r.eager_ops_capped) {
    // Why an eager PyTorch step gains less from a GPU's memory than its bandwidth says (perf_assumptions.hpp).
    const OpBandwidths& b = *r.eager_ops_capped;
    bool ops = b.eager_ops < b.memory;
    bool copies = r.workload.attention == Attention::Standard && b.layout_copies < b.memory;
    if (ops && copies)
      out += fmt::format("Eager PyTorch ops at {:.2f} TB/s and their layout copies at {:.2f}", b.eager_ops / 1e12,
                         b.layout_copies / 1e12);
    else if (ops)
      out += fmt::format("Eager PyTorch ops at {:.2f} TB/s", b.eager_ops / 1e12);
    else
      out += fmt::format("Eager PyTorch layout copies at {:.2f} TB/s", b.layout_copies / 1e12);
    out += fmt::format(": the SMs' ceiling (SMs x clock x bytes a cycle), where streaming kernels{} reach {:.2f} TB/s\n",
                       ops ? "" : " and the other eager ops", b.memory / 1e12);
  }
  out += accuracy_text(r);
  if (r.search) out += search_text(*r.search, w.tokens, static_cast<int>(r.search->best.size()), w.cp);
  if (r.inference)
    out += fmt::format("KV cache {:.0f} KiB per token; {} sequences of {} tokens fit; decode ≤ {:.0f} tokens/s at batch 1\n",
                       r.inference->kv_bytes_per_token / 1024, r.inference->max_sequences, w.inference_context(),
                       r.inference->decode_tokens_per_s);
  out += sharing_text(r);
  out += machines_text(r);
  return out;
}

nlohmann::ordered_json size_json(const SizeReport& r) {
  nlohmann::ordered_json j = document_from_fields(size_fields(), r);
  if (r.search) j["search"] = search_json(*r.search, r.workload.tokens);
  return j;
}

}  // namespace rigplan

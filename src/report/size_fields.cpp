// The fields of `rigplan size --format json`, in document order (see
// include/rigplan/report_fields.hpp and include/rigplan/size_output.hpp).
#include <algorithm>
#include <cmath>

#include "rigplan/document.hpp"
#include "rigplan/perf_output.hpp"
#include "rigplan/size_output.hpp"

namespace rigplan {

namespace {

using R = SizeReport;
Scalar bytes(double v) { return static_cast<long long>(std::llround(v)); }
Scalar whole(long long v) { return v; }
Scalar str(const std::string& s) { return std::string_view(s); }
bool has_gpu(const R& r) { return r.hardware && r.hardware->gpu; }
bool is_infer(const R& r) { return r.workload.mode == Mode::Infer; }
// An inference context past the model's trained limit is sized at the limit; the document says so.
bool context_cut(const R& r) {
  const Workload& w = r.workload;
  return is_infer(r) && w.context > 0 && w.model.max_context > 0 && w.context > w.model.max_context;
}
bool is_packed(const R& r) { return r.workload.packed_length > 0; }
bool has_step(const R& r) { return r.step.has_value(); }
bool has_serving(const R& r) { return r.serving.has_value(); }
template <int Z>
bool has_zero(const R& r) { return r.fewest_gpus_by_zero.size() > Z; }
template <int Z>
Scalar zero(const R& r) {
  int n = r.fewest_gpus_by_zero[Z];
  return n ? Scalar(whole(n)) : Scalar(nullptr);
}

constexpr int kFewest = static_cast<int>(SizeNeed::fewest_gpus);
constexpr int kSmallest = static_cast<int>(SizeNeed::smallest_gpu);
constexpr int kLargest = static_cast<int>(SizeNeed::largest_fit);
constexpr int kMachines = static_cast<int>(SizeNeed::machines);
bool has_system(const R& r) { return r.hardware && r.hardware->system; }

// The machines side by side (docs/json-contract.md, "size": machines).
nlohmann::ordered_json machines_json(const R& r) {
  auto a = nlohmann::ordered_json::array();
  for (const auto& m : r.machines) a.push_back(machine_option_json(m));
  return a;
}

bool has_predicted_step(const R& r) { return has_gpu(r) && r.step && r.mfu_predicted; }
bool has_gpu_serving(const R& r) { return has_gpu(r) && r.serving; }

}  // namespace

const std::vector<ReportField<SizeReport>>& size_fields() {
  static const std::vector<ReportField<R>> f = {
      {"/schema_version", [](const R&) { return whole(schema_version(DocumentKind::Size)); }},
      {"/model/id", [](const R& r) { return str(r.workload.model.id); }},
      {"/model/params", [](const R& r) { return Scalar(r.workload.model.params); }},
      {"/model/active_params", [](const R& r) { return Scalar(r.workload.model.active()); }},
      {"/model/layers", [](const R& r) { return whole(r.workload.model.layers); }},
      {"/model/hidden", [](const R& r) { return whole(r.workload.model.hidden); }},
      {"/workload/mode", [](const R& r) { return Scalar(word_of(r.workload.mode)); }},
      {"/workload/precision", [](const R& r) { return str(r.workload.precision); }},
      {"/workload/optimizer", [](const R& r) { return Scalar(word_of(r.workload.optimizer)); }},
      {"/workload/dp", [](const R& r) { return whole(r.workload.dp); }},
      {"/workload/tp", [](const R& r) { return whole(r.workload.tp); }},
      {"/workload/pp", [](const R& r) { return whole(r.workload.pp); }},
      {"/workload/cp", [](const R& r) { return whole(r.workload.cp); }},
      {"/workload/embedding_in_pipeline_split", [](const R& r) { return Scalar(r.workload.embedding_in_pipeline_split); }},
      {"/workload/zero", [](const R& r) { return whole(r.workload.zero); }},
      {"/workload/interleave", [](const R& r) { return whole(r.workload.interleave); }},
      {"/workload/framework", [](const R& r) { return Scalar(word_of(r.workload.framework)); }},
      {"/workload/accounting", [](const R& r) { return Scalar(word_of(r.workload.memory_accounting())); }},
      {"/workload/offload", [](const R& r) { return Scalar(word_of(r.workload.offload)); }},
      {"/workload/sp", [](const R& r) { return Scalar(r.workload.sp); }},
      {"/workload/recompute", [](const R& r) { return Scalar(word_of(r.workload.recompute)); }},
      {"/workload/attention", [](const R& r) { return Scalar(word_of(r.workload.attention)); }},
      {"/workload/micro_batch", [](const R& r) { return whole(r.workload.micro_batch); }},
      {"/workload/seq", [](const R& r) { return whole(r.workload.sequence()); }},
      {"/workload/packed_length", [](const R& r) { return whole(r.workload.packed_length); }, is_packed},
      {"/workload/context", [](const R& r) { return whole(r.workload.inference_context()); }, is_infer},
      {"/workload/context_asked", [](const R& r) { return context_cut(r) ? whole(r.workload.context) : Scalar(nullptr); }, is_infer},
      {"/workload/weight_format", [](const R& r) { return r.workload.weight_format.empty() ? Scalar(nullptr) : str(r.workload.weight_format); }, is_infer},
      {"/workload/tokens", [](const R& r) { return Scalar(r.workload.tokens); }},
      {"/memory/per_gpu/weights_bytes", [](const R& r) { return bytes(r.memory.weights); }},
      {"/memory/per_gpu/gradients_bytes", [](const R& r) { return bytes(r.memory.gradients); }},
      {"/memory/per_gpu/optimizer_bytes", [](const R& r) { return bytes(r.memory.optimizer); }},
      {"/memory/per_gpu/activations_bytes", [](const R& r) { return bytes(r.memory.activations); }},
      {"/memory/per_gpu/kv_cache_bytes", [](const R& r) { return bytes(r.memory.kv_cache); }},
      {"/memory/per_gpu/overhead_bytes", [](const R& r) { return bytes(r.memory.overhead); }},
      {"/memory/per_gpu/total_bytes", [](const R& r) { return bytes(r.memory.total()); }},
      {"/memory/parameters_per_gpu", [](const R& r) { return Scalar(r.memory.params); }},
      {"/memory/host_bytes", [](const R& r) { return bytes(r.memory.host); }},
      {"/memory/host_bytes_per_node", [](const R& r) { return bytes(r.memory.host * std::max(1, r.system.gpus_per_node)); }},
      {"/memory/nvme_bytes", [](const R& r) { return bytes(r.memory.nvme); }},
      {"/fits", [](const R& r) { return has_gpu(r) ? Scalar(r.fits) : Scalar(nullptr); }},
      {"/hardware/gpu", [](const R& r) { return str(r.hardware->gpu->id); }, has_gpu},
      {"/hardware/system", [](const R& r) { return str(r.hardware->system->id); }, has_system},
      {"/hardware/count", [](const R& r) { return whole(r.hardware->count); }, has_gpu},
      {"/hardware/gpu_bytes", [](const R& r) { return bytes(r.gpu_bytes); }, has_gpu},
      {"/hardware/link", [](const R& r) { return str(r.hardware->link.kind); }, has_gpu},
      {"/hardware/link_gb_s", [](const R& r) { return Scalar(r.hardware->link.gb_s); }, has_gpu},
      {"/compute/flops", [](const R& r) { return Scalar(r.compute.flops); }},
      {"/compute/flops_narayanan", [](const R& r) { return Scalar(r.compute.flops_narayanan); }},
      {"/compute/flops_per_token", [](const R& r) { return Scalar(r.compute.flops_per_token); }},
      {"/time/seconds", [](const R& r) { return Scalar(r.seconds); }},
      {"/time/days", [](const R& r) { return Scalar(r.seconds / 86400); }},
      {"/time/compute_seconds", [](const R& r) { return Scalar(r.compute_seconds); }},
      {"/time/steps", [](const R& r) { return Scalar(r.steps); }},
      {"/time/mfu", [](const R& r) { return Scalar(r.mfu); }},
      {"/time/mfu_predicted", [](const R& r) { return Scalar(r.mfu_predicted); }},
      {"/time/why_not_predicted", [](const R& r) { return str(r.step_why_not); },
       [](const R& r) { return !r.step_why_not.empty(); }},
      {"/performance/step_seconds", [](const R& r) { return Scalar(r.step->step_s); }, has_step},
      {"/performance/tokens_per_step", [](const R& r) { return Scalar(r.step->tokens_per_step); }, has_step},
      {"/performance/tokens_per_s", [](const R& r) { return Scalar(r.step->tokens_per_s); }, has_step},
      {"/performance/mfu", [](const R& r) { return Scalar(r.step->mfu); }, has_step},
      {"/performance/hfu", [](const R& r) { return Scalar(r.step->hfu); }, has_step},
      {"/performance/clock_share", [](const R& r) { return Scalar(r.step->clock_share); }, has_step},
      {"/performance/micro_batches", [](const R& r) { return whole(r.step->micro_batches); }, has_step},
      {"/performance/breakdown_seconds/compute", [](const R& r) { return Scalar(r.step->compute_s); }, has_step},
      {"/performance/breakdown_seconds/memory", [](const R& r) { return Scalar(r.step->memory_s); }, has_step},
      {"/performance/breakdown_seconds/tp_comm", [](const R& r) { return Scalar(r.step->tp_comm_s); }, has_step},
      {"/performance/breakdown_seconds/cp_comm", [](const R& r) { return Scalar(r.step->cp_comm_s); }, has_step},
      {"/performance/breakdown_seconds/bubble", [](const R& r) { return Scalar(r.step->bubble_s); }, has_step},
      {"/performance/breakdown_seconds/pp_comm", [](const R& r) { return Scalar(r.step->pp_comm_s); }, has_step},
      {"/performance/breakdown_seconds/dp_exposed", [](const R& r) { return Scalar(r.step->dp_exposed_s); }, has_step},
      {"/performance/breakdown_seconds/zero3_exposed", [](const R& r) { return Scalar(r.step->zero3_exposed_s); }, has_step},
      {"/performance/breakdown_seconds/offload", [](const R& r) { return Scalar(r.step->offload_s); }, has_step},
      {"/performance/dp_comm_seconds", [](const R& r) { return Scalar(r.step->dp_comm_s); }, has_step},
      {"/performance/heldout", nullptr, has_predicted_step, 0, [](const R& r) { return heldout_json(PredictionKind::Training, r.hardware->gpu->vendor); }},
      {"/communication/bytes_per_step", [](const R& r) { return bytes(r.comm.bytes_per_step); }},
      {"/communication/seconds_per_step", [](const R& r) { return Scalar(r.comm.seconds_per_step); }},
      {"/communication/exposed_seconds_per_step", [](const R& r) { return Scalar(r.exposed_seconds_per_step); }},
      {"/communication/link", [](const R& r) { return str(r.comm.link.kind); }},
      {"/communication/nvlink_seconds_per_step", [](const R& r) { return Scalar(r.comm_nvlink.seconds_per_step); }},
      {"/communication/nvlink_exposed_seconds_per_step", [](const R& r) { return Scalar(r.exposed_nvlink_seconds_per_step); }},
      {"/fewest_gpus", nullptr, nullptr, kFewest},
      {"/fewest_gpus/zero0", zero<0>, has_zero<0>, kFewest},
      {"/fewest_gpus/zero1", zero<1>, has_zero<1>, kFewest},
      {"/fewest_gpus/zero2", zero<2>, has_zero<2>, kFewest},
      {"/fewest_gpus/zero3", zero<3>, has_zero<3>, kFewest},
      {"/smallest_gpu", [](const R& r) { return r.smallest_gpu.empty() ? Scalar(nullptr) : str(r.smallest_gpu); }, nullptr, kSmallest},
      {"/max_micro_batch", [](const R& r) { return whole(r.max_micro_batch); }, nullptr, kLargest},
      {"/max_context", [](const R& r) { return whole(r.max_context); }, nullptr, kLargest},
      {"/machines", nullptr, [](const R& r) { return r.machines_listed; }, kMachines, machines_json},
      {"/inference/kv_bytes_per_token", [](const R& r) { return bytes(r.inference->kv_bytes_per_token); },
       [](const R& r) { return r.inference.has_value(); }},
      {"/inference/max_sequences", [](const R& r) { return Scalar(r.inference->max_sequences); },
       [](const R& r) { return r.inference.has_value(); }},
      {"/inference/decode_tokens_per_s", [](const R& r) { return Scalar(r.inference->decode_tokens_per_s); },
       [](const R& r) { return r.inference.has_value(); }},
      {"/serving/ttft_seconds", [](const R& r) { return Scalar(r.serving->ttft_s); }, has_serving},
      {"/serving/itl_seconds", [](const R& r) { return Scalar(r.serving->itl_s); }, has_serving},
      {"/serving/batch", [](const R& r) { return whole(r.serving->batch); }, has_serving},
      {"/serving/decode_tokens_per_s", [](const R& r) { return Scalar(r.serving->decode_tokens_per_s); }, has_serving},
      {"/serving/aggregate_tokens_per_s", [](const R& r) { return Scalar(r.serving->aggregate_tokens_per_s); }, has_serving},
      {"/serving/prefill_tokens_per_s", [](const R& r) { return Scalar(r.serving->prefill_tokens_per_s); }, has_serving},
      {"/serving/max_batch", [](const R& r) { return whole(r.serving->max_batch); }, has_serving},
      {"/serving/context", [](const R& r) { return whole(r.serving->context); }, has_serving},
      {"/serving/kv_bytes_per_token", [](const R& r) { return bytes(r.serving->kv_bytes_per_token); }, has_serving},
      {"/serving/kv_pool_bytes", [](const R& r) { return bytes(r.serving->kv_pool_bytes); }, has_serving},
      {"/serving/weight_stream_bytes_per_s", [](const R& r) { return Scalar(r.serving->weight_bw); }, has_serving},
      {"/serving/weight_stream_uncapped_bytes_per_s",
       [](const R& r) { return r.serving->weight_bw_uncapped > 0 ? Scalar(r.serving->weight_bw_uncapped) : Scalar(nullptr); },
       has_serving},
      {"/serving/prefill_gemm_path",
       [](const R& r) { return r.serving->prefill_gemm_path.empty() ? Scalar(nullptr) : str(r.serving->prefill_gemm_path); },
       has_serving},
      {"/serving/prefill_gemm_flops_per_s",
       [](const R& r) { return r.serving->prefill_gemm_flops > 0 ? Scalar(r.serving->prefill_gemm_flops) : Scalar(nullptr); },
       has_serving},
      {"/serving/prefill_legacy_mma_share",
       [](const R& r) {
         return r.serving->prefill_gemm_path.empty() ? Scalar(nullptr) : Scalar(r.serving->prefill_legacy_mma_share);
       },
       has_serving},
      {"/serving/prefill_early_build_share",
       [](const R& r) {
         return r.serving->prefill_gemm_path.empty() ? Scalar(nullptr) : Scalar(r.serving->prefill_early_build_share);
       },
       has_serving},
      {"/serving/prefill_score_bytes", [](const R& r) { return bytes(r.serving->prefill_score_bytes); }, has_serving},
      {"/serving/heldout", nullptr, has_gpu_serving, 0,
       [](const R& r) {
         return nlohmann::ordered_json{{"prefill", heldout_json(PredictionKind::Prefill, r.hardware->gpu->vendor)},
                                       {"decode", heldout_json(PredictionKind::Decode, r.hardware->gpu->vendor)}};
       }},
      {"/copies_per_gpu", [](const R& r) { return whole(r.copies_per_gpu); }},
      {"/tokens_per_s_per_shared_copy", [](const R& r) { return Scalar(r.shared_tokens_per_s); }},
      {"/mig/instance_gib", [](const R& r) { return Scalar(r.mig_instance_gib); }},
      {"/mig/copies", [](const R& r) { return whole(r.mig_copies); }},
      {"/mig/profile",
       [](const R& r) { return r.mig_smallest < 0 ? Scalar(nullptr) : str(r.mig[r.mig_smallest].profile.name); }},
      {"/mig/compute_share",
       [](const R& r) { return Scalar(r.mig_smallest < 0 ? 0.0 : r.mig[r.mig_smallest].profile.compute_share()); }},
      {"/mig/memory_bandwidth_share",
       [](const R& r) { return Scalar(r.mig_smallest < 0 ? 0.0 : r.mig[r.mig_smallest].profile.memory_share()); }},
      {"/mig/tokens_per_s_per_copy",
       [](const R& r) { return Scalar(r.mig_smallest < 0 ? 0.0 : r.mig[r.mig_smallest].tokens_per_s); }},
  };
  return f;
}

SizeSearches searches_for(int needs) {
  SizeSearches s;
  s.fewest_gpus = needs & kFewest;
  s.smallest_gpu = needs & kSmallest;
  s.largest_fit = needs & kLargest;
  s.machines = needs & kMachines;
  return s;
}

}  // namespace rigplan

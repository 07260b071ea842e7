// The request-key table (see include/rigplan/request_keys.hpp): every key of the size, cluster
// and plan requests declared once, with its range, words, default and doc. The size keys come
// first and in SizeKey order (size_request.cpp reads them by index).
#include "rigplan/request_keys.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "util/embedded_schema.hpp"
#include "rigplan/error.hpp"
#include "rigplan/framework.hpp"
#include "rigplan/plan_words.hpp"
#include "rigplan/precision.hpp"
#include "rigplan/request_defaults.hpp"
#include "rigplan/weight_format.hpp"
#include "rigplan/workload_words.hpp"

namespace rigplan {

namespace {

// Training tokens: past 1e16 no published run comes near (Llama 3: 15.6e12 tokens).
constexpr double kMaxTokens = 1e16;

constexpr unsigned kSize = kSizeRequest | kPlanWorkload;  // a size key a plan's workload also takes
constexpr unsigned kAll = kSize | kClusterRequest;

RequestKey integer(std::string_view name, unsigned cmds, double lo, double hi, nlohmann::json def, std::string_view doc) {
  return RequestKey{name, KeyType::Integer, cmds, doc, lo, hi, false, {}, std::move(def)};
}
RequestKey number(std::string_view name, unsigned cmds, double lo, double hi, nlohmann::json def, std::string_view doc) {
  return RequestKey{name, KeyType::Number, cmds, doc, lo, hi, false, {}, std::move(def)};
}
RequestKey word(std::string_view name, unsigned cmds, std::vector<std::string_view> words, nlohmann::json def,
                std::string_view doc) {
  return RequestKey{name, KeyType::Word, cmds, doc, 0, 0, false, std::move(words), std::move(def)};
}
RequestKey of(std::string_view name, KeyType t, unsigned cmds, std::string_view doc, std::string_view part = {}) {
  return RequestKey{name, t, cmds, doc, 0, 0, false, {}, nullptr, part};
}
RequestKey with_flag(RequestKey k, std::string_view flag) {
  k.flag = flag;
  return k;
}

std::vector<std::string_view> weight_format_words() {
  std::vector<std::string_view> words = {"none"};
  for (std::string_view n : weight_format_names()) words.push_back(n);
  return words;
}

// A word's default, as the table's JSON holds it.
template <class E>
nlohmann::json default_word(E e) {
  return std::string(word_of(e));
}

// "framework" (the framework's accounting), then the accountings.
std::vector<std::string_view> accounting_words() {
  std::vector<std::string_view> words = {kFrameworkAccounting};
  for (std::string_view w : words_of<Accounting>()) words.push_back(w);
  return words;
}

// A memory saver of a plan's workload: the vocabulary's words but `left_out`, and "auto".
template <class E>
std::vector<std::string_view> planner_saver_words(std::optional<E> left_out = std::nullopt) {
  std::vector<std::string_view> words;
  for (const auto& row : Vocabulary<E>::words)
    if (row.value != left_out) words.push_back(row.word);
  words.push_back(kPlannerChooses);
  return words;
}

std::vector<RequestKey> make_table() {
  const PlanTuning tuning;
  std::vector<RequestKey> t = {
      // Size requests (and a plan's workload), in SizeKey order.
      of("model", KeyType::Model, kAll, "Model preset id (see `rigplan size --list-models`)"),
      number("params", kSize, 1e6, 1e13, nullptr, "Custom model: parameter count"),
      integer("layers", kSize, 1, 1000, nullptr, "Custom model: layers"),
      integer("hidden", kSize, 16, 131072, nullptr, "Custom model: hidden size"),
      integer("heads", kSize, 1, 1024, nullptr, "Custom model: attention heads"),
      integer("kv_heads", kSize, 1, 1024, nullptr, "Custom model: key/value heads (GQA)"),
      integer("ffn", kSize, 16, 1048576, nullptr, "Custom model: MLP width"),
      integer("vocab", kSize, 0, 1e7, nullptr, "Custom model: vocabulary"),
      RequestKey{"linear_bias", KeyType::Flag, kSize,
                 "Custom model: its attention and MLP linear layers carry biases (GPT-2, BERT, OPT; not Llama)", 0, 0,
                 false, {}, false},
      word("mode", kSize, words_of<Mode>(), default_word(Mode::Train), "What the workload does: train, fine-tune with LoRA, or infer"),
      word("precision", kSize, precisions(), "bf16", "Precision of weights and compute (int8 and int4: inference only)"),
      word("optimizer", kSize, words_of<Optimizer>(), default_word(Optimizer::AdamW), "Optimizer (sets the memory of its state)"),
      integer("lora_rank", kSize, 1, 4096, 16, "LoRA rank"),
      word("lora_base", kSizeRequest, words_of<LoraBase>(), default_word(LoraBase::Bf16), "Frozen base for LoRA"),
      integer("dp", kSizeRequest, 1, 1e6, nullptr, "Data-parallel degree (default: GPUs / (tp x pp))"),
      integer("tp", kSize, 1, 1024, 1, "Tensor-parallel degree (plan: default the planner's choice)"),
      integer("pp", kSize, 1, 1024, 1, "Pipeline-parallel degree (plan: default the planner's choice)"),
      integer("zero", kAll, 0, 3, 0, "ZeRO stage 0..3 (plan: default the planner's choice)"),
      word("offload", kSizeRequest, words_of<Offload>(), default_word(Offload::None),
           "Offload: optimizer or params to CPU memory, nvme all states (ZeRO-Infinity)"),
      RequestKey{"sp", KeyType::Flag, kSize, "Sequence parallelism (with tp)", 0, 0, false, {}, false},
      word("recompute", kSizeRequest, words_of<Recompute>(), default_word(Recompute::None), "Activation recomputation"),
      word("attention", kSize, words_of<Attention>(), default_word(Attention::Flash), "Attention kernel"),
      integer("micro_batch", kSize, 1, 1 << 20, 1, "Sequences per GPU per micro-step"),
      integer("seq", kSize, 1, 1e7, nullptr, "Training sequence length (default: the model's context)"),
      integer("batch", kSize, 1, 1 << 30, nullptr, "Global batch in sequences"),
      integer("context", kSize, 1, 1e7, nullptr, "Inference context (prompt + output tokens)"),
      number("tokens", kAll, 0, kMaxTokens, 0, "Training tokens D (0: no training time)"),
      number("mfu", kAll, 0.01, 1, nullptr, "Model FLOPs utilisation, 0..1 (default: predicted by the performance model)"),
      of("gpu", KeyType::Part, kSizeRequest, "GPU part id", "gpu"),
      integer("count", kSizeRequest, 1, 1e6, 1, "Number of GPUs (with gpu)"),
      with_flag(RequestKey{"p2p", KeyType::Flag, kSizeRequest,
                           "GPUs reach each other peer to peer (false: host-staged copies; flag --no-p2p)", 0, 0, false,
                           {}, true},
                "-"),
      word("accounting", kSize, accounting_words(), std::string(kFrameworkAccounting),
           "Training-state memory: the framework's, or zero (16 B/param), megatron (18) or deepspeed (its estimators)"),
      integer("interleave", kSize, 1, 64, 1, "Virtual pipeline stages per GPU (interleaved 1F1B; with pp)"),
      integer("prompt", kSize, 1, 1e7, nullptr, "Inference prompt tokens for time to first token (default 512)"),
      word("framework", kSize, words_of<Framework>(), default_word(kDefaultFramework),
           "Training framework: its memory accounting, the layouts it runs and the communication it overlaps"),
      word("weight_format", kSize, weight_format_words(), "none",
           "Inference weight storage format, at its real bits per weight: q4_0, q4_k_m, q8_0, f16, bf16 (llama.cpp GGUF), "
           "q4f16_1 (MLC LLM); none = the precision's bytes"),
      integer("packed_length", kSize, 1, 1e7, nullptr,
              "Training: average tokens of the documents packed into each sequence, each attending only within "
              "itself (sequence packing with flash attention); default one document a sequence"),
      word("autocast", kSize, {"framework", "on", "off"}, "framework",
           "Training under PyTorch autocast over fp32 weights (weights cast per use, an fp32 residual stream): the "
           "framework's (hf: on), on, or off (the model itself in 16-bit, as apex O2 or model.to(bfloat16))"),
      word("kernels", kSize, {"framework", "fused", "eager"}, "framework",
           "Training: the layers' memory-bound ops as fused kernels (Megatron-Core, Transformer Engine, "
           "torch.compile) or as the model's own PyTorch ops, one kernel each: the framework's (megatron, "
           "deepspeed: fused; fsdp, hf: eager), fused, or eager"),
      of("system", KeyType::Part, kSizeRequest,
         "Unified-memory machine id (CPU and GPU share its memory: DGX Spark, Ryzen AI Max), instead of gpu",
         "unified_system"),
      integer("cp", kSizeRequest, 1, 1024, 1,
              "Context-parallel degree: each training sequence split over cp GPUs, attention as a ring over their "
              "key/value chunks (megatron, fsdp); GPUs = dp x tp x cp x pp"),
      RequestKey{"embedding_in_pipeline_split", KeyType::Flag, kSizeRequest,
                 "Training with pp > 1 (megatron, fsdp): the input embedding and the loss count as a layer each in the "
                 "pipeline split (Megatron-LM's --account-for-embedding-in-pipeline-split and "
                 "--account-for-loss-in-pipeline-split; NeMo's Llama 3.1 405B recipes), layers + 2 divided into "
                 "pp x interleave chunks",
                 0, 0, false, {}, false},

      // A plan's workload: the memory savers the planner picks unless the request fixes them.
      word("lora_base", kPlanWorkload, planner_saver_words<LoraBase>(), std::string(kPlannerChooses),
           "Frozen base for LoRA (auto: 16-bit unless only a 4-bit NF4 base fits)"),
      word("offload", kPlanWorkload, planner_saver_words<Offload>(Offload::Nvme), std::string(kPlannerChooses),
           "Offload to CPU memory (auto: the planner's choice, host RAM sized to it)"),
      word("recompute", kPlanWorkload, planner_saver_words<Recompute>(Recompute::Op), std::string(kPlannerChooses),
           "Activation recomputation (auto: the planner's choice)"),

      // Cluster requests (model, zero, tokens and mfu are the size keys above).
      of("node", KeyType::Part, kClusterRequest, "Catalog node id (e.g. nvidia-dgx-h100)", "node"),
      of("build", KeyType::Path, kClusterRequest, "A build file used as the node"),
      integer("nodes", kClusterRequest, 1, kMaxClusterNodes, nullptr, "Number of nodes"),
      integer("gpus", kClusterRequest, 1, 1e8, nullptr, "Number of GPUs (rounded up to whole nodes)"),
      of("switch", KeyType::Part, kClusterRequest, "Fabric switch id (default: the catalog's match for the node's NICs)",
         "switch"),
      number("oversubscription", kClusterRequest, 1, 16, 1, "Leaf downlinks per uplink (1 = non-blocking)"),
      integer("extra_endpoints", kClusterRequest, 0, 1e6, 0, "Storage/login/management ports on the same fabric"),
      number("rack_kw", kClusterRequest, 1, 500, kDefaultRackKw, "Power per rack, kW"),
      word("mode", kClusterRequest, {word_of(Mode::Train), word_of(Mode::Lora)}, default_word(Mode::Train), "What the workload does: train or fine-tune with LoRA"),
      word("precision", kClusterRequest, training_precisions(), "bf16", "Training precision"),
      with_flag(number("deadline", kClusterRequest, 0.001, 1e5, nullptr, "Days to train in: size the cluster to meet it"),
                "--deadline-days"),

      // Tco requests: what is owned (a build file or catalog nodes), its use and costs, the offer.
      with_flag(of("build", KeyType::Path, kTcoRequest, "A build file"), "-"),
      of("node", KeyType::Part, kTcoRequest, "A catalog node instead of a build", "node"),
      integer("nodes", kTcoRequest, 1, kMaxTcoNodes, 1, "Number of nodes (with --node)"),
      RequestKey{"hours_per_week", KeyType::Number, kTcoRequest, "Hours of use per week, more than 0", 0, 168, true, {},
                 kDefaultTcoHoursPerWeek},
      number("kwh_price", kTcoRequest, 0, 10, kDefaultKwhUsd, "Electricity, USD per kWh"),
      number("years", kTcoRequest, 0.1, 50, kDefaultTcoYears, "Lifetime in years"),
      number("pue", kTcoRequest, 1, 3, nullptr, "Power usage effectiveness (default 1.0 for a build, 1.4 for nodes)"),
      of("cloud", KeyType::Part, kTcoRequest,
         "Compare with this cloud offer (default: every offer with the same GPU, else every offer whose GPU is as fast)",
         "cloud"),
      number("purchase_usd", kTcoRequest, 0, 1e12, nullptr, "Override the purchase price"),

      // Plan requests.
      with_flag(of("$schema", KeyType::Text, kPlanRequest, "The schema the file follows (for editors)"), "-"),
      with_flag(RequestKey{"schema_version", KeyType::Version, kPlanRequest, "The request format's version: 1", 1, 1},
                "-"),
      RequestKey{"gpus", KeyType::GpuRange, kPlanRequest, "GPU count or range, e.g. 2 or 1..4 (default 1..8)", 1, 64},
      of("gpu", KeyType::Ids, kPlanRequest, "Allowed GPU models (catalog ids)", "gpu"),
      of("family", KeyType::Ids, kPlanRequest, "Allowed GPU architectures or vendors (ampere, ada, blackwell, nvidia, amd ...)"),
      with_flag(number("min_vram_gib", kPlanRequest, 0, 1e4, 0, "Minimum memory per GPU, GiB"), "--min-vram"),
      with_flag(number("min_total_vram_gib", kPlanRequest, 0, 1e6, 0, "Minimum memory of all GPUs together, GiB"),
                "--min-total-vram"),
      word("nvlink", kPlanRequest, words_of<NvlinkPolicy>(), default_word(NvlinkPolicy::Wanted),
           "NVLink bridges: wanted bridges the cards when a bridge is sold and the build stays sound"),
      with_flag(of("workload", KeyType::Object, kPlanRequest,
                   "A `rigplan size` request without gpu, count, p2p and dp (the planner chooses them); the memory "
                   "savers it leaves out (zero, tp, pp, recompute, offload, lora_base; the last three also take "
                   "\"auto\") are the planner's choice"),
                "-"),
      with_flag(number("deadline_hours", kPlanRequest, 1e-3, 1e7, nullptr,
                       "Training must finish within this many hours (needs a workload)"),
                "--deadline-hours"),
      with_flag(number("budget_usd", kPlanRequest, 0, 1e10, nullptr,
                       "Most the build may cost, USD (catalog prices or your --catalog overlay)"),
                "--budget"),
      of("outlet", KeyType::Part, kPlanRequest, "The wall circuit (catalog outlet id, e.g. us-120v-15a); absent = not checked",
         "outlet"),
      word("form", kPlanRequest, words_of<ChassisForm>(), default_word(ChassisForm::Any),
           "Chassis form: tower (a case; no open frame), rack, or any"),
      word("market", kPlanRequest, words_of<PlanMarket>(), default_word(PlanMarket::New),
           "Which parts: new (no used-only parts; discontinued ones only with a price from the last 12 months), used "
           "(used GPUs: discontinued or used-only), any"),
      of("include", KeyType::Ids, kPlanRequest, "Parts the build must use (ids): the part's kind is limited to them"),
      of("exclude", KeyType::Ids, kPlanRequest, "Parts the build must not use (ids)"),
      word("objective", kPlanRequest, words_of<Objective>(), default_word(Objective::PerfPerDollar),
           "What the ranking optimises"),
      integer("top", kPlanRequest, 1, 1000, 5, "How many builds to show"),
      of("assume", KeyType::Assume, kPlanRequest, "Override a rule of thumb, NAME=VALUE (see `rigplan rules`)"),
      with_flag(number("warning_penalty", kPlanRequest, 0, 1, tuning.warning_penalty, "Score factor lost per warning"),
                "-"),
      with_flag(number("min_power_limit_share", kPlanRequest, 0.1, 1, tuning.min_power_limit_share,
                       "Lowest GPU power limit the planner proposes, as a share of TDP"),
                "-"),
      with_flag(number("ram_gib_per_gpu", kPlanRequest, 0, 4096, tuning.ram_gib_per_gpu,
                       "System memory per GPU the planner fits at least (D2L, Selecting servers and GPUs)"),
                "-"),
      with_flag(number("default_tokens", kPlanRequest, 1, kMaxTokens, tuning.default_tokens,
                       "Tokens the time figures assume when the workload gives none"),
                "-"),
      with_flag(number("rocm_rdna_factor", kPlanRequest, 0.01, 1, tuning.rocm_rdna_factor,
                       "Share of the predicted speed an AMD RDNA card reaches under ROCm (MLC-LLM 2023-08-09: RX 7900 "
                       "XTX at 80 % of an RTX 4090's decode speed with 95 % of its bandwidth)"),
                "-"),
      with_flag(number("xpu_factor", kPlanRequest, 0.01, 1, tuning.xpu_factor,
                       "Share of the predicted speed an Intel Arc card reaches under PyTorch's XPU backend (no published "
                       "measurement: 1 unless set)"),
                "-"),
  };
  return t;
}

}  // namespace

const std::vector<RequestKey>& all_request_keys() {
  static const std::vector<RequestKey> t = make_table();
  return t;
}

const std::vector<const RequestKey*>& request_keys(RequestCommand command) {
  auto build = [](unsigned bit) {
    std::vector<const RequestKey*> out;
    for (const auto& k : all_request_keys())
      if (k.commands & bit) out.push_back(&k);
    return out;
  };
  static const std::vector<const RequestKey*> size = build(kSizeRequest), cluster = build(kClusterRequest),
                                              plan = build(kPlanRequest), workload = build(kPlanWorkload),
                                              tco = build(kTcoRequest);
  switch (command) {
    case kSizeRequest: return size;
    case kClusterRequest: return cluster;
    case kPlanRequest: return plan;
    case kPlanWorkload: return workload;
    case kTcoRequest: return tco;
  }
  throw std::logic_error("request_keys: not one command");
}

const RequestKey& request_key(RequestCommand command, std::string_view name) {
  for (const RequestKey* k : request_keys(command))
    if (k->name == name) return *k;
  throw std::logic_error(fmt::format("no request key \"{}\" for command {}", name, static_cast<unsigned>(command)));
}

std::vector<std::string> request_key_names(RequestCommand command) {
  std::vector<std::string> out;
  for (const RequestKey* k : request_keys(command)) out.emplace_back(k->name);
  return out;
}

std::string key_flag(const RequestKey& k) {
  if (k.flag == "-") return "";
  if (!k.flag.empty()) return std::string(k.flag);
  std::string f = "--" + std::string(k.name);
  for (char& c : f)
    if (c == '_') c = '-';
  return f;
}

std::string key_words(const RequestKey& k) { return fmt::format("{}", fmt::join(k.words, " | ")); }

std::optional<std::string> key_range_error(const RequestKey& k, double v) {
  if (!(v >= k.lo && v <= k.hi) || (k.lo_open && v == k.lo)) return fmt::format("{:g} is outside {:g}..{:g}", v, k.lo, k.hi);
  if (k.type == KeyType::Integer && std::floor(v) != v) return fmt::format("{:g} is not a whole number", v);
  return std::nullopt;
}

std::string_view request_schema_file(RequestCommand command) {
  switch (command) {
    case kSizeRequest: return "size.schema.json";
    case kClusterRequest: return "cluster.schema.json";
    case kPlanRequest: return "plan.schema.json";
    case kTcoRequest: return "tco.schema.json";
    case kPlanWorkload: break;
  }
  throw std::logic_error("request_schema_file: no schema of its own");
}

void validate_request_schema(RequestCommand command, const nlohmann::json& doc, const std::string& file) {
  auto errors = embedded_schema(request_schema_file(command)).validate(doc);
  if (errors.empty()) return;
  std::vector<InputIssue> issues;
  for (const auto& e : errors) issues.push_back(InputIssue{file, e.pointer, 0, 0, e.message});
  throw InputError(std::move(issues));
}

std::optional<int> data_parallel_degree(int gpus, int tp, int pp, int cp) {
  if (tp < 1 || pp < 1 || cp < 1 || gpus % (tp * pp * cp) != 0) return std::nullopt;
  return gpus / (tp * pp * cp);
}

std::string gpu_split_error(int gpus, int tp, int pp, int cp) {
  return cp > 1 ? fmt::format("{} GPUs cannot be split into tp={} x cp={} x pp={}", gpus, tp, cp, pp)
                : fmt::format("{} GPUs cannot be split into tp={} x pp={}", gpus, tp, pp);
}

std::string layout_product_name(int cp) { return cp > 1 ? "dp x tp x cp x pp" : "dp x tp x pp"; }

}  // namespace rigplan

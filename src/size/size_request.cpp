// Size requests as JSON: each key read on its own into a typed slot, then resolved together
// (see include/rigplan/size_request.hpp).
#include "rigplan/size_request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "rigplan/error.hpp"
#include "rigplan/framework.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/unified.hpp"
#include "rigplan/weight_format.hpp"
#include "util/suggest.hpp"

namespace rigplan {

namespace {

// The size keys of the request-key table, in SizeKey order (the table lists them so).
const RequestKey& key(SizeKey k) {
  static const std::vector<const RequestKey*>& keys = []() -> const std::vector<const RequestKey*>& {
    const auto& all = request_keys(kSizeRequest);
    if (all.size() != kSizeKeys)
      throw std::logic_error("the request-key table and SizeKey disagree on the size keys");
    return all;
  }();
  return *keys[static_cast<std::size_t>(k)];
}

}  // namespace

std::optional<SizeKey> size_key(std::string_view name) {
  for (std::size_t i = 0; i < kSizeKeys; ++i)
    if (key(static_cast<SizeKey>(i)).name == name) return static_cast<SizeKey>(i);
  return std::nullopt;
}

SizeSlot read_size_value(SizeKey k, const nlohmann::json& v, const Catalog& c, const std::string& file) {
  const RequestKey& rule = rigplan::key(k);
  std::string_view key = rule.name;
  SizeSlot s;
  s.set = true;
  switch (rule.type) {
    case KeyType::Word: {
      if (!v.is_string()) input_error(file, key_pointer(key), "expected a string");
      const std::string& w = v.get_ref<const std::string&>();
      for (std::string_view allowed : rule.words)
        if (w == allowed) s.word = allowed.data();  // the table's words are string literals
      if (!s.word)
        input_error(file, key_pointer(key),
                    fmt::format("\"{}\" is not one of: {}", w, fmt::join(rule.words, ", ")));
      return s;
    }
    case KeyType::Integer:
    case KeyType::Number: {
      if (!v.is_number()) input_error(file, key_pointer(key), "expected a number");
      double x = v.get<double>();
      if (auto err = key_range_error(rule, x)) input_error(file, key_pointer(key), *err);
      s.number = x;
      return s;
    }
    case KeyType::Flag:
      if (!v.is_boolean()) input_error(file, key_pointer(key), "expected true or false");
      s.flag = v.get<bool>();
      return s;
    case KeyType::Model: {
      if (!v.is_string()) input_error(file, key_pointer(key), "expected a string");
      const std::string& id = v.get_ref<const std::string&>();
      s.model = find_model(id);
      if (!s.model) {
        std::vector<std::string> ids;
        for (const auto& p : model_presets()) ids.push_back(p.id);
        input_error(file, key_pointer(key),
                    fmt::format("no model preset \"{}\"{} (see `rigplan size --list-models`)", id,
                                did_you_mean(id, ids)));
      }
      return s;
    }
    case KeyType::Part: {  // the parts a size request names: its GPU, or a unified-memory machine
      if (!v.is_string()) input_error(file, key_pointer(key), "expected a string");
      const std::string& id = v.get_ref<const std::string&>();
      Kind want = k == SizeKey::system ? Kind::UnifiedSystem : Kind::Gpu;
      if (auto problem = c.id_problem(id, want)) input_error(file, key_pointer(key), *problem);
      if (want == Kind::Gpu) s.gpu = c.find<Gpu>(id);
      else s.system = c.find<UnifiedSystem>(id);
      return s;
    }
    default:
      break;
  }
  throw std::logic_error("a size key of a type the size parser does not read: " + std::string(key));
}

SizeFields read_size_fields(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  if (!j.is_object()) input_error(file, "", "a size request is a JSON object");
  for (const auto& [k, v] : j.items())
    if (!size_key(k))
      input_error(file, key_pointer(k),
                  fmt::format("unknown key \"{}\"{}", k, did_you_mean(k, request_key_names(kSizeRequest))));
  SizeFields f;
  for (std::size_t i = 0; i < kSizeKeys; ++i) {
    auto it = j.find(std::string(key(static_cast<SizeKey>(i)).name));
    if (it != j.end()) f.slots[i] = read_size_value(static_cast<SizeKey>(i), *it, c, file);
  }
  return f;
}

SizeRequest resolve_size_fields(const SizeFields& f, const std::string& file) {
  // Absent keys take the table's default; a key with none (seq, batch ...) reads as 0, "not given".
  auto num = [&](SizeKey k) {
    const auto& def = key(k).def;
    return f[k].set ? f[k].number : def.is_number() ? def.get<double>() : 0.0;
  };
  auto whole = [&](SizeKey k) { return static_cast<int>(num(k)); };
  auto word = [&](SizeKey k) { return f[k].set ? std::string(f[k].word) : key(k).def.get<std::string>(); };
  SizeRequest r;
  Workload& w = r.workload;
  if (f[SizeKey::model].set) {
    w.model = *f[SizeKey::model].model;
    // A preset's shape is its own: a custom-model key beside it would be silently ignored.
    for (SizeKey k : {SizeKey::params, SizeKey::layers, SizeKey::hidden, SizeKey::heads, SizeKey::kv_heads,
                      SizeKey::ffn, SizeKey::vocab, SizeKey::linear_bias})
      if (f[k].set)
        input_error(file, key_pointer(key(k).name),
                    fmt::format("{} describes a custom model; the preset {} has its own (give one or the other)",
                                key(k).name, w.model.id));
  } else {
    try {
      w.model = custom_model(num(SizeKey::params), whole(SizeKey::layers), whole(SizeKey::hidden),
                             whole(SizeKey::heads), whole(SizeKey::kv_heads), whole(SizeKey::ffn),
                             whole(SizeKey::vocab));
    } catch (const InputError& e) {
      input_error(file, "", e.issues().front().message);
    }
    w.model.linear_bias = f[SizeKey::linear_bias].set && f[SizeKey::linear_bias].flag;
    if (w.model.linear_bias) w.model.name += " with linear biases";  // the header says what is priced
  }
  w.mode = checked_word<Mode>(word(SizeKey::mode));
  w.precision = word(SizeKey::precision);
  const auto& trains = training_precisions();
  if (w.mode == Mode::Train && std::find(trains.begin(), trains.end(), w.precision) == trains.end())
    input_error(file, key_pointer("precision"),
                fmt::format("{} is for inference; train in {} or {}", w.precision,
                            fmt::join(trains.begin(), trains.end() - 1, ", "), trains.back()));
  // Inference memory is mostly the KV cache, which needs layers and heads: a model given by its
  // parameter count alone has neither (it divided by zero heads).
  if (w.mode == Mode::Infer && (w.model.layers <= 0 || w.model.heads <= 0))
    input_error(file, key_pointer("mode"),
                "inference sizes the KV cache from the model's shape: give a preset (model) or layers, "
                "hidden and heads");
  w.optimizer = checked_word<Optimizer>(word(SizeKey::optimizer));
  w.lora_rank = whole(SizeKey::lora_rank);
  w.lora_base = checked_word<LoraBase>(word(SizeKey::lora_base));
  w.tp = whole(SizeKey::tp);
  w.pp = whole(SizeKey::pp);
  w.cp = whole(SizeKey::cp);
  w.embedding_in_pipeline_split = f[SizeKey::embedding_in_pipeline_split].set && f[SizeKey::embedding_in_pipeline_split].flag;
  if (w.embedding_in_pipeline_split && w.mode == Mode::Infer)
    input_error(file, key_pointer("embedding_in_pipeline_split"), "the pipeline split counts layers of a training step (mode train or lora)");
  if (w.cp > 1 && w.mode == Mode::Infer)
    input_error(file, key_pointer("cp"), "context parallelism splits training sequences (mode train or lora)");
  w.zero = whole(SizeKey::zero);
  w.offload = checked_word<Offload>(word(SizeKey::offload));
  w.sp = f[SizeKey::sp].set ? f[SizeKey::sp].flag : key(SizeKey::sp).def.get<bool>();
  // A model given by its parameter count alone has no layers, so no activations to recompute.
  w.recompute = w.model.layers > 0 ? checked_word<Recompute>(word(SizeKey::recompute)) : Recompute::None;
  w.attention = checked_word<Attention>(word(SizeKey::attention));
  w.micro_batch = whole(SizeKey::micro_batch);
  w.seq = whole(SizeKey::seq);
  w.batch = whole(SizeKey::batch);
  w.context = whole(SizeKey::context);
  w.tokens = num(SizeKey::tokens);
  if (f[SizeKey::mfu].set) w.mfu = f[SizeKey::mfu].number;
  w.framework = checked_word<Framework>(word(SizeKey::framework));
  if (std::string a = word(SizeKey::accounting); a != kFrameworkAccounting) w.accounting = checked_word<Accounting>(a);
  if (std::string a = word(SizeKey::autocast); a != "framework") w.autocast = a == "on";
  if (std::string k = word(SizeKey::kernels); k != "framework") w.fused_kernels = k == "fused";
  w.interleave = whole(SizeKey::interleave);
  if (w.interleave > 1 && w.pp < 2)
    input_error(file, key_pointer("interleave"), "interleaving needs pipeline parallelism (pp of 2 or more)");
  w.prompt = whole(SizeKey::prompt);
  if (std::string format = word(SizeKey::weight_format); format != "none") {
    // A storage format is an inference format of int4, int8, fp16 or bf16 weights; it sets the precision when
    // the request does not give one.
    const WeightFormat* wf = find_weight_format(format);
    if (w.mode != Mode::Infer)
      input_error(file, key_pointer("weight_format"), fmt::format("{} is a format for inference (mode infer)", format));
    if (!f[SizeKey::precision].set) w.precision = std::string(wf->precision);
    else if (w.precision != wf->precision)
      input_error(file, key_pointer("weight_format"),
                  fmt::format("{} stores {} weights; the precision is {}", format, wf->precision, w.precision));
    w.weight_format = format;
  }
  if (f[SizeKey::packed_length].set) {
    if (w.mode == Mode::Infer)
      input_error(file, key_pointer("packed_length"), "packed sequences are a training input (mode train or lora)");
    w.packed_length = whole(SizeKey::packed_length);
    if (w.packed_length > w.sequence())
      input_error(file, key_pointer("packed_length"),
                  fmt::format("documents of {} tokens do not fit a sequence of {}", w.packed_length, w.sequence()));
  }
  if (w.mode != Mode::Infer)
    if (auto problem = framework_layout_problem(w)) input_error(file, key_pointer("framework"), *problem);
  int count = whole(SizeKey::count);
  if (f[SizeKey::system].set) {
    // A unified-memory machine is one GPU; its memory and bandwidth are the machine's.
    if (f[SizeKey::gpu].set) input_error(file, key_pointer("system"), "give gpu or system, not both");
    if (count != 1) input_error(file, key_pointer("count"), "a unified-memory machine has one GPU: count must be 1");
    r.hardware = hardware_from_system(*f[SizeKey::system].system);
  }
  if (f[SizeKey::gpu].set) {
    bool p2p = f[SizeKey::p2p].set ? f[SizeKey::p2p].flag : key(SizeKey::p2p).def.get<bool>();
    r.hardware = hardware_from_gpu(*f[SizeKey::gpu].gpu, count, p2p);
  }
  int gpus = r.hardware ? count : 1;
  if (f[SizeKey::dp].set)
    w.dp = whole(SizeKey::dp);
  else if (auto dp = data_parallel_degree(gpus, w.tp, w.pp, w.cp))
    w.dp = *dp;
  else
    input_error(file, key_pointer("count"), gpu_split_error(gpus, w.tp, w.pp, w.cp));
  if (r.hardware && w.gpus() != gpus)
    input_error(file, key_pointer("dp"), fmt::format("{} = {} but count is {}", layout_product_name(w.cp), w.gpus(), gpus));
  return r;
}

SizeRequest parse_size_request(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  return resolve_size_fields(read_size_fields(j, c, file), file);
}

}  // namespace rigplan

// Size requests as JSON: each key read on its own into a typed slot, then resolved together
// (see include/rigplan/size_request.hpp).
#include "rigplan/size_request.hpp"

#include <fmt/format.h>

#include <cmath>

#include "rigplan/error.hpp"
#include "util/suggest.hpp"

namespace rigplan {

namespace {

constexpr std::array<std::string_view, kSizeKeys> kNames = {
    "model", "params", "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "mode", "precision",
    "optimizer", "lora_rank", "lora_base", "dp", "tp", "pp", "zero", "offload", "sp", "recompute",
    "attention", "micro_batch", "seq", "batch", "context", "tokens", "mfu", "gpu", "count", "p2p",
    "accounting", "interleave", "prompt"};

struct Rule {
  enum Type { Word, Integer, Number, Flag, Model, GpuId } type;
  double lo = 0, hi = 0;
  std::vector<const char*> words = {};
};
Rule integer(double lo, double hi) { return Rule{Rule::Integer, lo, hi, {}}; }
Rule number(double lo, double hi) { return Rule{Rule::Number, lo, hi, {}}; }
Rule one_of(std::vector<const char*> w) { return Rule{Rule::Word, 0, 0, std::move(w)}; }
Rule kind(Rule::Type t) { return Rule{t, 0, 0, {}}; }

// What each key accepts, in SizeKey order.
const std::array<Rule, kSizeKeys>& rules() {
  static const std::array<Rule, kSizeKeys> r = {
      kind(Rule::Model),
      number(1e6, 1e13),
      integer(1, 1000),
      integer(16, 131072),
      integer(1, 1024),
      integer(1, 1024),
      integer(16, 1048576),
      integer(0, 1e7),
      one_of({"train", "lora", "infer"}),
      one_of({"fp32", "bf16", "fp16", "fp8", "int8", "int4"}),
      one_of({"adamw", "sgd", "adafactor", "adam8bit"}),
      integer(1, 4096),
      one_of({"bf16", "int4"}),
      integer(1, 1e6),
      integer(1, 1024),
      integer(1, 1024),
      integer(0, 3),
      one_of({"none", "optimizer", "params", "nvme"}),
      kind(Rule::Flag),
      one_of({"none", "selective", "full"}),
      one_of({"standard", "flash"}),
      integer(1, 1 << 20),
      integer(1, 1e7),
      integer(1, 1 << 30),
      integer(1, 1e7),
      number(0, 1e16),
      number(0.01, 1),
      kind(Rule::GpuId),
      integer(1, 1e6),
      kind(Rule::Flag),
      one_of({"zero", "megatron", "deepspeed"}),
      integer(1, 64),
      integer(1, 1e7),
  };
  return r;
}

[[noreturn]] void bad(const std::string& file, std::string_view key, const std::string& msg) {
  throw InputError(InputIssue{file, key.empty() ? "" : "/" + std::string(key), 0, 0, msg});
}

}  // namespace


std::optional<SizeKey> size_key(std::string_view name) {
  for (std::size_t i = 0; i < kSizeKeys; ++i)
    if (kNames[i] == name) return static_cast<SizeKey>(i);
  return std::nullopt;
}

SizeSlot read_size_value(SizeKey k, const nlohmann::json& v, const Catalog& c, const std::string& file) {
  std::string_view key = kNames[static_cast<std::size_t>(k)];
  const Rule& rule = rules()[static_cast<std::size_t>(k)];
  SizeSlot s;
  s.set = true;
  switch (rule.type) {
    case Rule::Word: {
      if (!v.is_string()) bad(file, key, "expected a string");
      const std::string& w = v.get_ref<const std::string&>();
      for (const char* allowed : rule.words)
        if (w == allowed) s.word = allowed;
      if (!s.word) bad(file, key, fmt::format("\"{}\" is not one of: {}", w, fmt::join(rule.words, ", ")));
      return s;
    }
    case Rule::Integer:
    case Rule::Number: {
      if (!v.is_number()) bad(file, key, "expected a number");
      double x = v.get<double>();
      if (x < rule.lo || x > rule.hi) bad(file, key, fmt::format("{:g} is outside {:g}..{:g}", x, rule.lo, rule.hi));
      if (rule.type == Rule::Integer && std::floor(x) != x) bad(file, key, fmt::format("{:g} is not a whole number", x));
      s.number = x;
      return s;
    }
    case Rule::Flag:
      if (!v.is_boolean()) bad(file, key, "expected true or false");
      s.flag = v.get<bool>();
      return s;
    case Rule::Model: {
      if (!v.is_string()) bad(file, key, "expected a string");
      const std::string& id = v.get_ref<const std::string&>();
      s.model = find_model(id);
      if (!s.model) {
        std::vector<std::string> ids;
        for (const auto& p : model_presets()) ids.push_back(p.id);
        bad(file, key, fmt::format("no model preset \"{}\"{} (see `rigplan size --list-models`)", id, did_you_mean(id, ids)));
      }
      return s;
    }
    case Rule::GpuId: {
      if (!v.is_string()) bad(file, key, "expected a string");
      const std::string& id = v.get_ref<const std::string&>();
      if (auto problem = c.id_problem(id, Kind::Gpu)) bad(file, key, *problem);
      s.gpu = c.find<Gpu>(id);
      return s;
    }
  }
  return s;
}

SizeFields read_size_fields(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  if (!j.is_object()) bad(file, "", "a size request is a JSON object");
  std::vector<std::string> names(kNames.begin(), kNames.end());
  for (const auto& [k, v] : j.items())
    if (!size_key(k)) bad(file, k, fmt::format("unknown key \"{}\"{}", k, did_you_mean(k, names)));
  SizeFields f;
  for (std::size_t i = 0; i < kSizeKeys; ++i) {
    auto it = j.find(std::string(kNames[i]));
    if (it != j.end()) f.slots[i] = read_size_value(static_cast<SizeKey>(i), *it, c, file);
  }
  return f;
}

SizeRequest resolve_size_fields(const SizeFields& f, const std::string& file) {
  auto num = [&](SizeKey k, double def) { return f[k].set ? f[k].number : def; };
  auto whole = [&](SizeKey k, int def) { return static_cast<int>(num(k, def)); };
  auto word = [&](SizeKey k, const char* def) { return std::string(f[k].set ? f[k].word : def); };
  SizeRequest r;
  Workload& w = r.workload;
  if (f[SizeKey::model].set) {
    w.model = *f[SizeKey::model].model;
  } else {
    try {
      w.model = custom_model(num(SizeKey::params, 0), whole(SizeKey::layers, 0), whole(SizeKey::hidden, 0),
                             whole(SizeKey::heads, 0), whole(SizeKey::kv_heads, 0), whole(SizeKey::ffn, 0),
                             whole(SizeKey::vocab, 0));
    } catch (const InputError& e) {
      bad(file, "", e.issues().front().message);
    }
  }
  std::string mode = word(SizeKey::mode, "train");
  w.mode = mode == "train" ? Mode::Train : mode == "lora" ? Mode::Lora : Mode::Infer;
  w.precision = word(SizeKey::precision, "bf16");
  if (w.mode == Mode::Train && (w.precision == "int8" || w.precision == "int4"))
    bad(file, "precision", fmt::format("{} is for inference; train in fp32, bf16, fp16 or fp8", w.precision));
  w.optimizer = word(SizeKey::optimizer, "adamw");
  w.lora_rank = whole(SizeKey::lora_rank, 16);
  w.lora_base = word(SizeKey::lora_base, "bf16");
  w.tp = whole(SizeKey::tp, 1);
  w.pp = whole(SizeKey::pp, 1);
  w.zero = whole(SizeKey::zero, 0);
  w.offload = word(SizeKey::offload, "none");
  w.sp = f[SizeKey::sp].set && f[SizeKey::sp].flag;
  // A model given by its parameter count alone has no layers, so no activations to recompute.
  w.recompute = w.model.layers > 0 ? word(SizeKey::recompute, "none") : "none";
  w.attention = word(SizeKey::attention, "flash");
  w.micro_batch = whole(SizeKey::micro_batch, 1);
  w.seq = whole(SizeKey::seq, 0);
  w.batch = whole(SizeKey::batch, 0);
  w.context = whole(SizeKey::context, 0);
  w.tokens = num(SizeKey::tokens, 0);
  if (f[SizeKey::mfu].set) w.mfu = f[SizeKey::mfu].number;
  w.accounting = word(SizeKey::accounting, "zero");
  w.interleave = whole(SizeKey::interleave, 1);
  if (w.interleave > 1 && w.pp < 2) bad(file, "interleave", "interleaving needs pipeline parallelism (pp of 2 or more)");
  w.prompt = whole(SizeKey::prompt, 0);
  int count = whole(SizeKey::count, 1);
  if (f[SizeKey::gpu].set) {
    bool p2p = !f[SizeKey::p2p].set || f[SizeKey::p2p].flag;
    r.hardware = hardware_from_gpu(*f[SizeKey::gpu].gpu, count, p2p);
  }
  int gpus = r.hardware ? count : 1;
  if (f[SizeKey::dp].set) w.dp = whole(SizeKey::dp, 1);
  else if (gpus % (w.tp * w.pp) != 0) bad(file, "count", fmt::format("{} GPUs cannot be split into tp={} x pp={}", gpus, w.tp, w.pp));
  else w.dp = gpus / (w.tp * w.pp);
  if (r.hardware && w.gpus() != gpus) bad(file, "dp", fmt::format("dp x tp x pp = {} but count is {}", w.gpus(), gpus));
  return r;
}

SizeRequest parse_size_request(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  return resolve_size_fields(read_size_fields(j, c, file), file);
}

}  // namespace rigplan

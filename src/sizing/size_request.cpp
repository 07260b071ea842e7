// Size requests as JSON (see include/rigplan/size_request.hpp).
#include "rigplan/size_request.hpp"

#include <fmt/format.h>

#include <set>

#include "rigplan/error.hpp"
#include "util/suggest.hpp"

namespace rigplan {

namespace {

const std::vector<std::string>& keys() {
  static const std::vector<std::string> k = {"model", "params", "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "mode", "precision", "optimizer", "lora_rank", "lora_base",
                                             "dp", "tp", "pp", "zero", "offload", "sp", "recompute", "attention",
                                             "micro_batch", "seq", "batch", "context", "tokens", "mfu", "gpu", "count",
                                             "p2p"};
  return k;
}

}  // namespace

SizeRequest parse_size_request(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  auto bad = [&](const std::string& key, const std::string& msg) {
    throw InputError(InputIssue{file, key.empty() ? "" : "/" + key, 0, 0, msg});
  };
  if (!j.is_object()) bad("", "a size request is a JSON object");
  for (const auto& [k, v] : j.items())
    if (std::find(keys().begin(), keys().end(), k) == keys().end())
      bad(k, fmt::format("unknown key \"{}\"{}", k, did_you_mean(k, keys())));
  auto str = [&](const char* k, std::initializer_list<const char*> allowed, const char* def) {
    if (!j.contains(k)) return std::string(def);
    if (!j[k].is_string()) bad(k, "expected a string");
    std::string v = j[k];
    if (allowed.size() && std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return v == a; }))
      bad(k, fmt::format("\"{}\" is not one of: {}", v, fmt::join(allowed, ", ")));
    return v;
  };
  auto num = [&](const char* k, double lo, double hi, double def) {
    if (!j.contains(k)) return def;
    if (!j[k].is_number()) bad(k, "expected a number");
    double v = j[k];
    if (v < lo || v > hi) bad(k, fmt::format("{:g} is outside {:g}..{:g}", v, lo, hi));
    return v;
  };
  SizeRequest r;
  Workload& w = r.workload;
  if (j.contains("model")) {
    std::string model = str("model", {}, "");
    const ModelSpec* m = find_model(model);
    if (!m) {
      std::vector<std::string> ids;
      for (const auto& p : model_presets()) ids.push_back(p.id);
      bad("model", fmt::format("no model preset \"{}\"{} (see `rigplan size --list-models`)", model, did_you_mean(model, ids)));
    }
    w.model = *m;
  } else {
    try {
      w.model = custom_model(num("params", 1e6, 1e13, 0), static_cast<int>(num("layers", 1, 1000, 0)),
                             static_cast<int>(num("hidden", 16, 131072, 0)), static_cast<int>(num("heads", 1, 1024, 0)),
                             static_cast<int>(num("kv_heads", 1, 1024, 0)), static_cast<int>(num("ffn", 16, 1048576, 0)),
                             static_cast<int>(num("vocab", 0, 1e7, 0)));
    } catch (const InputError& e) {
      bad("", e.issues().front().message);
    }
  }
  std::string mode = str("mode", {"train", "lora", "infer"}, "train");
  w.mode = mode == "train" ? Mode::Train : mode == "lora" ? Mode::Lora : Mode::Infer;
  w.precision = str("precision", {"fp32", "bf16", "fp16", "fp8", "int8", "int4"}, "bf16");
  if (w.mode == Mode::Train && (w.precision == "int8" || w.precision == "int4"))
    bad("precision", fmt::format("{} is for inference; train in fp32, bf16, fp16 or fp8", w.precision));
  w.optimizer = str("optimizer", {"adamw", "sgd", "adafactor", "adam8bit"}, "adamw");
  w.lora_rank = static_cast<int>(num("lora_rank", 1, 4096, 16));
  w.lora_base = str("lora_base", {"bf16", "int4"}, "bf16");
  w.tp = static_cast<int>(num("tp", 1, 1024, 1));
  w.pp = static_cast<int>(num("pp", 1, 1024, 1));
  w.zero = static_cast<int>(num("zero", 0, 3, 0));
  w.offload = str("offload", {"none", "optimizer", "params", "nvme"}, "none");
  w.sp = j.contains("sp") && j["sp"].is_boolean() && j["sp"].get<bool>();
  w.recompute = w.model.layers > 0 ? str("recompute", {"none", "selective", "full"}, "none") : "none";
  w.attention = str("attention", {"standard", "flash"}, "flash");
  w.micro_batch = static_cast<int>(num("micro_batch", 1, 1 << 20, 1));
  w.seq = static_cast<int>(num("seq", 1, 1e7, 0));
  w.batch = static_cast<int>(num("batch", 1, 1 << 30, 0));
  w.context = static_cast<int>(num("context", 1, 1e7, 0));
  w.tokens = num("tokens", 0, 1e16, 0);
  if (j.contains("mfu")) w.mfu = num("mfu", 0.01, 1, 0.4);
  int count = static_cast<int>(num("count", 1, 1e6, 1));
  if (j.contains("gpu")) {
    std::string id = str("gpu", {}, "");
    const Gpu* g = c.find<Gpu>(id);
    if (!g) bad("gpu", fmt::format("no GPU \"{}\" in the catalog{}", id, did_you_mean(id, c.ids(Kind::Gpu))));
    bool p2p = !j.contains("p2p") || !j["p2p"].is_boolean() || j["p2p"].get<bool>();
    r.hardware = hardware_from_gpu(*g, count, p2p);
  }
  int gpus = r.hardware ? count : 1;
  if (j.contains("dp")) w.dp = static_cast<int>(num("dp", 1, 1e6, 1));
  else if (gpus % (w.tp * w.pp) != 0) bad("count", fmt::format("{} GPUs cannot be split into tp={} x pp={}", gpus, w.tp, w.pp));
  else w.dp = gpus / (w.tp * w.pp);
  if (r.hardware && w.gpus() != gpus) bad("dp", fmt::format("dp x tp x pp = {} but count is {}", w.gpus(), gpus));
  return r;
}

}  // namespace rigplan

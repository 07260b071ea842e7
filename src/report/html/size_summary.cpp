// `size`: the workload, the hardware and the answers around the memory bars (time, speed, the
// smallest GPU and the fewest GPUs that fit), read from the size JSON document.
#include <fmt/format.h>

#include "report/html/doc_fields.hpp"
#include "report/html/escape.hpp"
#include "report/html/sections.hpp"
#include "util/utf8.hpp"

namespace rigplan::html {

namespace {

using J = nlohmann::ordered_json;

// The fewest GPUs and the smallest GPU that fit the workload.
void fit_answers(const J& doc, std::vector<std::pair<std::string, std::string>>& kv) {
  if (const J* f = json_at(doc, "/fewest_gpus"); f && f->is_object()) {
    std::string s;
    for (const auto& [k, v] : f->items()) s += fmt::format("{}{} {}", s.empty() ? "" : " · ", k, v.is_number() ? dump_json(v) : "none");
    kv.emplace_back("fewest GPUs that fit, by ZeRO stage", s);
  }
  if (std::string g = text_at(doc, "/smallest_gpu"); !g.empty()) kv.emplace_back("smallest catalog GPU that fits", g);
}

}  // namespace

std::string size_summary(const J& doc) {
  std::vector<std::pair<std::string, std::string>> kv;
  std::string model = text_at(doc, "/model/id");
  kv.emplace_back("model", fmt::format("{} ({} B parameters)", model.empty() ? "custom" : model, num(number_at(doc, "/model/params") / 1e9, 2)));
  kv.emplace_back("workload", fmt::format("{} · {} · {}", text_at(doc, "/workload/mode"), text_at(doc, "/workload/precision"),
                                          text_at(doc, "/workload/optimizer")));
  kv.emplace_back("parallelism", fmt::format("dp {} · tp {} · pp {} · ZeRO-{}", num(number_at(doc, "/workload/dp")), num(number_at(doc, "/workload/tp")),
                                             num(number_at(doc, "/workload/pp")), num(number_at(doc, "/workload/zero"))));
  if (json_at(doc, "/hardware/gpu"))
    kv.emplace_back("hardware", fmt::format("{} × {} over {} ({} GB/s)", num(number_at(doc, "/hardware/count")), text_at(doc, "/hardware/gpu"),
                                            text_at(doc, "/hardware/link"), num(number_at(doc, "/hardware/link_gb_s"), 1)));
  else
    kv.emplace_back("hardware", "none given (add --gpu ID --count N, or --build FILE)");
  // A workload that does not fit does not run: no time or speed is shown for it (the JSON keeps
  // them, for what-if scripts), only why.
  const J* fits = json_at(doc, "/fits");
  if (fits && fits->is_boolean() && !fits->get<bool>()) {
    kv.emplace_back("time and speed", "none: the workload does not fit in this hardware's memory (see the bars), so it "
                                      "would not run; the answers below say what would fit");
    fit_answers(doc, kv);
    return key_values(kv);
  }
  if (number_at(doc, "/time/seconds") > 0)
    kv.emplace_back("time to train", fmt::format("{} days at {} % MFU ({})", num(number_at(doc, "/time/days"), 1),
                                                 num(number_at(doc, "/time/mfu") * 100, 1),
                                                 json_at(doc, "/time/mfu_predicted") && (*json_at(doc, "/time/mfu_predicted")) == true ? "predicted" : "given"));
  if (json_at(doc, "/performance/tokens_per_s"))
    kv.emplace_back("speed", fmt::format("{} tokens/s, {} s per step", num(number_at(doc, "/performance/tokens_per_s")),
                                         num(number_at(doc, "/performance/step_seconds"), 3)));
  // The held-out error of the predicted step (docs/json-contract.md, performance.heldout).
  if (const J* h = json_at(doc, "/performance/heldout"); h && h->is_object())
    kv.emplace_back("model accuracy", fmt::format("{} % mean error on {} published training runs not used in fitting ({} GPUs), "
                                                  "{} beyond 25 %",
                                                  num(number_at(doc, "/performance/heldout/mean_abs_error") * 100, 1),
                                                  num(number_at(doc, "/performance/heldout/runs")),
                                                  text_at(doc, "/performance/heldout/vendor"),
                                                  num(number_at(doc, "/performance/heldout/beyond_25_percent"))));
  fit_answers(doc, kv);
  return key_values(kv);
}

}  // namespace rigplan::html

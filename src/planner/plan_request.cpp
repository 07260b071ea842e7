// Plan requests as JSON (data/schema/plan.schema.json): what `rigplan plan REQUEST.json` reads
// and what the command's flags are turned into, so both take one path. Every key is checked —
// unknown keys get a did-you-mean, part ids are resolved against the catalog with their kind,
// and the workload is a `rigplan size` request (parse_size_request) — and errors name the file
// and the JSON pointer.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>

#include "planner/choose.hpp"
#include "rigplan/error.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/size_request.hpp"
#include "util/json_text.hpp"
#include "util/suggest.hpp"

namespace rigplan {

const std::vector<std::string>& plan_request_keys() {
  static const std::vector<std::string> k = request_key_names(kPlanRequest);
  return k;
}

namespace {

// "4", "1..8" or an integer, within the table's bounds (1..64 GPUs).
std::pair<int, int> parse_gpus(const nlohmann::json& v, const std::string& file) {
  const RequestKey& key = request_key(kPlanRequest, "gpus");
  auto check = [&](long long lo, long long hi) {
    if (lo < key.lo || hi > key.hi || lo > hi)
      input_error(
          file, "/gpus",
          fmt::format("GPU count {}..{} must lie within {:g}..{:g}, low to high", lo, hi, key.lo, key.hi));
    return std::pair<int, int>{static_cast<int>(lo), static_cast<int>(hi)};
  };
  if (v.is_number_integer()) return check(v.get<long long>(), v.get<long long>());
  if (!v.is_string()) input_error(file, "/gpus", "expected a count (4) or a range (\"1..4\")");
  std::string s = v.get<std::string>();
  auto num = [&](const std::string& t) {
    if (t.empty() || t.size() > 3 ||
        !std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); }))
      input_error(file, "/gpus", fmt::format("\"{}\" is not a count (4) or a range (\"1..4\")", s));
    return std::stoll(t);
  };
  auto dots = s.find("..");
  if (dots == std::string::npos) return check(num(s), num(s));
  return check(num(s.substr(0, dots)), num(s.substr(dots + 2)));
}

std::vector<std::string> strings(const nlohmann::json& j, const std::string& key, const std::string& file) {
  const auto& v = j[key];
  if (v.is_string()) return {v.get<std::string>()};
  if (!v.is_array()) input_error(file, "/" + key, "expected a string or an array of strings");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) input_error(file, fmt::format("/{}/{}", key, i), "expected a string");
    out.push_back(v[i].get<std::string>());
  }
  return out;
}

// Each id must name a catalog part (of kind `want` when given).
void resolve_ids(const std::vector<std::string>& ids, const std::string& key, std::optional<Kind> want,
                 const Catalog& c, const std::string& file) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (auto problem = c.id_problem(ids[i], want)) input_error(file, fmt::format("/{}/{}", key, i), *problem);
  }
}

}  // namespace

PlanRequest parse_plan_request(const nlohmann::json& j, const Catalog& c, const std::string& file) {
  if (!j.is_object()) input_error(file, "", "a plan request is a JSON object");
  const auto& keys = plan_request_keys();
  for (const auto& [k, v] : j.items())
    if (std::find(keys.begin(), keys.end(), k) == keys.end())
      input_error(file, "/" + k, fmt::format("unknown key \"{}\"{}", k, did_you_mean(k, keys)));
  // Each key's range, words and default come from the request-key table.
  auto num = [&](const char* k) -> std::optional<double> {
    const RequestKey& key = request_key(kPlanRequest, k);
    if (!j.contains(k))
      return key.def.is_number() ? std::optional<double>(key.def.get<double>()) : std::nullopt;
    if (!j[k].is_number()) input_error(file, std::string("/") + k, "expected a number");
    double v = j[k];
    if (auto err = key_range_error(key, v)) input_error(file, std::string("/") + k, *err);
    return v;
  };
  auto choice = [&](const char* k) -> std::string {
    const RequestKey& key = request_key(kPlanRequest, k);
    if (!j.contains(k)) return key.def.get<std::string>();
    if (!j[k].is_string()) input_error(file, std::string("/") + k, "expected a string");
    std::string v = j[k];
    if (std::find(key.words.begin(), key.words.end(), v) == key.words.end())
      input_error(file, std::string("/") + k,
                  fmt::format("\"{}\" is not one of: {}", v, fmt::join(key.words, ", ")));
    return v;
  };

  PlanRequest r;
  if (j.contains("schema_version") && j["schema_version"] != 1)
    input_error(file, "/schema_version", "this rigplan reads schema_version 1");
  if (j.contains("gpus")) std::tie(r.gpus_min, r.gpus_max) = parse_gpus(j["gpus"], file);
  if (j.contains("gpu")) {
    r.gpu_ids = strings(j, "gpu", file);
    resolve_ids(r.gpu_ids, "gpu", Kind::Gpu, c, file);
  }
  if (j.contains("family")) {
    std::vector<std::string> known;
    for (const auto& g : c.all<Gpu>())
      for (const auto& f : planner::gpu_families(g))
        if (std::find(known.begin(), known.end(), f) == known.end()) known.push_back(f);
    std::sort(known.begin(), known.end());
    auto fams = strings(j, "family", file);
    for (std::size_t i = 0; i < fams.size(); ++i) {
      fams[i] = planner::family_key(fams[i]);
      if (std::find(known.begin(), known.end(), fams[i]) == known.end())
        input_error(file, fmt::format("/family/{}", i),
                    fmt::format("no GPU family \"{}\"{} (families: {})", fams[i],
                                did_you_mean(fams[i], known), fmt::join(known, ", ")));
    }
    r.families = fams;
  }
  r.min_gpu_memory_gib = *num("min_vram_gib");
  r.min_total_memory_gib = *num("min_total_vram_gib");
  r.nvlink = checked_word<NvlinkPolicy>(choice("nvlink"));
  if (j.contains("workload")) {
    nlohmann::json w = j["workload"];
    if (w.is_object()) {
      const std::vector<std::string> taken = request_key_names(kPlanWorkload);
      for (const RequestKey* k : request_keys(kSizeRequest))  // the size keys a workload lacks
        if (std::find(taken.begin(), taken.end(), k->name) == taken.end() && w.contains(std::string(k->name)))
          input_error(file, fmt::format("/workload/{}", k->name),
                      k->name == std::string_view("cp")
                          ? std::string("a plan lays its builds out without context parallelism; size a "
                                        "context-parallel layout on a build with `rigplan size --cp`")
                      : k->name == std::string_view("embedding_in_pipeline_split")
                          ? std::string("a plan lays its builds out without pipeline stages; size a pipelined "
                                        "layout on a build with `rigplan size --pp`")
                          : fmt::format("\"{}\" is chosen by the planner; give GPUs with \"gpus\" and \"gpu\"", k->name));
      // The savers the planner may pick take "auto" (the same as leaving them out); a fixed one is
      // then read as a size request reads it.
      for (const RequestKey* k : request_keys(kPlanWorkload)) {
        std::string name(k->name);
        if (k->commands & kSizeRequest || k->type != KeyType::Word || !w.contains(name)) continue;
        const auto& v = w[name];
        if (!v.is_string()) input_error(file, "/workload/" + name, "expected a string");
        if (std::find(k->words.begin(), k->words.end(), v.get<std::string>()) == k->words.end())
          input_error(file, "/workload/" + name,
                      fmt::format("\"{}\" is not one of: {}", v.get<std::string>(), fmt::join(k->words, ", ")));
        if (v == kPlannerChooses) w.erase(name);
      }
    }
    // TP and PP are read here: the size parser checks them against a GPU count the planner has
    // not chosen yet (fit.cpp checks them against each count and the model).
    std::map<std::string, int> degrees;
    for (const char* k : {"tp", "pp"}) {
      if (!w.is_object() || !w.contains(k)) continue;
      const auto& v = w[k];
      std::string ptr = std::string("/workload/") + k;
      if (!v.is_number()) input_error(file, ptr, "expected a number");
      if (auto err = key_range_error(request_key(kPlanWorkload, k), v.get<double>())) input_error(file, ptr, *err);
      degrees[k] = v.get<int>();
    }
    nlohmann::json sized = w;
    if (sized.is_object()) sized.erase("tp"), sized.erase("pp");
    try {
      r.workload = parse_size_request(sized, c, file).workload;
    } catch (const InputError& e) {
      std::vector<InputIssue> issues = e.issues();
      for (auto& is : issues) is.pointer = "/workload" + is.pointer;
      throw InputError(std::move(issues));
    }
    if (degrees.count("tp")) r.workload->tp = degrees["tp"];
    if (degrees.count("pp")) r.workload->pp = degrees["pp"];
    r.zero_given = w.contains("zero");
    r.recompute_given = w.contains("recompute");
    r.offload_given = w.contains("offload");
    r.lora_base_given = w.contains("lora_base");
    r.tp_given = w.contains("tp");
    r.pp_given = w.contains("pp");
  }
  r.deadline_hours = num("deadline_hours");
  if (r.deadline_hours && !r.workload)
    input_error(file, "/deadline_hours", "a deadline needs a workload (\"workload\", or --model)");
  r.budget_usd = num("budget_usd");
  if (j.contains("outlet")) {
    if (!j["outlet"].is_string()) input_error(file, "/outlet", "expected an outlet id");
    std::string id = j["outlet"];
    if (auto problem = c.id_problem(id, Kind::Outlet)) input_error(file, "/outlet", *problem);
    r.outlet = c.find<Outlet>(id);
  }
  r.form = checked_word<ChassisForm>(choice("form"));
  r.market = checked_word<PlanMarket>(choice("market"));
  if (j.contains("include")) {
    r.include = strings(j, "include", file);
    resolve_ids(r.include, "include", std::nullopt, c, file);
    // Only what the planner chooses can be required of it; anything else would be ignored.
    static const std::vector<Kind> kChosen = {Kind::Gpu,    Kind::Cpu,     Kind::Board,
                                              Kind::Memory, Kind::Chassis, Kind::Psu,
                                              Kind::Cooler, Kind::Storage, Kind::NvlinkBridge, Kind::Barebone};
    for (std::size_t i = 0; i < r.include.size(); ++i) {
      Kind k = *c.kind_of(r.include[i]);
      if (std::find(kChosen.begin(), kChosen.end(), k) == kChosen.end()) {
        std::vector<std::string> names;
        for (Kind ok : kChosen) names.push_back(kind_name(ok));
        input_error(file, fmt::format("/include/{}", i),
                    fmt::format("\"{}\" is a {}; the planner chooses only {}, so it cannot include it",
                                r.include[i], kind_name(k), fmt::join(names, ", ")));
      }
    }
  }
  if (j.contains("exclude")) {
    r.exclude = strings(j, "exclude", file);
    resolve_ids(r.exclude, "exclude", std::nullopt, c, file);
  }
  r.objective = checked_word<Objective>(choice("objective"));
  r.top = static_cast<int>(*num("top"));
  if (j.contains("assume")) {
    if (!j["assume"].is_object()) input_error(file, "/assume", "expected an object of NAME: VALUE");
    for (const auto& [k, v] : j["assume"].items()) {
      if (!v.is_number()) input_error(file, "/assume/" + k, "expected a number");
      if (auto err = set_assumption(r.assumptions, fmt::format("{}={}", k, v.get<double>())))
        input_error(file, "/assume/" + k, *err);
    }
  }
  r.tuning.warning_penalty = *num("warning_penalty");
  r.tuning.min_power_limit_share = *num("min_power_limit_share");
  r.tuning.ram_gib_per_gpu = *num("ram_gib_per_gpu");
  r.tuning.default_tokens = *num("default_tokens");
  r.tuning.rocm_rdna_factor = *num("rocm_rdna_factor");
  r.tuning.xpu_factor = *num("xpu_factor");
  return r;
}

PlanRequest load_plan_request(const std::string& path, const Catalog& c, const nlohmann::json& overrides) {
  std::string text = read_input_file(path);
  nlohmann::json j = parse_json(text, path);
  try {
    nlohmann::json file_only = j;
    if (j.is_object())
      for (const auto& [k, v] : overrides.items()) j[k] = v;
    PlanRequest r = parse_plan_request(j, c, path);
    // The parser's checks come first (their messages name ids and suggest names); the schema
    // then holds the file to what data/schema/plan.schema.json publishes.
    validate_request_schema(kPlanRequest, file_only, path);
    return r;
  } catch (const InputError& e) {
    std::vector<InputIssue> issues = e.issues();
    for (auto& is : issues)
      if (is.file == path && !is.line) locate_issue(text, is);
    throw InputError(std::move(issues));
  }
}

}  // namespace rigplan

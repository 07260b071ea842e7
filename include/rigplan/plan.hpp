// The planner: "I have this budget and this workload; what should I buy?" It searches the
// catalog (GPU model × count × CPU × board × chassis × PSU; memory, cooler, storage and NVLink
// bridges chosen to suit), prunes what cannot work before building it (sockets, slot counts,
// workload memory, budget), runs every surviving candidate through the same rule engine `check`
// uses — no error allowed — and ranks the sound builds by the user's objective. When only power
// stands in the way it proposes the highest GPU power limit that makes the build sound, with its
// estimated speed cost. Rejections are counted by rule code so an empty answer can say which
// constraint ruled everything out and what would relax it.
#pragma once

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/assumptions.hpp"
#include "rigplan/build.hpp"
#include "rigplan/catalog.hpp"
#include "rigplan/diagnostics.hpp"
#include "rigplan/request_defaults.hpp"
#include "rigplan/machine_option.hpp"
#include "rigplan/plan_words.hpp"
#include "rigplan/sizing.hpp"
#include "rigplan/workload.hpp"

namespace rigplan {

// Ranking preferences, not physics: each is a named default the request may override.

// Most configurations (GPU model x count x CPU-board pair, counting only the counts the board's
// x16 slots hold) one search takes; more is bad input with a message on how to narrow it
// (docs/limits.md). The whole built-in catalog is well under it (docs/limits.md has the figure).
inline constexpr long long kMaxPlanConfigurations = 100'000;

struct PlanRequest {
  int gpus_min = 1, gpus_max = 8;
  std::vector<std::string> gpu_ids;   // allowed GPU models (empty = any)
  std::vector<std::string> families;  // allowed architectures or vendors, lower case (empty = any)
  double min_gpu_memory_gib = 0, min_total_memory_gib = 0;
  NvlinkPolicy nvlink = NvlinkPolicy::Wanted;
  std::optional<Workload> workload;  // sized on every candidate; builds it does not fit are rejected
  bool zero_given = false;           // the workload fixed its ZeRO stage; else the planner picks (planner/fit.hpp)
  // Likewise for the other memory savers: a saver the workload fixes is used as given; the rest
  // ("auto" or absent) the planner picks per GPU model and count, the fastest setting that fits.
  bool recompute_given = false, offload_given = false, lora_base_given = false, tp_given = false, pp_given = false;
  std::optional<double> deadline_hours;
  std::optional<double> budget_usd;
  const Outlet* outlet = nullptr;     // the wall circuit the build must run on (nullptr = not checked)
  ChassisForm form = ChassisForm::Any;
  PlanMarket market = PlanMarket::New;  // planner/market_filter.hpp
  std::vector<std::string> include, exclude;  // part ids
  Objective objective = Objective::PerfPerDollar;
  int top = 5;
  Assumptions assumptions;            // the rule engine's, as `check --assume` sets them
  SizingAssumptions sizing;
  PlanTuning tuning;
  int threads = 0;                    // kept for scripts: the search runs on one thread (branch and bound)
  bool exhaustive = false;            // check every configuration (no bound): for tests and benchmarks
  PricePreference prices = PricePreference::Street;  // which price the catalog's costs use (--prices), for output
};

// Throws InputError (naming `file` and the JSON pointer) on unknown keys, wrong types or values,
// and unknown part ids; keys are the `rigplan plan` flag names with underscores
// (data/schema/plan.schema.json).
PlanRequest parse_plan_request(const nlohmann::json& j, const Catalog& c, const std::string& file);
// The keys parse_plan_request accepts (a test keeps them equal to the schema's properties).
const std::vector<std::string>& plan_request_keys();
// A request file, with `overrides` (the command's flags, same keys) applied on top; errors carry
// line and column.
PlanRequest load_plan_request(const std::string& path, const Catalog& c, const nlohmann::json& overrides);

// How a workload saves GPU memory on a build: the ZeRO stage, activation recomputation, offload
// to host RAM, the frozen base's precision (LoRA), and the tensor/pipeline/data-parallel layout.
struct MemorySaver {
  int zero = 0, tp = 1, pp = 1, dp = 1;
  Recompute recompute = Recompute::None;
  Offload offload = Offload::None;
  std::optional<LoraBase> lora_base;  // LoRA only
  static MemorySaver of(const Workload& w);
  // The savers in use, e.g. "ZeRO-3, full recompute, int4 base, TP 2"; "none" when none is.
  std::string label() const;
};

struct PlanMetrics {
  int gpus = 0;
  std::string gpu;                   // GPU part id
  double vram_gib = 0;               // all cards
  double ram_gib = 0;
  double tflops = 0;                 // dense bf16 (fp16 where no bf16) × cards × power-limit factor
  double reference_tokens_per_s = 0; // GPT-2 XL data-parallel training speed, no memory fit (the former speed index)
  // Without a workload: the reference index (planner/reference_set.hpp: mean over the reference
  // workloads of the build's tokens/s over one H100 PCIe's) and each workload's tokens/s (0: it
  // does not fit the cards or their software stack does not run it).
  double reference_index = 0;
  std::map<std::string, double> reference_workloads;
  // The software stack the cards need (planner/stack.hpp): CUDA, ROCm or XPU; native, workaround
  // (a warning, and `stack_factor` on the speed) or unsupported (never in a result).
  std::string stack, stack_support, stack_note, stack_source;
  double stack_factor = 1;
  std::optional<double> power_limit_w;
  double slowdown_percent = 0;       // estimated cost of the power limit
  double sustained_w = 0, transient_w = 0, psu_w = 0, wall_w = 0;
  double cost_usd = 0;               // sum of the known prices
  std::vector<std::string> unpriced; // parts without a price (cost_usd is then a lower bound)
  PriceAge prices;                   // dates and kinds of the prices in cost_usd
  std::string link;                  // what the gradient all-reduce runs over
  double link_gb_s = 0;
  int warnings = 0;
  std::vector<std::string> missing;  // parts the catalog could not supply (a cooler for the socket …)
  // The workload, when the request has one.
  int zero = 0;
  MemorySaver saver;                 // the setting the workload runs with (planner/fit.hpp)
  double memory_per_gpu_gib = 0;
  double seconds = 0;                // time to train the tokens (training and LoRA)
  double tokens_per_s = 0;           // training throughput, or batch-1 decode for inference
  bool cost_known() const { return unpriced.empty(); }
};

struct PlannedBuild {
  int rank = 0;
  double score = 0;
  std::map<std::string, double> score_parts;  // what the score is made of
  Build build;
  PlanMetrics metrics;
  std::vector<Diagnostic> diagnostics;  // warnings and infos (never errors)
};

// Why candidates were turned down, by rule code (PWR001 …) or planner constraint (BUDGET,
// WORKLOAD, SOCKET, SLOTS, …), with one example.
struct Rejection {
  long long count = 0;
  std::string example;
};

struct PlanStats {
  long long candidates = 0;  // the whole cross product the request spans
  long long evaluated = 0;   // candidates the rule engine checked
  long long pruned = 0;      // candidates ruled out before (by a constraint or a cheaper choice)
  long long sound = 0;       // evaluated builds with no error
  long long bounded = 0;     // configurations skipped because their best possible score cannot enter the answer
  double seconds = 0;        // wall time of the search (the only figure that varies run to run)
};

// The top build beside the runner-up (planner/compare.hpp): the score's parts and what would flip them.
struct PlanComparison {
  struct Part {
    std::string name;
    double top = 0, runner_up = 0;
    std::string unit;
  };
  std::vector<Part> parts;
  std::string flip;  // the one change that would rank #2 first
};

struct PlanResult {
  std::vector<PlannedBuild> builds;  // best first, at most request.top
  std::optional<PlanComparison> comparison;  // builds[0] against builds[1]
  std::map<std::string, Rejection> rejected;
  PlanStats stats;
  std::string empty_reason;  // when builds is empty: what ruled everything out and what would relax it
  std::vector<std::string> notes;  // what the search assumed (no outlet given, unpriced parts …)
  // An inference workload: the catalog's unified-memory machines beside the builds. They are whole
  // computers, not built from parts, so the search does not rank them; each carries its price and
  // predicted decode speed (include/rigplan/unified.hpp).
  std::vector<MachineOption> unified;
};

PlanResult plan(const PlanRequest& r, const Catalog& c);

// The reference workloads that stand for "speed" when a request names no workload
// (planner/reference_set.hpp): (id, description) in output order.
std::vector<std::pair<std::string, std::string>> planner_reference_workloads();

// "better" direction of the objective's score: true when lower scores rank first (cost).
bool lower_is_better(Objective o);

}  // namespace rigplan

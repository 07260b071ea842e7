// Merging search slices, ranking, and explaining rejections (see explain.hpp).
#include "planner/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "planner/score.hpp"
#include "util/number_text.hpp"

namespace rigplan::planner {

void add_rejection(std::map<std::string, Rejection>& m, const std::string& code, const std::string& example, long long n) {
  auto& r = m[code];
  if (r.count == 0) r.example = example;
  r.count += n;
}

void ItemResult::reject(const std::string& code, const std::string& example, long long n) {
  add_rejection(rejected, code, example, n);
}

void ItemResult::reject_attempt(const Attempt& a, const std::string& label) {
  for (std::size_t i = 0; i < a.codes.size(); ++i) reject(a.codes[i], label + ": " + a.messages[i]);
}

void ItemResult::note_cheapest(double usd) {
  if (!cheapest_over_budget || usd < *cheapest_over_budget) cheapest_over_budget = usd;
}

void ItemResult::note_floor(double usd) {
  if (!cheapest_floor || usd < *cheapest_floor) cheapest_floor = usd;
}

void ItemResult::note_fastest(double seconds) {
  if (!fastest_over_deadline || seconds < *fastest_over_deadline) fastest_over_deadline = seconds;
}

namespace {

// What would relax a code, for the empty answer: a rule's own advice (RuleDoc::relax), or for the
// planner's own codes (the request's limits, prices, the market, the software stack) the table here.
std::string relax_hint(const std::string& code) {
  if (const Rule* rule = find_rule(code)) return std::string(rule->doc().relax);
  if (code == "WORKLOAD") return "allow more GPUs (--gpus), GPUs with more memory, a higher ZeRO stage, LoRA or offload";
  if (code == "HOST_RAM") return "a board and CPU that take more memory, more GPUs, or GPUs with more memory (less to offload)";
  if (code == "GPU_MEMORY") return "lower --min-vram / --min-total-vram or allow more GPUs";
  if (code == "NVLINK") return "drop --nvlink required, or ask for an even number of GPUs of a model sold with bridges (RTX 3090, A-series)";
  if (code == "PRICE") return kGivePricesHint;
  if (code == "MARKET") return "--market any (or used), or overlay a current price with --catalog";
  if (code == "STACK") return "GPUs whose software stack runs the workload (docs/planner.md, 'The software stack')";
  return "see `rigplan rules " + code + "`";
}

}  // namespace

PlanResult merge_results(const PlanRequest& r, const Pools& pools, std::vector<ItemResult> items) {
  PlanResult out;
  for (const auto& [code, example] : pools.dropped_gpus) add_rejection(out.rejected, code, example);
  std::optional<double> cheapest, fastest, floor;
  std::vector<PlannedBuild> all;
  for (auto& it : items) {
    out.stats.candidates += it.candidates;
    out.stats.evaluated += it.evaluated;
    out.stats.sound += it.sound;
    for (const auto& [code, rej] : it.rejected) add_rejection(out.rejected, code, rej.example, rej.count);
    if (it.cheapest_over_budget && (!cheapest || *it.cheapest_over_budget < *cheapest)) cheapest = it.cheapest_over_budget;
    if (it.cheapest_floor && (!floor || *it.cheapest_floor < *floor)) floor = it.cheapest_floor;
    if (it.fastest_over_deadline && (!fastest || *it.fastest_over_deadline < *fastest)) fastest = it.fastest_over_deadline;
    for (auto& b : it.builds) all.push_back(std::move(b));
  }
  std::stable_sort(all.begin(), all.end(), [&](const PlannedBuild& a, const PlannedBuild& b) {
    return ranks_before(a, b, r.objective);
  });
  // The best build of each GPU model and count first, so the list offers real alternatives;
  // then, if room is left, the runners-up on other boards.
  std::set<std::pair<std::string, int>> models;
  std::set<std::tuple<std::string, int, std::string>> shown;
  std::vector<const PlannedBuild*> pick;
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& b : all) {
      if (static_cast<int>(pick.size()) >= r.top) break;
      std::tuple<std::string, int, std::string> key{b.metrics.gpu, b.metrics.gpus, b.build.board->id};
      if (shown.count(key)) continue;
      if (pass == 0 && !models.insert({b.metrics.gpu, b.metrics.gpus}).second) continue;
      shown.insert(key);
      pick.push_back(&b);
    }
  std::stable_sort(pick.begin(), pick.end(), [&](const PlannedBuild* a, const PlannedBuild* b) {
    return ranks_before(*a, *b, r.objective);
  });
  for (const PlannedBuild* b : pick) {
    out.builds.push_back(*b);
    out.builds.back().rank = static_cast<int>(out.builds.size());
  }

  if (!r.outlet) out.notes.push_back("no --outlet given: the wall circuit is not checked and PSUs are rated at 230 V");
  long long market_gpus = 0;
  for (const auto& [code, example] : pools.dropped_gpus) market_gpus += code == "MARKET";
  if (r.market == PlanMarket::New && (market_gpus > 0 || pools.market_dropped > 0))
    out.notes.push_back(fmt::format("--market new: {} GPU model(s) and {} other part(s) are left out as sold used only, or "
                                    "discontinued without a price from the last 12 months (--market any includes them)",
                                    market_gpus, pools.market_dropped));
  bool priced_objective = r.objective == Objective::Cost || r.objective == Objective::PerfPerDollar;
  bool any_complete = false;
  for (const auto& b : out.builds) any_complete |= b.metrics.cost_known();
  for (const auto& b : out.builds)
    if (!b.metrics.cost_known()) {
      const char* ranked = !priced_objective ? ""
                           : any_complete    ? ", and such builds rank after fully priced ones"
                                             : ", and no build here has a complete cost, so they rank by those lower bounds";
      out.notes.push_back(fmt::format("some parts have no catalog price (e.g. {}): costs marked ≥ are lower bounds{}; {}",
                                      b.metrics.unpriced.front(), ranked, kGivePricesHint));
      break;
    }

  if (out.builds.empty()) {
    if (out.stats.sound == 0 && out.rejected.empty()) {
      out.empty_reason = "no GPU in the catalog matches the request's GPU filters (--gpu, --family, --min-vram, --nvlink)";
    } else if (out.rejected.count("BUDGET") && (cheapest || floor)) {
      out.empty_reason =
          cheapest ? fmt::format("every sound build is over the {} budget; the cheapest costs {} (raise --budget to {:.0f})",
                                 dollars(*r.budget_usd), dollars(*cheapest), std::ceil(*cheapest))
                   : fmt::format("every candidate is over the {} budget: its GPUs, CPU and board alone cost at least {} "
                                 "(raise --budget, or allow cheaper or fewer GPUs)", dollars(*r.budget_usd), dollars(*floor));
      if (out.rejected.count("PRICE"))
        out.empty_reason += fmt::format("; {} more configurations have no price for their GPU or CPU ({})",
                                        out.rejected.at("PRICE").count, kGivePricesHint);
    } else if (out.stats.sound > 0 && fastest) {
      out.empty_reason = fmt::format("no sound build trains within {:g} h; the fastest takes {:.1f} h "
                                     "(relax --deadline, or allow more or faster GPUs)", *r.deadline_hours, *fastest / 3600);
    } else {
      std::string top;
      long long most = -1;
      for (const auto& [code, rej] : out.rejected)
        if (rej.count > most) most = rej.count, top = code;
      if (out.stats.sound > 0 && out.rejected.count("PRICE")) top = "PRICE";
      const auto& rej = out.rejected.at(top);
      out.empty_reason = fmt::format("nothing passed; the most common reason is {} ({} configurations), e.g. {}; "
                                     "what would relax it: {}", top, rej.count, rej.example, relax_hint(top));
    }
  }
  return out;
}

}  // namespace rigplan::planner

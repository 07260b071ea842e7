// One configuration of the planner's search (see config_search.hpp).
#include "planner/config_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "planner/choose.hpp"
#include "planner/limits.hpp"
#include "rigplan/rules.hpp"

namespace rigplan::planner {

const PartBase& bought(const Platform& pl) {
  return pl.barebone ? static_cast<const PartBase&>(*pl.barebone->barebone) : *pl.board;
}

bool Search::prepare_item(const Gpu& g, int n, const ItemFits& fits, ItemResult& out) const {
  const std::optional<Fit>& fit = fits.workload;
  long long per_config = static_cast<long long>(std::max<std::size_t>(1, p_.chassis.size())) *
                         static_cast<long long>(std::max<std::size_t>(1, p_.psus.size()));
  out.candidates += per_config * static_cast<long long>(platforms_.size());
  if (fit && !fit->fits) {
    out.reject_all("WORKLOAD", fmt::format("{} x {}: {}", n, g.id, fit->why), platforms_.size());
    return false;
  }
  // A software stack that does not run the workload (or none of the reference workloads).
  if (fit && fits.workload_stack.support == StackSupport::Unsupported) {
    out.reject_all("STACK", fmt::format("{} x {}: {}", n, g.id, fits.workload_stack.why), platforms_.size());
    return false;
  }
  if (!fit && !fits.reference_stack.empty() &&
      std::all_of(fits.reference_stack.begin(), fits.reference_stack.end(),
                  [](const StackVerdict& v) { return v.support == StackSupport::Unsupported; })) {
    out.reject_all("STACK", fmt::format("{} x {}: {}", n, g.id, fits.reference_stack.front().why), platforms_.size());
    return false;
  }
  if (r_.min_total_memory_gib > 0 && g.memory_gib * n < r_.min_total_memory_gib) {
    out.reject_all("GPU_MEMORY",
                   fmt::format("{} x {} = {:g} GiB, below the {:g} GiB asked for", n, g.id, g.memory_gib * n,
                               r_.min_total_memory_gib),
                   platforms_.size());
    return false;
  }
  return true;
}

bool Search::config_possible(const Gpu& g, int n, const Platform& pl, ItemResult& out) const {
  const Board& board = *pl.board;
  if (gpu_slots(board) < n && (n < 2 || riser_capacity(board, g) < n)) {
    out.reject("PCIE001", fmt::format("{}: the board has {} x16 slots{}", label(g, n, pl), gpu_slots(board),
                                      riser_capacity(board, g) > 0 ? fmt::format(" ({} cards on risers)", riser_capacity(board, g)) : ""));
    return false;
  }
  if (r_.budget_usd) {
    double floor = platform_cost_floor(g, n, *pl.cpu, pl.cpu_count, bought(pl)).usd;
    if (floor > *r_.budget_usd) {
      out.note_floor(floor);
      out.reject("BUDGET", fmt::format("{}: GPUs, CPU and board alone cost ${:.0f}", label(g, n, pl), floor));
      return false;
    }
  }
  return true;
}

Search::Chosen Search::choose(const Gpu& g, int n, const Platform& pl, const Fit* fit) const {
  Chosen c;
  double target = std::max({r_.tuning.ram_gib_per_gpu * n, g.memory_gib * n, fit ? fit->host_bytes / kGiB : 0.0});
  c.memory = choose_memory(p_, *pl.board, *pl.cpu, pl.cpu_count, target);
  c.cooler = choose_cooler(p_, *pl.cpu);
  c.storage = choose_storage(p_);
  return c;
}

Bound Search::tight_bound(const Gpu& g, int n, const Platform& pl, const Chosen& c, double perf_ub) const {
  CostFloor f = platform_cost_floor(g, n, *pl.cpu, pl.cpu_count, bought(pl));
  double usd = f.usd;
  for (const auto& m : c.memory) usd += m.part->price_usd.value_or(0) * m.count;
  if (c.cooler) usd += c.cooler->price_usd.value_or(0);
  if (c.storage) usd += c.storage->price_usd.value_or(0);
  // The load at the lowest power limit the planner may set: no PSU set below it can carry it.
  Build probe;
  probe.cpu = pl.cpu, probe.cpu_count = pl.cpu_count, probe.board = pl.board, probe.memory = c.memory;
  probe.gpus = {GpuEntry{&g, n, std::nullopt, {}}};
  double floor_w = std::max(g.tdp_w * r_.tuning.min_power_limit_share, g.power_limits.min_w.value_or(0));
  if (floor_w < g.tdp_w) probe.gpus.front().power_limit_w = floor_w;
  probe.cooler = c.cooler;
  if (c.storage) probe.storage = {Counted<Storage>{c.storage, 1}};
  double sustained = power_budget(probe, r_.assumptions).sustained_w;
  if (!pl.barebone) {
    std::vector<const Chassis*> chassis;
    bool frame = false;
    for (const Chassis* ch : p_.chassis)
      if (chassis_may_fit(*ch, *pl.board, g)) chassis.push_back(ch), frame |= ch->airflow == "open_frame";
    usd += cheapest_price(chassis);
    // The cheapest PSU set that could carry the load (an open frame may join several units).
    double psu = std::numeric_limits<double>::max();
    for (const Psu* ps : p_.psus) {
      int most = frame && ps->form_factor == "atx" ? kMaxOpenFramePsus : 1;
      if (ps->watts_at(volts_) * most < sustained) continue;
      if (!ps->price_usd) {
        psu = 0;
        break;
      }
      int need = std::clamp(static_cast<int>(std::ceil(sustained / ps->watts_at(volts_) - 1e-9)), 1, most);
      psu = std::min(psu, *ps->price_usd * need);
    }
    if (psu < std::numeric_limits<double>::max()) usd += psu;
  }
  return make_bound(r_, perf_ub, usd, f.complete, sustained);
}

int Search::riser_capacity(const Board& board, const Gpu& g) const {
  if (!p_.straight_riser) return 0;
  bool frame = std::any_of(p_.chassis.begin(), p_.chassis.end(),
                           [&](const Chassis* ch) { return ch->airflow == "open_frame" && chassis_may_fit(*ch, board, g); });
  if (!frame) return 0;
  return gpu_slots(board) * (p_.split_riser ? p_.split_riser->outputs : 1);
}

void Search::try_config(const Gpu& g, int n, const Platform& pl, const ItemFits& fit, const Chosen& chosen, ItemResult& out) const {
  const Board& board = *pl.board;
  out.seen.clear();
  Build b;
  b.name = fmt::format("{} x {} on {}", n, g.name, board.name);
  b.cpu = pl.cpu;
  b.cpu_count = pl.cpu_count;
  b.board = &board;
  b.gpus = {GpuEntry{&g, n, std::nullopt, {}}};
  b.outlet = r_.outlet;
  b.memory = chosen.memory;
  if (b.memory.empty())
    return out.reject("MEM001", fmt::format("{}: no memory module in the catalog suits the board ({})", label(g, n, pl),
                                            board.memory_type));
  if (auto s = host_memory_short(fit.workload ? &*fit.workload : nullptr, b))
    return out.reject("HOST_RAM", fmt::format("{}: {}", label(g, n, pl), *s));
  b.cooler = chosen.cooler;
  if (chosen.storage) b.storage = {Counted<Storage>{chosen.storage, 1}};
  if (pl.barebone) {  // a GPU server: its chassis and PSU modules come with it
    b.barebone = pl.barebone->barebone;
    b.psu_redundant = pl.barebone->barebone->psu_redundant;
    b.name = fmt::format("{} x {} in {}", n, g.name, pl.barebone->barebone->name);
    try_layout(b, g, n, pl, fit, false, out);
    return;
  }
  // Cards in the slots first; if that gives no sound build for want of room (or slots), on
  // risers in an open frame. Only the last layout's rejection is counted.
  bool risers = n >= 2 && n <= riser_capacity(board, g);
  if (n <= gpu_slots(board)) {
    auto saved = out.rejected;
    long long sound = out.sound;
    Blame blame = try_layout(b, g, n, pl, fit, false, out);
    if (out.sound != sound || !risers || blame == Blame::Platform || blame == Blame::Outlet) return;
    out.rejected = std::move(saved);
  }
  if (!risers) return;
  int slots = gpu_slots(board);
  int split = std::max(0, n - slots);  // bifurcation risers, two cards each
  b.gpus.clear();
  if (n - 2 * split > 0) b.gpus.push_back(GpuEntry{&g, n - 2 * split, std::nullopt, {}, p_.straight_riser});
  if (split > 0) b.gpus.push_back(GpuEntry{&g, 2 * split, std::nullopt, {}, p_.split_riser});
  b.name = fmt::format("{} x {} on {}, risers to an open frame", n, g.name, board.name);
  try_layout(b, g, n, pl, fit, true, out);
}

Blame Search::reject(ItemResult& out, const std::string& code, const std::string& example, Blame b) {
  out.reject(code, example);
  return b;
}

int Search::psu_count_for(const Chassis& ch, const Psu& psu, double sustained) const {
  if (ch.airflow != "open_frame" || psu.form_factor != "atx") return 1;
  double w = psu.watts_at(volts_);
  int need = w > 0 ? static_cast<int>(std::ceil(sustained / w - 1e-9)) : 1;
  return std::clamp(need, 1, kMaxOpenFramePsus);
}

Blame Search::try_layout(Build b, const Gpu& g, int n, const Platform& pl, const ItemFits& fit, bool on_risers, ItemResult& out) const {
  const Board& board = *pl.board;
  std::vector<const NvlinkBridge*> bridges;
  // Bridges join cards in pairs (slot order; NVL002, NVL003): an even count of bridge-capable
  // cards is a pairwise layout of n/2 bridges, each spanning its pair's slot distance. More
  // cards than one NVLink domain joins make separate NVLink islands (NVL002 warns; traffic
  // between the pairs crosses PCIe), which is what a builder of four bridged A6000s has.
  bool nv = g.nvlink && g.nvlink->via == "bridge" && n >= 2 && n % 2 == 0;
  if (r_.nvlink == NvlinkPolicy::Required) {
    if (!nv)
      return reject(out, "NVLINK",
                    n < 2 ? fmt::format("{}: one card, nothing to bridge", label(g, n, pl))
                          : fmt::format("{}: bridges join cards in pairs; an odd count leaves a card unbridged", label(g, n, pl)));
    if (on_risers) return reject(out, "NVLINK", fmt::format("{}: cards on riser cables are not bridged", label(g, n, pl)));
    bridges = bridges_for(p_, g);
    if (bridges.empty()) return reject(out, "NVLINK", fmt::format("{}: no bridge for this card in the catalog", label(g, n, pl)));
  } else if (r_.nvlink == NvlinkPolicy::Wanted && nv && !on_risers) {
    bridges = bridges_for(p_, g);
    bridges.push_back(nullptr);
  } else {
    bridges = {nullptr};
  }

  Build probe = b;  // sustained load without a PSU: no PSU below it can pass PWR001
  double sustained = power_budget(probe, r_.assumptions).sustained_w;
  Attempt last;
  for (const NvlinkBridge* bridge : bridges) {
    b.bridge = bridge;
    b.bridge_count = bridge ? n / 2 : 0;
    const Chassis* power_chassis = nullptr;
    bool bridge_failed = false;
    std::vector<const Chassis*> failed_chassis;
    for (const Chassis* ch : pl.barebone ? std::vector<const Chassis*>{pl.barebone->chassis} : chassis_order(g)) {
      if (on_risers && ch->airflow != "open_frame") continue;
      if (!chassis_may_fit(*ch, board, g) || dominated(*ch, failed_chassis)) continue;
      b.chassis = ch;
      bool chassis_failed = false, tried = false;
      std::optional<Attempt> fallback;
      std::vector<const Psu*> failed_psus;
      // The PSUs go smallest first; a larger one may cost less, so once one passes clean only those
      // that would make the build cheaper are still tried, and the cheapest clean one is taken.
      std::optional<Attempt> clean;
      double clean_price = 0;
      for (const Psu* psu : pl.barebone ? std::vector<const Psu*>{pl.barebone->psu} : p_.psus) {
        int count = pl.barebone ? pl.barebone->barebone->psu_count : psu_count_for(*ch, *psu, sustained);
        int carrying = pl.barebone ? pl.barebone->barebone->psu_carrying() : count;
        if (!pl.barebone && !psu_fits(*ch, *psu)) continue;
        if (psu->watts_at(volts_) * carrying < sustained || dominated(*psu, failed_psus)) continue;
        if (clean && order_price(*psu) * count >= clean_price) continue;
        b.psu = psu;
        b.psu_count = count;
        tried = true;
        Attempt a = evaluate(b, out);
        if (a.verdict.sound) {
          if (!a.verdict.psu_warnings) {
            clean_price = order_price(*psu) * count;
            clean = std::move(a);
            continue;
          }
          failed_psus.push_back(psu);  // no PSU that is no better will clear the warning
          // Of PSUs that all leave a warning, keep the one with the fewest warnings (the
          // smallest of equals): the score counts every warning.
          if (!fallback || a.result.count(Severity::Warning) < fallback->result.count(Severity::Warning))
            fallback = std::move(a);
          continue;
        }
        if (clean) continue;  // a cheaper PSU that fails changes nothing: the clean build stands
        last = std::move(a);
        if (last.verdict.blame == Blame::Psu) {
          failed_psus.push_back(psu);
          continue;
        }
        if (last.verdict.blame == Blame::Outlet) break;
        if (last.verdict.blame == Blame::Chassis) chassis_failed = true, failed_chassis.push_back(ch);
        if (last.verdict.blame == Blame::Bridge) bridge_failed = true;
        if (last.verdict.blame == Blame::Platform) return out.reject_attempt(last, label(g, n, pl)), Blame::Platform;
        break;
      }
      if (clean) return accept(std::move(*clean), fit, out), Blame::Psu;
      if (fallback) return accept(std::move(*fallback), fit, out), Blame::Psu;
      if (bridge_failed) break;
      if (!chassis_failed || !tried) {  // power stands in the way: another chassis will not help
        power_chassis = ch;
        break;
      }
    }
    if (bridge_failed) continue;
    if (power_chassis) {
      if (auto a = limit_power(b, *power_chassis, g, sustained, pl.barebone, out, last))
        return accept(std::move(*a), fit, out), Blame::Psu;
    }
    break;
  }
  if (last.codes.empty()) {
    bool any_chassis = std::any_of(p_.chassis.begin(), p_.chassis.end(), [&](auto* ch) { return chassis_may_fit(*ch, board, g); });
    if (!any_chassis)
      return reject(out, "FIT004", fmt::format("{}: no chassis in the catalog holds this board ({}) and card", label(g, n, pl),
                                               board.form_factor), Blame::Chassis);
    return reject(out, "PWR001", fmt::format("{}: no PSU in the catalog carries the {:.0f} W sustained load", label(g, n, pl),
                                             sustained), Blame::Psu);
  }
  out.reject_attempt(last, label(g, n, pl));
  return last.verdict.blame;
}

std::string Search::label(const Gpu& g, int n, const Platform& pl) const {
  return fmt::format("{} x {}, {} on {}", n, g.id, pl.cpu->id, pl.board->id);
}

std::vector<const Chassis*> Search::chassis_order(const Gpu& g) const {
  std::vector<const Chassis*> v = p_.chassis;
  if (g.cooler != "passive")
    std::stable_partition(v.begin(), v.end(), [](const Chassis* c) { return c->rack_units == 0; });
  return v;
}

Attempt Search::evaluate(const Build& b, ItemResult& out) const {
  out.checks++;
  auto key = std::make_tuple(b.chassis, b.psu, b.bridge);
  if (std::find(out.seen.begin(), out.seen.end(), key) == out.seen.end()) {
    out.seen.push_back(key);
    out.evaluated++;
  }
  Attempt a;
  a.build = b;
  a.result = check_build(b, r_.assumptions, RuleScope::ErrorsAndWarnings);  // infos: in accept()
  a.verdict = judge(a.result);
  for (const auto& d : a.result.diagnostics)
    if (d.severity == Severity::Error && std::find(a.codes.begin(), a.codes.end(), d.code) == a.codes.end()) {
      a.codes.push_back(d.code);
      a.messages.push_back(d.message);
    }
  return a;
}

void Search::accept(Attempt a, const ItemFits& fits, ItemResult& out) const {
  const Fit* fit = fits.workload ? &*fits.workload : nullptr;
  PlannedBuild pb;
  pb.build = std::move(a.build);
  add_info_diagnostics(pb.build, r_.assumptions, a.result);
  measure(pb, r_, a.result, fits);
  // A part the catalog cannot supply is a part the cost leaves out: the cost is a lower bound
  // (listed under unpriced by what is missing, as `cluster` lists "cables"), never complete.
  if (!pb.build.cooler) {
    pb.metrics.missing.push_back(fmt::format("no CPU cooler for socket {} in the catalog: add one (--catalog)", pb.build.cpu->socket));
    pb.metrics.unpriced.push_back(fmt::format("cooler (none in the catalog for {})", pb.build.cpu->socket));
  }
  if (pb.build.storage.empty()) {
    pb.metrics.missing.push_back("no drive in the catalog: add one (--catalog)");
    pb.metrics.unpriced.push_back("drive (none in the catalog)");
  }
  for (const auto& d : a.result.diagnostics)
    if (d.severity != Severity::Error) pb.diagnostics.push_back(d);
  score(pb, r_);
  out.sound++;
  std::string what = fmt::format("{} x {}, {} on {}", pb.metrics.gpus, pb.metrics.gpu, pb.build.cpu->id, pb.build.board->id);
  if (r_.deadline_hours && fit && fit->w.mode != Mode::Infer && pb.metrics.seconds > *r_.deadline_hours * 3600) {
    out.note_fastest(pb.metrics.seconds);
    return out.reject("DEADLINE", fmt::format("{}: {:.1f} h to train", what, pb.metrics.seconds / 3600));
  }
  bool priced = r_.budget_usd || r_.objective == Objective::Cost || r_.objective == Objective::PerfPerDollar;
  if (priced) {
    // GPUs and CPU dominate a build's cost: without their prices a cost ranking means nothing.
    // Other unpriced parts make the cost a lower bound, which the output marks.
    std::vector<std::string> major;
    for (const auto& id : pb.metrics.unpriced)
      if (id == pb.metrics.gpu || id == pb.build.cpu->id) major.push_back(id);
    if (!major.empty())
      return out.reject("PRICE", fmt::format("{}: no price for {}", what, fmt::join(major, ", ")));
  }
  if (r_.budget_usd && pb.metrics.cost_usd > *r_.budget_usd) {
    out.note_cheapest(pb.metrics.cost_usd);
    return out.reject("BUDGET", fmt::format("{}: ${:.0f}", what, pb.metrics.cost_usd));
  }
  out.builds.push_back(std::move(pb));
}

void Search::restate(const PlannedBuild& pb, const Gpu& gpu, const Board& board, const ItemFits& fits, ItemResult& out) const {
  Build b = pb.build;
  const Gpu& was_gpu = *b.gpus.front().part;
  const Board& was_board = *b.board;
  for (auto& e : b.gpus) e.part = &gpu;
  b.board = &board;
  auto swap = [&b](const std::string& from, const std::string& to) {
    if (auto at = b.name.find(from); at != std::string::npos) b.name.replace(at, from.size(), to);
  };
  swap(was_gpu.name, gpu.name);
  if (!b.barebone) swap(was_board.name, board.name);
  Attempt a = evaluate(b, out);
  if (a.verdict.sound) accept(std::move(a), fits, out);
}

}  // namespace rigplan::planner

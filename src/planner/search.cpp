// The planner's search (see include/rigplan/plan.hpp). A configuration is a GPU model × count ×
// CPU × board; for each, memory, cooler, drive and bridges are chosen (choose.hpp), then chassis
// and PSUs are tried cheapest first and the rule engine judges each build. Its errors say what
// to try next: a PSU error tries the next PSU, a chassis error the next chassis, a bridge error
// the next bridge (or none), anything else rules the configuration out. When only power stands
// in the way, the highest GPU power limit (in 5 W steps, no lower than the tuning's share of
// TDP) that makes the build sound is found by bisection — the PWR rules are monotone in it.
// Work is split by (GPU, count) across threads and merged in a fixed order, so the answer does
// not depend on the thread count.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <tuple>

#include "planner/bound.hpp"
#include "planner/choose.hpp"
#include "planner/compare.hpp"
#include "planner/explain.hpp"
#include "planner/leaders.hpp"
#include "planner/limits.hpp"
#include "planner/platforms.hpp"
#include "planner/reference_set.hpp"
#include "planner/score.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/rules.hpp"
#include "rules/pwr_limits.hpp"

namespace rigplan {

const char* objective_name(Objective o) {
  switch (o) {
    case Objective::Cost: return "cost";
    case Objective::PerfPerDollar: return "perf-per-dollar";
    case Objective::Time: return "time";
    case Objective::PerfPerWatt: return "perf-per-watt";
  }
  return "?";
}

bool lower_is_better(Objective o) { return o == Objective::Cost; }

namespace {

using namespace planner;

// What a platform's board is bought as: the board, or the GPU server it comes inside.
const PartBase& bought(const Platform& pl) {
  return pl.barebone ? static_cast<const PartBase&>(*pl.barebone->barebone) : *pl.board;
}

class Search {
 public:
  Search(const PlanRequest& r, const Pools& p, const std::vector<Platform>& platforms)
      : r_(r), p_(p), platforms_(platforms), volts_(r.outlet ? r.outlet->volts : 230) {}

  // Item-level prunes (the workload, the total GPU memory); false when the item is ruled out.
  bool prepare_item(const Gpu& g, int n, const ItemFits& fits, ItemResult& out) const {
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

  // Configuration-level prunes that need no rule run (slots, the budget floor); false when ruled out.
  bool config_possible(const Gpu& g, int n, const Platform& pl, ItemResult& out) const {
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

  // The memory, cooler and drive the planner would choose for a configuration, with the sustained
  // load at the lowest power limit it may set: what the tight bound needs.
  struct Chosen {
    std::vector<Counted<Memory>> memory;
    const Cooler* cooler = nullptr;
    const Storage* storage = nullptr;
  };
  Chosen choose(const Gpu& g, int n, const Platform& pl, const Fit* fit) const {
    Chosen c;
    double target = std::max({r_.tuning.ram_gib_per_gpu * n, g.memory_gib * n, fit ? fit->host_bytes / kGiB : 0.0});
    c.memory = choose_memory(p_, *pl.board, *pl.cpu, pl.cpu_count, target);
    c.cooler = choose_cooler(p_, *pl.cpu);
    c.storage = choose_storage(p_);
    return c;
  }

  // The bound with the chosen parts' prices and the cheapest chassis and PSU that might serve.
  Bound tight_bound(const Gpu& g, int n, const Platform& pl, const Chosen& c, double perf_ub) const {
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

  // Cards that go out on riser cables to an open frame when the board's x16 slots (or their
  // spacing) cannot hold them directly: one straight x16 riser per card, and where there are more
  // cards than slots, x16-to-x8x8 bifurcation risers for the extra ones (the eight-card mining-rig
  // layout; RSR001-RSR003 judge the links). 0 when the catalog lacks the parts for it.
  int riser_capacity(const Board& board, const Gpu& g) const {
    if (!p_.straight_riser) return 0;
    bool frame = std::any_of(p_.chassis.begin(), p_.chassis.end(),
                             [&](const Chassis* ch) { return ch->airflow == "open_frame" && chassis_may_fit(*ch, board, g); });
    if (!frame) return 0;
    return gpu_slots(board) * (p_.split_riser ? p_.split_riser->outputs : 1);
  }

  void try_config(const Gpu& g, int n, const Platform& pl, const ItemFits& fit, const Chosen& chosen, ItemResult& out) const {
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

  // One layout of the cards: bridges, then chassis and PSUs cheapest first, as the file's comment
  // says. Returns what the last failure blamed (Psu when a build was accepted or nothing ran).
  static Blame reject(ItemResult& out, const std::string& code, const std::string& example, Blame b = Blame::Platform) {
    out.reject(code, example);
    return b;
  }

  // Supplies of one model a build takes: one, except in an open frame, which holds as many ATX
  // units as the load needs (PWR010 warns how to cable them), up to kMaxOpenFramePsus.
  int psu_count_for(const Chassis& ch, const Psu& psu, double sustained) const {
    if (ch.airflow != "open_frame" || psu.form_factor != "atx") return 1;
    double w = psu.watts_at(volts_);
    int need = w > 0 ? static_cast<int>(std::ceil(sustained / w - 1e-9)) : 1;
    return std::clamp(need, 1, kMaxOpenFramePsus);
  }

  Blame try_layout(Build b, const Gpu& g, int n, const Platform& pl, const ItemFits& fit, bool on_risers, ItemResult& out) const {
    const Board& board = *pl.board;
    std::vector<const NvlinkBridge*> bridges;
    // Bridges join cards in pairs (slot order; NVL002, NVL003): an even count of bridge-capable
    // cards is a pairwise layout of n/2 bridges, each spanning its pair's slot distance. More
    // cards than one NVLink domain joins make separate NVLink islands (NVL002 warns; traffic
    // between the pairs crosses PCIe), which is what a builder of four bridged A6000s has.
    bool nv = g.nvlink && g.nvlink->via == "bridge" && n >= 2 && n % 2 == 0;
    if (r_.nvlink == "required") {
      if (!nv)
        return reject(out, "NVLINK",
                      n < 2 ? fmt::format("{}: one card, nothing to bridge", label(g, n, pl))
                            : fmt::format("{}: bridges join cards in pairs; an odd count leaves a card unbridged", label(g, n, pl)));
      if (on_risers) return reject(out, "NVLINK", fmt::format("{}: cards on riser cables are not bridged", label(g, n, pl)));
      bridges = bridges_for(p_, g);
      if (bridges.empty()) return reject(out, "NVLINK", fmt::format("{}: no bridge for this card in the catalog", label(g, n, pl)));
    } else if (r_.nvlink == "wanted" && nv && !on_risers) {
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
        for (const Psu* psu : pl.barebone ? std::vector<const Psu*>{pl.barebone->psu} : p_.psus) {
          int count = pl.barebone ? pl.barebone->barebone->psu_count : psu_count_for(*ch, *psu, sustained);
          int carrying = pl.barebone ? pl.barebone->barebone->psu_carrying() : count;
          if (!pl.barebone && !psu_fits(*ch, *psu)) continue;
          if (psu->watts_at(volts_) * carrying < sustained || dominated(*psu, failed_psus)) continue;
          b.psu = psu;
          b.psu_count = count;
          tried = true;
          Attempt a = evaluate(b, out);
          if (a.verdict.sound) {
            if (!a.verdict.psu_warnings) return accept(std::move(a), fit, out), Blame::Psu;
            failed_psus.push_back(psu);  // no PSU that is no better will clear the warning
            // Of PSUs that all leave a warning, keep the one with the fewest warnings (the
            // smallest of equals): the score counts every warning.
            if (!fallback || a.result.count(Severity::Warning) < fallback->result.count(Severity::Warning))
              fallback = std::move(a);
            continue;
          }
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

 private:
  std::string label(const Gpu& g, int n, const Platform& pl) const {
    return fmt::format("{} x {}, {} on {}", n, g.id, pl.cpu->id, pl.board->id);
  }

  // A PSU no better than one that already failed on power or cables, in every respect those rules
  // read (rating here, cables, ATX 3.x excursions, efficiency), fails too: skip it.
  bool dominated(const Psu& p, const std::vector<const Psu*>& failed) const {
    auto atx3 = [](const Psu& x) { return x.atx_version == "3.0" || x.atx_version == "3.1"; };
    return std::any_of(failed.begin(), failed.end(), [&](const Psu* f) {
      return p.watts_at(volts_) <= f->watts_at(volts_) && p.connectors.no_more_than(f->connectors) &&
             atx3(p) <= atx3(*f) && psu_efficiency(p.efficiency) <= psu_efficiency(f->efficiency);
    });
  }
  // Likewise a chassis no larger than one that failed on fit, with no board form factor the failed
  // one lacked.
  bool dominated(const Chassis& c, const std::vector<const Chassis*>& failed) const {
    auto len = [](double v) { return v > 0 ? v : 1e9; };  // 0 = not stated: no limit checked
    return std::any_of(failed.begin(), failed.end(), [&](const Chassis* f) {
      bool forms = std::all_of(c.form_factors.begin(), c.form_factors.end(),
                               [&](const std::string& ff) { return chassis_mounts(*f, ff); });
      return forms && c.expansion_slots <= f->expansion_slots && len(c.max_gpu_length_mm) <= len(f->max_gpu_length_mm) &&
             len(c.max_cpu_cooler_height_mm) <= len(f->max_cpu_cooler_height_mm) &&
             len(c.max_card_height_mm) <= len(f->max_card_height_mm) && c.airflow == f->airflow &&
             len(c.passive_gpu_max_w.value_or(0)) <= len(f->passive_gpu_max_w.value_or(0));
    });
  }

  // Chassis to try for this card: cheapest first, but fan-cooled cards (open-air, flow-through,
  // blower) in towers before rack chassis — consumer cards often do not fit server chassis (their
  // power plugs and height; Dive into Deep Learning, 'Selecting servers and GPUs') — and passive cards only where air is forced (THM002).
  std::vector<const Chassis*> chassis_order(const Gpu& g) const {
    std::vector<const Chassis*> v = p_.chassis;
    if (g.cooler != "passive")
      std::stable_partition(v.begin(), v.end(), [](const Chassis* c) { return c->rack_units == 0; });
    return v;
  }

  Attempt evaluate(const Build& b, ItemResult& out) const {
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

  // The highest power limit that makes the build sound with the largest PSU the chassis takes
  // that can power it at all (a larger one without the cables the cards need, such as a server
  // module, is passed over), then the cheapest PSU that is sound at that limit.
  std::optional<Attempt> limit_power(Build b, const Chassis& ch, const Gpu& g, double sustained, const Pools::Unit* unit,
                                     ItemResult& out, Attempt& last) const {
    b.chassis = &ch;
    std::vector<const Psu*> psus;
    if (unit) psus.push_back(unit->psu);
    else
      for (const Psu* p : p_.psus)
        if (psu_fits(ch, *p)) psus.push_back(p);
    auto count_for = [&](const Psu& p) { return unit ? unit->barebone->psu_count : psu_count_for(ch, p, sustained); };
    if (psus.empty()) return std::nullopt;
    auto step = [](double w) { return std::floor(w / rules::kLimitStepW); };
    // Never below the card's own minimum (nvidia-smi -pl refuses it; PWR007).
    double floor_w = std::max(g.tdp_w * r_.tuning.min_power_limit_share, g.power_limits.min_w.value_or(0));
    long lo = static_cast<long>(std::ceil(floor_w / rules::kLimitStepW));
    long hi = static_cast<long>(step(g.tdp_w)) - 1;
    if (lo > hi) return std::nullopt;
    auto at = [&](long k) {
      for (auto& e : b.gpus) e.power_limit_w = k * rules::kLimitStepW;
      return evaluate(b, out);
    };
    std::optional<Attempt> low;
    std::vector<const Psu*> failed;
    for (auto it = psus.rbegin(); it != psus.rend(); ++it) {
      if (dominated(**it, failed)) continue;
      b.psu = *it;
      b.psu_count = count_for(**it);
      low = at(lo);
      if (low->verdict.sound) break;
      if (low->verdict.blame != Blame::Psu) break;  // something other than the PSU stands in the way
      failed.push_back(*it);
    }
    if (!low || !low->verdict.sound) {
      if (low) last = std::move(*low);
      return std::nullopt;
    }
    while (lo < hi) {  // invariant: sound at lo
      long mid = lo + (hi - lo + 1) / 2;
      if (at(mid).verdict.sound) lo = mid;
      else hi = mid - 1;
    }
    for (auto& e : b.gpus) e.power_limit_w = lo * rules::kLimitStepW;
    std::optional<Attempt> chosen;
    for (const Psu* p : psus) {
      b.psu = p;
      b.psu_count = count_for(*p);
      Attempt a = evaluate(b, out);
      if (!a.verdict.sound) continue;
      bool best_psu = !a.verdict.psu_warnings;
      if (best_psu || !chosen) chosen = std::move(a);
      if (best_psu) break;
    }
    if (!chosen) return chosen;
    // The largest PSU set that limit; the chosen one may carry more (PWR002: ATX 2.x an error,
    // an unstated version a warning), so take the highest step sound with the chosen one.
    b.psu = chosen->build.psu;
    b.psu_count = chosen->build.psu_count;
    long top = static_cast<long>(step(g.tdp_w)) - 1, best = lo;
    while (best < top) {  // invariant: sound at best
      long mid = best + (top - best + 1) / 2;
      if (at(mid).verdict.sound) best = mid;
      else top = mid - 1;
    }
    if (best == lo) return chosen;
    return at(best);
  }

  void accept(Attempt a, const ItemFits& fits, ItemResult& out) const {
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

  const PlanRequest& r_;
  const Pools& p_;
  const std::vector<Platform>& platforms_;
  double volts_;
};

}  // namespace


PlanResult plan(const PlanRequest& r, const Catalog& c) {
  auto t0 = std::chrono::steady_clock::now();
  Pools pools = make_pools(r, c);
  Platforms found = platforms_of(pools, r);
  const std::vector<Platform>& platforms = found.pairs;
  check_plan_size(pools.gpus.size(), found.pair_counts, platforms.size());
  struct Item {
    const Gpu* g;
    int n;
    ItemFits fits;
    double perf_ub = 0;
  };
  std::vector<Item> items;
  for (const Gpu* g : pools.gpus)
    for (int n = r.gpus_min; n <= r.gpus_max; ++n) items.push_back({g, n, {}, 0});
  std::vector<ItemResult> results(items.size());
  Search search(r, pools, platforms);
  std::vector<double> denominators = r.workload ? std::vector<double>{} : reference_denominators(r, c);

  // Every configuration that passes the checks needing no rule run, with its coarse bound.
  std::vector<Config> configs;
  for (std::size_t i = 0; i < items.size(); ++i) {
    Item& it = items[i];
    it.fits = fit_item(r, *it.g, it.n, denominators);
    if (!search.prepare_item(*it.g, it.n, it.fits, results[i])) continue;
    it.perf_ub = performance_bound(r, *it.g, it.n, it.fits);
    for (std::size_t k = 0; k < platforms.size(); ++k) {
      const Platform& pl = platforms[k];
      if (!search.config_possible(*it.g, it.n, pl, results[i])) continue;
      CostFloor f = platform_cost_floor(*it.g, it.n, *pl.cpu, pl.cpu_count, bought(pl));
      configs.push_back({i, k, make_bound(r, it.perf_ub, f.usd, f.complete, 0)});
    }
  }
  std::sort(configs.begin(), configs.end(), [&](const Config& a, const Config& b) { return bound_before(a, b, r.objective); });

  // Best bound first; a configuration that can no longer enter the answer is skipped, first on
  // its coarse bound, then on the tight one (the chosen memory, cooler and drive, the cheapest
  // chassis and PSU, the wall power).
  Leaders leaders(r, results);
  long long bounded = 0, ran = 0;
  for (const Config& cf : configs) {
    const Item& it = items[cf.item];
    const Platform& pl = platforms[cf.platform];
    if (!r.exhaustive && !leaders.may_enter(cf.item, cf.bound, pl.board->id, pl.cpu->id)) {
      ++bounded;
      continue;
    }
    const Fit* fit = it.fits.workload ? &*it.fits.workload : nullptr;
    auto chosen = search.choose(*it.g, it.n, pl, fit);
    if (!r.exhaustive && !leaders.may_enter(cf.item, search.tight_bound(*it.g, it.n, pl, chosen, it.perf_ub), pl.board->id,
                                            pl.cpu->id)) {
      ++bounded;
      continue;
    }
    ++ran;
    std::size_t before = results[cf.item].builds.size();
    search.try_config(*it.g, it.n, pl, it.fits, chosen, results[cf.item]);
    if (results[cf.item].builds.size() != before) leaders.update(cf.item);
  }

  PlanResult out = merge_results(r, pools, std::move(results));
  out.comparison = compare_top(out.builds, r);
  long long per_config = static_cast<long long>(std::max<std::size_t>(1, pools.chassis.size())) *
                         static_cast<long long>(std::max<std::size_t>(1, pools.psus.size()));
  long long combos = static_cast<long long>(pools.gpus.size()) * (r.gpus_max - r.gpus_min + 1);
  out.stats.candidates += combos * (found.mismatched + found.dominated) * per_config;  // sockets that differ; CPUs no better
  out.stats.pruned = out.stats.candidates - out.stats.evaluated;
  out.stats.bounded = bounded;
  if (std::getenv("RIGPLAN_DEBUG_PLAN"))
    fmt::print(stderr, "pairs {} dominated {} items {} configs {} ran {} bounded {}\n", platforms.size(), found.dominated,
               items.size(), configs.size(), ran, bounded);
  out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace rigplan

// Part pools and per-candidate choices (see choose.hpp).
#include "planner/choose.hpp"
#include "builds/generic_parts.hpp"

#include "planner/market_filter.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <tuple>
#include <nlohmann/json.hpp>

namespace rigplan::planner {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Parts of kind T the request allows: excluded ids dropped; when the request includes parts of
// this kind, only those.
template <class T>
std::vector<const T*> allowed(const PlanRequest& r, const Catalog& c) {
  std::vector<const T*> inc, all;
  for (const auto& p : c.all<T>()) {
    if (contains(r.exclude, p.id)) continue;
    all.push_back(&p);
    if (contains(r.include, p.id)) inc.push_back(&p);
  }
  return inc.empty() ? all : inc;
}

// allowed<T>, less the parts the request's market leaves out (counted in `dropped`).
template <class T>
std::vector<const T*> buyable(const PlanRequest& r, const Catalog& c, const MarketFilter& m, long long& dropped) {
  std::vector<const T*> out;
  for (const T* p : allowed<T>(r, c)) {
    if (!contains(r.include, p->id) && !m.why_not(*p, false).empty()) {
      ++dropped;
      continue;
    }
    out.push_back(p);
  }
  return out;
}

// Whether the request's `include` names a part of kind T (then only those are allowed).
template <class T>
bool contains_kind(const PlanRequest& r, const Catalog& c) {
  return std::any_of(r.include.begin(), r.include.end(), [&](const std::string& id) { return c.find<T>(id) != nullptr; });
}

template <class T>
void sort_by_price(std::vector<const T*>& v) {
  std::stable_sort(v.begin(), v.end(), [](const T* a, const T* b) {
    double pa = order_price(*a), pb = order_price(*b);
    return pa != pb ? pa < pb : a->id < b->id;
  });
}

// Module kinds both the board and the CPU take (an empty list on either side means "not stated").
bool dimm_kind_ok(const Memory& m, const Board& b, const Cpu& cpu) {
  if (!b.dimm_types.empty() && !contains(b.dimm_types, m.module)) return false;
  if (!cpu.dimm_types.empty() && !contains(cpu.dimm_types, m.module)) return false;
  return true;
}

}  // namespace

std::string family_key(std::string name) {
  for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return name;
}

std::vector<std::string> gpu_families(const Gpu& g) {
  std::vector<std::string> out;
  for (const auto& f : {family_key(g.architecture), family_key(g.vendor)})
    if (!f.empty()) out.push_back(f);
  return out;
}

double order_price(const PartBase& p) {
  return p.price_usd ? *p.price_usd : std::numeric_limits<double>::max();
}

Pools make_pools(const PlanRequest& r, const Catalog& c) {
  Pools p;
  MarketFilter market(r, c);
  for (const Gpu* g : allowed<Gpu>(r, c)) {
    if (!r.gpu_ids.empty() && !contains(r.gpu_ids, g->id)) continue;  // not asked for: not a rejection
    if (!r.families.empty()) {
      auto fams = gpu_families(*g);
      if (std::none_of(fams.begin(), fams.end(), [&](const std::string& f) { return contains(r.families, f); })) continue;
    }
    if (g->form_factor != "pcie") {
      p.dropped_gpus.emplace_back("MODULE", g->id + " is an " + g->form_factor +
                                                " module: it comes only in whole servers (see `rigplan catalog list --kind node`)");
      continue;
    }
    // A GPU the request names (--gpu, --include) is taken whatever its market status.
    bool named = contains(r.gpu_ids, g->id) || contains(r.include, g->id);
    if (std::string why = named ? "" : market.why_not(*g, true); !why.empty()) {
      p.dropped_gpus.emplace_back("MARKET", why);
      continue;
    }
    if (g->memory_gib < r.min_gpu_memory_gib) {
      p.dropped_gpus.emplace_back("GPU_MEMORY", g->id + " has " + std::to_string(static_cast<int>(g->memory_gib)) +
                                                    " GiB, below the minimum per GPU");
      continue;
    }
    if (r.nvlink == NvlinkPolicy::Required && !(g->nvlink && g->nvlink->via == "bridge")) {
      p.dropped_gpus.emplace_back("NVLINK", g->id + " has no NVLink bridge");
      continue;
    }
    p.gpus.push_back(g);
  }
  std::sort(p.gpus.begin(), p.gpus.end(), [](const Gpu* a, const Gpu* b) { return a->id < b->id; });
  p.cpus = buyable<Cpu>(r, c, market, p.market_dropped);
  sort_by_price(p.cpus);
  // A barebone's board, chassis and PSU modules are bought with it: the search does not pair them
  // with other parts. A barebone the request excludes, or whose parts it excludes, is left out.
  // A barebone the request includes is the platform: only it (or they) and no loose board.
  std::vector<std::string> inside;  // parts named by a barebone and sold without a price of their own
  bool chosen_unit = contains_kind<Barebone>(r, c);
  for (const Barebone& bb : c.all<Barebone>()) {
    for (const std::string& id : {bb.board, bb.chassis, bb.psu})
      if (c.raw(id).contains("no_price")) inside.push_back(id);
    if (chosen_unit && !contains(r.include, bb.id)) continue;
    if (contains(r.exclude, bb.id) || contains(r.exclude, bb.board) || r.form == ChassisForm::Tower) continue;
    if (!chosen_unit && !market.why_not(bb, false).empty()) {
      ++p.market_dropped;
      continue;
    }
    const Board* b = c.find<Board>(bb.board);
    const Chassis* ch = c.find<Chassis>(bb.chassis);
    const Psu* ps = c.find<Psu>(bb.psu);
    if (b && ch && ps && (!contains_kind<Board>(r, c) || contains(r.include, b->id))) p.barebones.push_back({&bb, b, ch, ps});
  }
  std::sort(p.barebones.begin(), p.barebones.end(), [](auto& a, auto& b) { return a.barebone->id < b.barebone->id; });
  p.boards.clear();
  for (const Board* b : buyable<Board>(r, c, market, p.market_dropped))
    if (!contains(inside, b->id) && !chosen_unit) p.boards.push_back(b);
  std::sort(p.boards.begin(), p.boards.end(), [](const Board* a, const Board* b) { return a->id < b->id; });
  p.memory = buyable<Memory>(r, c, market, p.market_dropped);
  sort_by_price(p.memory);
  for (const Chassis* ch : buyable<Chassis>(r, c, market, p.market_dropped)) {
    if (contains(inside, ch->id)) continue;
    if (is_generic_stand_in(ch->id)) continue;  // what check --partial assumes, not a case to buy
    if (r.form == ChassisForm::Tower && (ch->rack_units > 0 || ch->airflow == "open_frame")) continue;
    if (r.form == ChassisForm::Rack && ch->rack_units == 0) continue;
    p.chassis.push_back(ch);
  }
  std::stable_sort(p.chassis.begin(), p.chassis.end(), [](const Chassis* a, const Chassis* b) {
    double pa = order_price(*a), pb = order_price(*b);
    if (pa != pb) return pa < pb;
    if (a->expansion_slots != b->expansion_slots) return a->expansion_slots < b->expansion_slots;
    return a->id < b->id;
  });
  for (const Psu* ps : buyable<Psu>(r, c, market, p.market_dropped))
    if (!contains(inside, ps->id)) p.psus.push_back(ps);
  double volts = r.outlet ? r.outlet->volts : 230;
  std::stable_sort(p.psus.begin(), p.psus.end(), [volts](const Psu* a, const Psu* b) {
    if (a->watts_at(volts) != b->watts_at(volts)) return a->watts_at(volts) < b->watts_at(volts);
    double pa = order_price(*a), pb = order_price(*b);
    return pa != pb ? pa < pb : a->id < b->id;
  });
  p.coolers = buyable<Cooler>(r, c, market, p.market_dropped);
  sort_by_price(p.coolers);
  p.storage = buyable<Storage>(r, c, market, p.market_dropped);
  sort_by_price(p.storage);
  p.bridges = buyable<NvlinkBridge>(r, c, market, p.market_dropped);
  std::sort(p.bridges.begin(), p.bridges.end(), [](auto* a, auto* b) {
    return a->slot_spacing != b->slot_spacing ? a->slot_spacing < b->slot_spacing : a->id < b->id;
  });
  // Risers: the highest generation first (RSR001 warns below the card's), then shielded, the
  // cheapest, the id. Powered risers and x1 mining risers are left to hand-made builds.
  for (const Riser* rs : allowed<Riser>(r, c)) {
    if (rs->host_connector != 16 || rs->power != "none") continue;
    auto key = [](const Riser* x) { return std::make_tuple(-x->gen, !x->shielded, order_price(*x), x->id); };
    if (rs->outputs == 1 && rs->lanes == 16) {
      if (!p.straight_riser || key(rs) < key(p.straight_riser)) p.straight_riser = rs;
    } else if (rs->outputs == 2) {
      if (!p.split_riser || key(rs) < key(p.split_riser)) p.split_riser = rs;
    }
  }
  return p;
}

std::vector<Counted<Memory>> choose_memory(const Pools& p, const Board& b, const Cpu& cpu, int cpu_count,
                                           double target_gib) {
  int slots = b.memory_slots;
  int channels = std::max(1, cpu.memory_channels * cpu_count);
  int step = std::max(1, std::min(channels, slots));  // populate every channel alike
  double max_gib = cpu.memory_max_gib > 0 ? cpu.memory_max_gib * cpu_count : std::numeric_limits<double>::max();
  if (b.memory_max_gib > 0) max_gib = std::min(max_gib, b.memory_max_gib);
  const Memory* best = nullptr;
  int best_n = 0;
  const Memory* big = nullptr;  // largest reachable set, when nothing reaches the target
  int big_n = 0;
  auto cost = [](const Memory* m, int n) { return m->price_usd ? *m->price_usd * n : std::numeric_limits<double>::max(); };
  for (const Memory* m : p.memory) {
    if (m->type != b.memory_type || !dimm_kind_ok(*m, b, cpu)) continue;
    for (int n = step; n <= slots; n += step) {
      double total = m->capacity_gib * n;
      if (total > max_gib) break;
      if (!big || total > big->capacity_gib * big_n) big = m, big_n = n;
      if (total + 1e-9 < target_gib) continue;
      bool better = !best;
      if (best) {
        double cb = cost(best, best_n), cm = cost(m, n);
        double tb = best->capacity_gib * best_n;
        better = cm != cb ? cm < cb : total != tb ? total < tb : n != best_n ? n < best_n : m->id < best->id;
      }
      if (better) best = m, best_n = n;
      break;  // more modules of this type only cost more
    }
  }
  if (!best) best = big, best_n = big_n;
  if (!best) return {};
  return {Counted<Memory>{best, best_n}};
}

const Cooler* choose_cooler(const Pools& p, const Cpu& cpu) {
  for (const Cooler* c : p.coolers)
    if (contains(c->sockets, cpu.socket)) return c;
  return nullptr;
}

const Storage* choose_storage(const Pools& p) {
  // A drive whose power is stated first: one with unknown power turns the build's power totals
  // into lower bounds, which a few dollars saved do not justify.
  for (bool need_power : {true, false})
    for (const Storage* s : p.storage)
      if (s->capacity_gb >= kMinStorageGb && s->form_factor.rfind("m.2", 0) == 0 && (s->power_w || !need_power))
        return s;
  const Storage* largest = nullptr;
  for (const Storage* s : p.storage)
    if (!largest || s->capacity_gb > largest->capacity_gb) largest = s;
  return largest;
}

std::vector<const NvlinkBridge*> bridges_for(const Pools& p, const Gpu& g) {
  std::vector<const NvlinkBridge*> out;
  for (const NvlinkBridge* b : p.bridges)
    if (contains(b->gpus, g.id)) out.push_back(b);
  return out;
}

bool chassis_may_fit(const Chassis& ch, const Board& b, const Gpu& g) {
  if (!ch.form_factors.empty() && !chassis_mounts(ch, b.form_factor)) return false;  // FIT004
  if (ch.max_gpu_length_mm > 0 && g.length_mm > ch.max_gpu_length_mm) return false;         // FIT001
  if (g.cooler == "passive" && ch.airflow != "server") return false;                        // THM002
  return true;
}

bool psu_fits(const Chassis& ch, const Psu& psu) {
  return ch.psu_form_factors.empty() || contains(ch.psu_form_factors, psu.form_factor);
}

}  // namespace rigplan::planner

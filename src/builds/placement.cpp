// Card placement (see include/rigplan/placement.hpp).
//
// The search is exhaustive but small: cards of one build entry are interchangeable, so each
// entry's cards take slots in increasing position order (combinations, not permutations), and a
// card is left out only when the ones after it in its entry are too. Boards have at most a dozen
// slots, so even eight cards give at most a few thousand assignments. Each complete assignment
// is scored lexicographically (placed GPUs, placed NICs, then by bandwidth need across all
// placed cards: the largest share of its need any card loses, then the GB/s all of them lose
// together; then narrowest GPU link, total GPU lanes, cards on CPU lanes, bridge spacing met, free
// slots beside thick cards, the lowest positions) and the best is kept; ties keep the first
// found, so the result is deterministic. A card's need is what its own link carries (a NIC's: no
// more than its ports' line rate), so a 400 Gb/s NIC takes a CPU x8 slot (keeping 63 % of its
// need) over a chipset x2 one (8 %) even though the GPU then runs x8 (50 %), while a 10 GbE card
// that a chipset slot carries in full stays there (issue 20).
#include "rigplan/placement.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace rigplan {

// PCIe graphics cards use the x16 edge connector of the PCI Express CEM specification's
// graphics form factor, also when fewer lanes are wired (x8 and x4 GPUs keep the x16 edge).
constexpr int kGpuEdgeLanes = 16;

double pcie_gb_s_per_lane(int gen) {
  switch (gen) {
    case 1: return 0.25;
    case 2: return 0.5;
    case 3: return 8.0 * 128 / 130 / 8;
    case 4: return 16.0 * 128 / 130 / 8;
    case 5: return 32.0 * 128 / 130 / 8;
    case 6: return 64.0 * 242 / 256 / 8;
    default: return 0;
  }
}

namespace {

struct Card {
  bool is_gpu;
  int entry;
  std::string part;
  int width;        // openings covered
  int lanes;        // the card's own link width
  int gen;
  std::string fixed;  // user slot, "" = automatic
  const Riser* riser = nullptr;  // the card sits on this riser: its plug goes in the slot, the card elsewhere
  double need_gb_s = 0;          // bandwidth per direction the card can use
};

// The lanes a card gets in a slot of slot_lanes lanes: a bifurcation riser splits the slot's lanes
// among its outputs, and no output is wider than the riser carries.
int card_lanes(const Card& c, int slot_lanes) {
  int lanes = std::min(c.lanes, slot_lanes);
  if (const Riser* r = c.riser; r && r->bifurcates()) lanes = std::min({lanes, slot_lanes / r->outputs, r->lanes});
  return lanes;
}

// placed GPUs, placed NICs, -(largest share of its need a card loses, per mille), -(GB/s lost,
// in MB/s), narrowest GPU link, GPU lanes, cards on CPU lanes, bridge pairs spaced right, free
// openings below cards, -(sum of positions)
using Score = std::tuple<int, int, long long, long long, int, int, int, int, int, int>;

struct SlotSearch {
  const Build& b;
  std::vector<Card> cards;
  std::vector<const BoardSlot*> slots;  // sorted by position
  std::vector<std::string> m2_used;
  std::vector<int> assign, best;         // slot index per card, -1 = none
  Score best_score{-1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
  bool found = false;

  int slot_lanes(int si, const std::set<std::string>& used) const {
    const BoardSlot& s = *slots[si];
    int lanes = s.lanes;
    for (const auto& rule : b.board->sharing) {
      if (rule.slot != s.name) continue;
      bool all = std::all_of(rule.when.begin(), rule.when.end(), [&](const std::string& n) { return used.count(n); });
      if (all) lanes = std::min(lanes, rule.lanes);
    }
    return lanes;
  }

  std::set<std::string> used_names(const std::vector<int>& a) const {
    std::set<std::string> used(m2_used.begin(), m2_used.end());
    for (int si : a)
      if (si >= 0) used.insert(slots[si]->name);
    return used;
  }

  bool fits(std::size_t ci, int si) const {
    const Card& c = cards[ci];
    const BoardSlot& s = *slots[si];
    // The card's edge must fit the slot: a graphics card's edge is x16 whatever its wired lanes
    // (an RTX 5060 Ti wires x8 on an x16 edge), so it needs an x16-long slot; other cards' edges
    // are their lanes. Board entries state closed slots' lengths (an open-ended slot is not modelled).
    int edge = c.riser ? c.riser->host_connector : c.is_gpu ? kGpuEdgeLanes : c.lanes;
    if (s.physical < edge) return false;
    // A bifurcation riser needs the slot to offer its split, where the board entry says which it offers.
    bool splits = c.riser && c.riser->bifurcates();
    if (splits && s.bifurcation_stated() && !s.offers(c.riser->bifurcation_mode())) return false;
    int lo = s.position, hi = s.position + c.width - 1;
    int sharing = 0;  // cards of the same bifurcation riser entry already in this slot
    for (std::size_t k = 0; k < ci; ++k) {
      if (assign[k] < 0) continue;
      if (assign[k] == si) {
        if (splits && cards[k].entry == c.entry && cards[k].is_gpu == c.is_gpu && ++sharing < c.riser->outputs) continue;
        return false;
      }
      int p = slots[assign[k]]->position, q = p + cards[k].width - 1;
      if (!(hi < p || q < lo)) return false;  // overlapping openings
    }
    return true;
  }

  void score() {
    auto used = used_names(assign);
    int gpus = 0, nics = 0, min_lanes = 99, sum_lanes = 0, on_cpu = 0, gaps = 0, positions = 0;
    double lost = 0, worst = 0;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (assign[i] < 0) continue;
      const BoardSlot& s = *slots[assign[i]];
      const Card& c = cards[i];
      int lanes = card_lanes(c, slot_lanes(assign[i], used));
      if (lanes == 0) return;  // a disabled slot is no place for a card
      int gen = std::min(c.gen, s.gen);
      if (b.cpu && s.source != "chipset") gen = std::min(gen, b.cpu->pcie_gen);
      if (c.riser) {
        lanes = std::min(lanes, c.riser->lanes);
        gen = std::min(gen, c.riser->gen);
      }
      double short_by = std::max(0.0, c.need_gb_s - lanes * pcie_gb_s_per_lane(gen));
      lost += short_by;
      if (c.need_gb_s > 0) worst = std::max(worst, short_by / c.need_gb_s);
      positions += s.position;
      on_cpu += s.source != "chipset";
      if (!c.is_gpu) {
        ++nics;
        continue;
      }
      ++gpus;
      min_lanes = std::min(min_lanes, lanes);
      sum_lanes += lanes;
      // A free opening right below a card lets its fans breathe.
      int below = s.position + cards[i].width;
      bool taken = false;
      for (std::size_t k = 0; k < cards.size(); ++k)
        if (assign[k] >= 0 && slots[assign[k]]->position == below) taken = true;
      gaps += !taken;
    }
    if (gpus == 0) min_lanes = 0;
    int bridge_ok = 0;
    if (b.bridge) {
      std::vector<int> pos;
      for (std::size_t i = 0; i < cards.size(); ++i)
        if (cards[i].is_gpu && assign[i] >= 0) pos.push_back(slots[assign[i]]->position);
      std::sort(pos.begin(), pos.end());
      std::vector<int> gaps;
      for (std::size_t i = 0; i + 1 < pos.size(); i += 2) gaps.push_back(pos[i + 1] - pos[i]);
      auto bridge_of = b.bridges_for_gaps(gaps);  // several bridge models: each pair the one that spans it
      for (std::size_t k = 0; k < gaps.size(); ++k) bridge_ok += bridge_of[k] && gaps[k] == bridge_of[k]->slot_spacing;
    }
    Score s{gpus, nics, -std::llround(worst * 1000), -std::llround(lost * 1000), min_lanes, sum_lanes, on_cpu, bridge_ok, gaps,
            -positions};
    if (!found || s > best_score) {
      found = true;
      best_score = s;
      best = assign;
    }
  }

  // Cards at or after ci, by kind: the most GPUs and NICs the rest of the search could still place.
  std::vector<int> gpus_from{}, nics_from{};
  std::uint64_t steps = 0;
  bool truncated = false;

  void run(std::size_t ci, int gpus_placed = 0, int nics_placed = 0) {
    // Branch and bound on the score's first two keys (exact: a branch that cannot place as many
    // GPUs, then NICs, as the best so far cannot beat it), and a step budget (the rest of the
    // search is given up, and the result says so).
    if (truncated) return;
    if (++steps > kMaxPlacementSteps) {
      truncated = true;
      return;
    }
    int max_gpus = gpus_placed + gpus_from[ci], max_nics = nics_placed + nics_from[ci];
    if (max_gpus < std::get<0>(best_score) || (max_gpus == std::get<0>(best_score) && max_nics < std::get<1>(best_score)))
      return;
    if (ci == cards.size()) {
      score();
      return;
    }
    const Card& c = cards[ci];
    auto next = [&](bool placed) {
      run(ci + 1, gpus_placed + (placed && c.is_gpu), nics_placed + (placed && !c.is_gpu));
    };
    if (!c.fixed.empty()) {
      for (std::size_t si = 0; si < slots.size(); ++si)
        if (slots[si]->name == c.fixed) assign[ci] = static_cast<int>(si);
      next(assign[ci] >= 0);
      return;
    }
    // Cards that are alike (same part, no slot given) are interchangeable, within an entry and
    // across entries: they take slots in increasing position order.
    bool prev_same = ci > 0 && cards[ci - 1].is_gpu == c.is_gpu && cards[ci - 1].part == c.part &&
                     cards[ci - 1].riser == c.riser && cards[ci - 1].fixed.empty();
    int min_pos = 0;
    if (prev_same) {
      if (assign[ci - 1] < 0) {  // the rest of the entry stays out too
        assign[ci] = -1;
        next(false);
        return;
      }
      // Cards of one bifurcation riser may share the previous card's slot.
      min_pos = slots[assign[ci - 1]]->position + (c.riser && c.riser->bifurcates() ? 0 : 1);
    }
    for (std::size_t si = 0; si < slots.size(); ++si) {
      if (slots[si]->position < min_pos || !fits(ci, static_cast<int>(si))) continue;
      assign[ci] = static_cast<int>(si);
      next(true);
    }
    assign[ci] = -1;
    next(false);
  }
};

// A card with no slot yet (every other field at its default).
PlacedCard unplaced(const Card& c) {
  PlacedCard p;
  p.is_gpu = c.is_gpu;
  p.entry = c.entry;
  p.part = c.part;
  return p;
}

}  // namespace

Placement place_cards(const Build& b) {
  Placement out;
  std::vector<Card> cards;
  bool all_fixed = true;
  for (std::size_t e = 0; e < b.gpus.size(); ++e) {
    const auto& g = b.gpus[e];
    // A card on a riser covers only the slot its riser's plug takes.
    int width = g.part->form_factor == "pcie" && !g.riser ? static_cast<int>(std::ceil(g.part->slot_width - 1e-9)) : 1;
    for (int k = 0; k < g.count; ++k) {
      std::string fixed = k < static_cast<int>(g.slots.size()) ? g.slots[k] : "";
      all_fixed = all_fixed && !fixed.empty();
      cards.push_back({true, static_cast<int>(e), g.part->id, std::max(1, width), g.part->pcie.lanes, g.part->pcie.gen, fixed,
                       g.riser, g.part->pcie.lanes * pcie_gb_s_per_lane(g.part->pcie.gen)});
    }
  }
  for (std::size_t e = 0; e < b.nics.size(); ++e) {
    const auto& n = b.nics[e];
    if (!n.part->takes_pcie_slot()) continue;  // an OCP mezzanine card (NET002)
    for (int k = 0; k < n.count; ++k) {
      std::string fixed = k < static_cast<int>(n.slots.size()) ? n.slots[k] : "";
      all_fixed = all_fixed && !fixed.empty();
      double link = n.part->pcie.lanes * pcie_gb_s_per_lane(n.part->pcie.gen);
      double line = n.part->ports * n.part->speed_gbps / 8;  // Gb/s to GB/s
      cards.push_back({false, static_cast<int>(e), n.part->id, 1, n.part->pcie.lanes, n.part->pcie.gen, fixed, nullptr,
                       line > 0 ? std::min(link, line) : link});
    }
  }
  out.automatic = !all_fixed || cards.empty();
  if (!b.board) {
    for (const auto& c : cards) out.cards.push_back(unplaced(c));
    return out;
  }
  // Search alike cards next to each other (stable, so a build whose alike cards are already
  // together is searched in build order), then map the result back.
  std::vector<std::size_t> order(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) order[i] = i;
  auto group = [&](std::size_t i) {
    for (std::size_t k = 0; k < i; ++k)
      if (cards[k].is_gpu == cards[i].is_gpu && cards[k].part == cards[i].part && cards[k].riser == cards[i].riser) return k;
    return i;
  };
  std::vector<std::size_t> first(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) first[i] = group(i);
  // Cards the build pins to a slot go first: the search checks each card against the ones before
  // it, so an automatic GPU searched before a pinned NIC could take the NIC's slot (issue 29).
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    bool fx = !cards[x].fixed.empty(), fy = !cards[y].fixed.empty();
    if (fx != fy) return fx;
    return first[x] < first[y];
  });
  std::vector<Card> searched;
  for (std::size_t i : order) searched.push_back(cards[i]);
  SlotSearch s{b, searched, {}, {}, {}, {}};
  s.gpus_from.assign(searched.size() + 1, 0);
  s.nics_from.assign(searched.size() + 1, 0);
  for (std::size_t i = searched.size(); i-- > 0;) {
    s.gpus_from[i] = s.gpus_from[i + 1] + searched[i].is_gpu;
    s.nics_from[i] = s.nics_from[i + 1] + !searched[i].is_gpu;
  }
  for (const auto& slot : b.board->slots) s.slots.push_back(&slot);
  std::sort(s.slots.begin(), s.slots.end(), [](auto* x, auto* y) { return x->position < y->position; });
  int m2_drives = 0;
  for (const auto& st : b.storage)
    if (st.part->form_factor.rfind("m.2", 0) == 0) m2_drives += st.count;
  for (const auto& m2 : b.board->m2_slots)
    if (static_cast<int>(s.m2_used.size()) < m2_drives) s.m2_used.push_back(m2.name);
  out.m2_used = s.m2_used;
  s.assign.assign(cards.size(), -1);
  s.best.assign(cards.size(), -1);
  s.run(0);
  out.search_truncated = s.truncated;
  if (!s.found) {
    // Only possible when a fixed placement put a card in a disabled slot: keep the user's slots.
    s.best.assign(searched.size(), -1);
    for (std::size_t i = 0; i < searched.size(); ++i)
      for (std::size_t si = 0; si < s.slots.size(); ++si)
        if (s.slots[si]->name == searched[i].fixed) s.best[i] = static_cast<int>(si);
  }
  auto used = s.used_names(s.best);
  std::vector<int> best(cards.size(), -1);  // back in build order
  for (std::size_t k = 0; k < order.size(); ++k) best[order[k]] = s.best[k];
  s.best = best;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    PlacedCard p = unplaced(cards[i]);
    p.user_placed = !cards[i].fixed.empty();
    if (s.best[i] >= 0) {
      const BoardSlot& slot = *s.slots[s.best[i]];
      p.slot = slot.name;
      p.position = slot.position;
      p.covers_to = slot.position + cards[i].width - 1;
      p.slot_lanes = s.slot_lanes(s.best[i], used);
      p.lanes = std::min(cards[i].lanes, p.slot_lanes);  // card and slot alone
      p.gen = std::min(cards[i].gen, slot.gen);
      if (b.cpu && slot.source != "chipset") p.gen = std::min(p.gen, b.cpu->pcie_gen);
      p.source = slot.source;
      p.lanes_without_riser = p.lanes;
      p.gen_without_riser = p.gen;
      if (const Riser* r = cards[i].riser) {  // the link trains at the slowest and narrowest of the three
        p.riser = r->id;
        p.lanes = std::min(card_lanes(cards[i], p.slot_lanes), r->lanes);
        p.gen = std::min(p.gen, r->gen);
      }
      p.bandwidth_gb_s = p.lanes * pcie_gb_s_per_lane(p.gen);
    }
    out.cards.push_back(p);
  }
  return out;
}

}  // namespace rigplan

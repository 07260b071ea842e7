// A build's purchase price from catalog prices (see include/rigplan/tco.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "rigplan/tco.hpp"

namespace rigplan {

std::vector<Counted<PartBase>> purchased_parts(const Build& b) {
  std::vector<Counted<PartBase>> out;
  auto add = [&](const PartBase* p, int count) {
    if (p) out.push_back({p, count});
  };
  add(b.cpu, b.cpu_count);
  // A barebone is bought as one unit: its price stands for its board, chassis and PSU modules.
  add(b.barebone, 1);
  if (!b.barebone) add(b.board, 1);
  for (const auto& m : b.memory) add(m.part, m.count);
  for (const auto& g : b.gpus) {
    add(g.part, g.count);
    add(g.riser, g.count);  // every card of the entry sits on one
  }
  if (!b.barebone && !b.psu_groups.empty()) {
    // PSU groups: each group's units of its own model (they add up to psu_count).
    for (const auto& g : b.psu_groups) add(g.psu ? g.psu : b.psu, g.psus);
    add(b.chassis, 1);
  } else if (!b.barebone) {
    add(b.psu, b.psu_count);
    add(b.chassis, 1);
  }
  add(b.cooler, 1);
  for (const auto& s : b.storage) add(s.part, s.count);
  for (const auto& n : b.nics) add(n.part, n.count);
  for (const auto& e : b.bridge_models()) add(e.part, e.count);
  return out;
}

PurchaseCost build_cost(const Build& b) {
  PurchaseCost c;
  for (const auto& [p, count] : purchased_parts(b)) {
    if (p->price) {
      c.usd += p->price->usd * count;
      c.prices.add(*p->price);
    } else if (std::find(c.unpriced.begin(), c.unpriced.end(), p->id) == c.unpriced.end()) {
      c.unpriced.push_back(p->id);
      c.unpriced_parts.push_back(p);
    }
  }
  return c;
}

double build_purchase_usd(const Build& b, std::vector<std::string>& unpriced) {
  PurchaseCost c = build_cost(b);
  unpriced.insert(unpriced.end(), c.unpriced.begin(), c.unpriced.end());
  return c.usd;
}

std::string no_price_gist(const std::string& no_price) {
  constexpr std::size_t kMostChars = 140;  // one line of a message
  std::string s = no_price.rfind("no price: ", 0) == 0 ? no_price.substr(10) : no_price;
  std::size_t cut = s.size();
  for (const char* end : {". ", "; ", " (searched", ", and no ", ", and the "}) cut = std::min(cut, s.find(end));
  if (auto open = s.rfind('(', cut); open != std::string::npos && s.find(')', open) > cut)
    cut = open > 0 && s[open - 1] == ' ' ? open - 1 : open;  // never leave a parenthesis open
  s.resize(cut);
  if (s.size() > kMostChars) {
    s.resize(s.rfind(' ', kMostChars));
    s += " …";
  }
  return s;
}

std::string describe_unpriced(const std::vector<const PartBase*>& parts, const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) {
    std::string why;
    for (const PartBase* p : parts)
      if (p && p->id == id && !p->no_price.empty()) why = " (" + no_price_gist(p->no_price) + ")";
    out += (out.empty() ? "" : ", ") + id + why;
  }
  return out;
}

}  // namespace rigplan

// A build's purchase price from catalog prices (see include/rigplan/tco.hpp).
#include <fmt/format.h>

#include "rigplan/tco.hpp"

namespace rigplan {

PurchaseCost build_cost(const Build& b) {
  PurchaseCost c;
  auto add = [&](const PartBase* p, int count) {
    if (!p) return;
    if (p->price) {
      c.usd += p->price->usd * count;
      c.prices.add(*p->price);
    } else {
      c.unpriced.push_back(p->id);
      c.unpriced_parts.push_back(p);
    }
  };
  add(b.cpu, b.cpu_count);
  add(b.board, 1);
  for (const auto& m : b.memory) add(m.part, m.count);
  for (const auto& g : b.gpus) add(g.part, g.count);
  add(b.psu, b.psu_count);
  add(b.chassis, 1);
  add(b.cooler, 1);
  for (const auto& s : b.storage) add(s.part, s.count);
  for (const auto& n : b.nics) add(n.part, n.count);
  for (const auto& e : b.bridge_models()) add(e.part, e.count);
  return c;
}

double build_purchase_usd(const Build& b, std::vector<std::string>& unpriced) {
  PurchaseCost c = build_cost(b);
  unpriced.insert(unpriced.end(), c.unpriced.begin(), c.unpriced.end());
  return c.usd;
}

std::string describe_unpriced(const std::vector<const PartBase*>& parts, const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) {
    std::string why;
    for (const PartBase* p : parts)
      if (p && p->id == id && !p->no_price.empty()) why = " (" + p->no_price + ")";
    out += (out.empty() ? "" : ", ") + id + why;
  }
  return out;
}

}  // namespace rigplan

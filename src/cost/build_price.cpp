// A build's purchase price from catalog prices (see include/rigplan/tco.hpp).
#include "rigplan/tco.hpp"

namespace rigplan {

double build_purchase_usd(const Build& b, std::vector<std::string>& unpriced) {
  double total = 0;
  auto add = [&](const PartBase* p, int count) {
    if (!p) return;
    if (p->price_usd) total += *p->price_usd * count;
    else unpriced.push_back(p->id);
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
  add(b.bridge, b.bridge_count);
  return total;
}

}  // namespace rigplan

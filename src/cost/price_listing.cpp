// The parts `rigplan catalog prices` lists and their price coverage (see rigplan/price_listing.hpp).
#include "rigplan/price_listing.hpp"

#include "rigplan/build.hpp"
#include "rigplan/catalog_date.hpp"
#include "rigplan/catalog_query.hpp"
#include "rigplan/tco.hpp"

namespace rigplan {

PriceListing list_prices(const Catalog& cat, const PriceQuery& q) {
  PriceListing r;
  r.catalog_date = catalog_data_date(cat);
  auto keep = [&](const PartBase* p) {
    if (!p) return;
    if (q.kind && *cat.kind_of(p->id) != *q.kind) return;
    if (q.missing && p->price) return;
    if (q.stale && !(p->price && price_is_stale(*p->price, r.catalog_date))) return;
    for (const PartBase* seen : r.parts)
      if (seen == p) return;
    r.parts.push_back(p);
  };
  if (!q.build.empty()) {
    Build b = load_build(q.build, cat);
    for (const auto& [p, count] : purchased_parts(b)) keep(p);
  } else {
    for (Kind k : kAllKinds)
      for (const auto& id : cat.ids(k))
        if (bought_on_its_own(cat, id)) keep(purchasable_part(cat, id));
  }
  for (const PartBase* p : r.parts) {
    if (!p->price) continue;
    ++r.priced;
    r.age.add(*p->price);
  }
  return r;
}

}  // namespace rigplan

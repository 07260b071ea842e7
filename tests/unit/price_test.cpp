// The price model: every catalog price carries its amount, date, kind and source; a part
// without one says why; the preference picks street or launch MSRP; old-shape overlays are
// refused with the new shape spelled out; and `tco` never gives a break-even from a purchase
// price that is $0 or partial.
#include <catch2/catch.hpp>

#include <algorithm>

#include <regex>

#include "rigplan/catalog.hpp"
#include "rigplan/error.hpp"
#include "rigplan/rent_match.hpp"
#include "rigplan/tco.hpp"
#include "test_catalog.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

template <class T, class F>
void each_part(const Catalog& c, F f) {
  for (const auto& p : c.all<T>()) f(static_cast<const PartBase&>(p));
}

template <class F>
void each_purchasable(const Catalog& c, F f) {  // outlets are wiring and clouds are rented: neither is bought
  each_part<Gpu>(c, f), each_part<Cpu>(c, f), each_part<Board>(c, f), each_part<Memory>(c, f);
  each_part<Psu>(c, f), each_part<Chassis>(c, f), each_part<Cooler>(c, f), each_part<Storage>(c, f);
  each_part<NvlinkBridge>(c, f), each_part<Nic>(c, f), each_part<Switch>(c, f), each_part<Node>(c, f);
}

Price price(double usd, const char* date, PriceKind k) { return Price{usd, date, k, "https://example.com", ""}; }

}  // namespace

TEST_CASE("every catalog price has an amount, a date, a kind and a source; every unpriced part says why") {
  const Catalog& c = Catalog::builtin();
  const std::regex date(R"(^\d{4}-\d{2}(-\d{2})?$)");
  int parts = 0, priced = 0;
  each_purchasable(c, [&](const PartBase& p) {
    INFO(p.id);
    ++parts;
    for (const auto& pr : p.prices) {
      CHECK(pr.usd > 0);
      CHECK(std::regex_match(pr.date, date));
      CHECK(pr.date >= "2015");  // no undated or placeholder dates
      CHECK_FALSE(pr.source.empty());
    }
    if (p.price) ++priced;
    else CHECK_FALSE(p.no_price.empty());
    CHECK(p.price.has_value() == !p.prices.empty());
  });
  for (const auto& o : c.all<Cloud>()) {
    INFO(o.id);
    CHECK(o.usd_per_hour > 0);  // a rate, dated by price_seen (checked in builtin_catalog_test)
  }
  // The street-price snapshot and the sourced MSRPs and list prices cover more than half of what
  // can be bought; the rest is data-centre gear sold by quote (each part says so). A floor, not
  // the figure: docs/catalog.md gives the current count.
  CHECK(priced * 2 > parts);
}

TEST_CASE("the price preference picks street or launch MSRP, newest first") {
  std::vector<Price> both{price(1999, "2022-03", PriceKind::Msrp), price(1949.99, "2025-07-23", PriceKind::Street),
                          price(1700, "2024-01", PriceKind::Street)};
  CHECK(pick_price(both, PricePreference::Street)->usd == 1949.99);  // the newest street price
  CHECK(pick_price(both, PricePreference::Msrp)->usd == 1999);
  std::vector<Price> msrp_only{price(1499, "2020-09", PriceKind::Msrp)};
  CHECK(pick_price(msrp_only, PricePreference::Street)->kind == PriceKind::Msrp);  // the only one there is
  std::vector<Price> list_only{price(3420, "2022-11", PriceKind::List)};
  CHECK(pick_price(list_only, PricePreference::Msrp)->kind == PriceKind::List);
  CHECK_FALSE(pick_price({}, PricePreference::Street).has_value());

  // The catalog re-picks every part's price when asked for MSRPs.
  Catalog c = Catalog::builtin();
  const Gpu* street = c.find<Gpu>("nvidia-rtx-3090-ti-fe");
  REQUIRE(street->prices.size() >= 2);
  CHECK(street->price->kind == PriceKind::Street);
  c.prefer_prices(PricePreference::Msrp);
  const Gpu* msrp = c.find<Gpu>("nvidia-rtx-3090-ti-fe");
  CHECK(msrp->price->kind == PriceKind::Msrp);
  CHECK(*msrp->price_usd == msrp->price->usd);
  CHECK(c.price_preference() == PricePreference::Msrp);
}

TEST_CASE("price age: the oldest and newest dates and the kinds behind a total") {
  PriceAge a;
  CHECK(a.text().empty());
  a.add(price(1, "2025-07-23", PriceKind::Street));
  a.add(price(1, "2020-09", PriceKind::Msrp));
  a.add(price(1, "2025-07-23", PriceKind::Street));
  CHECK(a.oldest == "2020-09");
  CHECK(a.newest == "2025-07-23");
  CHECK(a.text() == "dated 2020-09 to 2025-07-23: 2 street, 1 launch MSRP");
}

TEST_CASE("an overlay in the old price shape is refused, naming the new one") {
  json part = test::gpu_part("acme-old-price");
  part["price_usd"] = 699;
  part["price_seen"] = "2026-11";
  auto issues = test::overlay_issues(test::doc({part}).dump(2));
  REQUIRE(issues.size() == 2);  // price_usd and price_seen, in document order
  for (const auto& i : issues) {
    CHECK((i.pointer == "/parts/0/price_usd" || i.pointer == "/parts/0/price_seen"));
    CHECK(i.message.find("\"prices\"") != std::string::npos);
    CHECK(i.line > 0);
  }
  // A part cannot both have prices and say it has none.
  json both = test::gpu_part("acme-both");
  both["prices"] = json::array({{{"usd", 1}, {"date", "2026-11"}, {"kind", "quote"}, {"source", "me"}}});
  both["no_price"] = "sold by quote";
  issues = test::overlay_issues(test::doc({both}).dump(2));
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].pointer == "/parts/0/no_price");
  // Only a part with prices can say why none of them is recent.
  json unpriced = test::gpu_part("acme-no-prices");
  unpriced["no_recent_price"] = "sold by quote";
  issues = test::overlay_issues(test::doc({unpriced}).dump(2));
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].pointer == "/parts/0/no_recent_price");
}

TEST_CASE("a price is stale when it is more than 12 months older than the catalog date", "[stale]") {
  CHECK(months_between("2025-11-30", "2026-11-21") == 12);
  CHECK(months_between("2025-11", "2026-11-21") == 12);
  CHECK(months_between("2020-09", "2026-11") == 74);
  CHECK(months_between("2026-12-01", "2026-11-21") == -1);
  CHECK_FALSE(months_between("soon", "2026-11-21"));
  CHECK_FALSE(months_between("2026-13", "2026-11-21"));
  auto at = [](const char* date) { return Price{100, date, PriceKind::Street, "s", ""}; };
  CHECK_FALSE(price_is_stale(at("2025-11-01"), "2026-11-21"));  // 12 months: still recent
  CHECK(price_is_stale(at("2025-10-31"), "2026-11-21"));        // 13 months
  CHECK(price_is_stale(at("2025-07-23"), "2026-11-21"));
  CHECK(price_is_stale(at("unknown"), "2026-11-21"));          // a date that does not parse is not recent
  CHECK_FALSE(price_is_stale(at("2020-01"), "unknown"));        // no catalog date: nothing is called stale
  CHECK(price_is_stale(at("2026-01"), "2026-11", 6));           // the window is a parameter
  CHECK(kStalePriceMonths == 12);
}

TEST_CASE("tco never gives a break-even from an unpriced or $0 purchase") {
  TcoInput in;
  in.gpus = 8;
  in.wall_kw = 10.2;
  in.pue = 1.4;
  std::vector<CloudPrice> offers{{"rent", 3.0, ""}};

  // A catalog node without a price counts at $0: the break-even would be 0 hours — a false answer.
  // (The DGX H200 has no catalog price; the DGX H100 has had one since Epoch AI's data set.)
  const Node* dgx = Catalog::builtin().find<Node>("nvidia-dgx-h200");
  REQUIRE(dgx);
  REQUIRE_FALSE(dgx->price.has_value());
  in.purchase_usd = dgx->price_usd.value_or(0);
  in.unpriced = {dgx->id};
  TcoResult r = tco(in, offers);
  CHECK_FALSE(r.break_even_hours_per_week.has_value());
  CHECK_FALSE(r.break_even_months.has_value());
  CHECK(r.break_even_withheld.find(dgx->id) != std::string::npos);

  // A partial sum (some parts priced) is withheld too.
  in.purchase_usd = 5000;
  r = tco(in, offers);
  CHECK_FALSE(r.break_even_hours_per_week.has_value());

  // $0 with nothing listed as unpriced (a user's --purchase-usd 0) is withheld as well.
  in.unpriced.clear();
  in.purchase_usd = 0;
  r = tco(in, offers);
  CHECK_FALSE(r.break_even_hours_per_week.has_value());
  CHECK_FALSE(r.break_even_withheld.empty());

  // A complete purchase price gives one.
  in.purchase_usd = 300000;
  r = tco(in, offers);
  REQUIRE(r.break_even_hours_per_week.has_value());
  CHECK(r.break_even_withheld.empty());
  CHECK(*r.break_even_hours_per_week > 0);
}

TEST_CASE("renting the same capacity: the same GPU where offered, else offers at least as fast") {
  Catalog c = Catalog::builtin();
  const Gpu* rtx3090 = c.find<Gpu>("nvidia-rtx-3090-fe");
  REQUIRE(rtx3090);
  bool has_3090_offer = false;
  for (const auto& o : c.all<Cloud>()) has_3090_offer |= o.gpu == rtx3090->id;

  if (!has_3090_offer) {
    // Seed case: a 1-GPU RTX 3090 desktop. No offer rents a 3090, so every offer compared with
    // runs at least its dense BF16/FP16 TFLOPS with at least its memory.
    RentalOffers r = rental_offers(c, *rtx3090);
    CHECK_FALSE(r.same_gpu);
    CHECK_FALSE(r.basis.empty());
    REQUIRE_FALSE(r.offers.empty());
    for (const auto& o : r.offers) {
      INFO(o.offer);
      const Gpu* g = c.find<Gpu>(c.find<Cloud>(o.offer)->gpu);
      CHECK(rental_match(*rtx3090, *g).as_fast);
      CHECK(g->memory_gib >= rtx3090->memory_gib);
      CHECK_FALSE(o.basis.empty());
    }
    // And every offer left out is slower or smaller.
    for (const auto& o : c.all<Cloud>()) {
      bool listed = false;
      for (const auto& x : r.offers) listed |= x.offer == o.id;
      if (!listed) CHECK_FALSE(rental_match(*rtx3090, *c.find<Gpu>(o.gpu)).as_fast);
    }
  }

  // With an offer for the 3090 itself, only that offer is compared.
  json offer = json::parse(R"({"id": "fixture-3090-hourly", "kind": "cloud", "name": "test fixture: 1x RTX 3090",
    "source": "https://example.com/fixture", "provider": "fixture", "instance": "1x_3090", "gpu": "nvidia-rtx-3090-fe",
    "gpu_count": 1, "usd_per_hour": 0.5, "price_seen": "2026-11"})");
  c.add_layer(test::doc({offer}).dump(), "fixture.json");
  RentalOffers same = rental_offers(c, *c.find<Gpu>("nvidia-rtx-3090-fe"));
  CHECK(same.same_gpu);
  for (const auto& o : same.offers) CHECK(c.find<Cloud>(o.offer)->gpu == "nvidia-rtx-3090-fe");

  // 10 hours a week against it: owning pays off only if the purchase is complete.
  TcoInput in;
  in.purchase_usd = 3000;
  in.wall_kw = 0.55;
  in.hours_per_week = 10;
  TcoResult t = tco(in, same.offers);
  REQUIRE(t.break_even_hours_per_week.has_value());
  double cheapest = 0.5;  // the fixture's, or a cheaper catalog 3090 offer
  for (const auto& o : same.offers) cheapest = std::min(cheapest, o.usd_per_gpu_hour);
  CHECK(cheapest <= 0.5);
  CHECK(*t.break_even_hours_per_week == Approx(3000 / (cheapest - 0.55 * 0.15) / (kWeeksPerYear * 5)));
}

TEST_CASE("rented instances come whole: one GPU's worth of an 8-GPU instance costs the whole instance") {
  const Catalog& c = Catalog::builtin();
  const Cloud* eight = nullptr;
  for (const auto& o : c.all<Cloud>())
    if (o.gpu_count == 8) eight = &o;
  REQUIRE(eight);
  const Gpu* g = c.find<Gpu>(eight->gpu);
  auto per_gpu_hour = [&](int gpus) {
    for (const auto& o : rental_offers(c, *g, gpus).offers)
      if (o.offer == eight->id) return o.usd_per_gpu_hour;
    return -1.0;
  };
  CHECK(per_gpu_hour(1) == Approx(eight->usd_per_hour));       // one GPU needs the whole instance
  CHECK(per_gpu_hour(8) == Approx(eight->usd_per_hour / 8));   // eight fill it
  CHECK(per_gpu_hour(12) == Approx(2 * eight->usd_per_hour / 12));  // twelve take two
}

TEST_CASE("a build's cost counts what it buys: risers too, and quotes given as price updates") {
  // The 8x RTX 3090 open frame: six cards on riser cables, two on a bifurcation card.
  const std::string file = std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/romed8-2t-8x-3090-open-frame.json";
  Catalog c = Catalog::builtin();
  Build before = load_build(file, c);
  auto parts = purchased_parts(before);
  auto count_of = [&](const std::string& id) {
    int n = 0;
    for (const auto& e : parts)
      if (e.part->id == id) n += e.count;
    return n;
  };
  CHECK(count_of("linkup-ultra-pcie4-x16-riser-300") == 6);
  CHECK(count_of("c-payne-pcie-bifurcation-x8x8-2w") == 2);
  PurchaseCost unpriced = build_cost(before);
  CHECK(std::count(unpriced.unpriced.begin(), unpriced.unpriced.end(), "linkup-ultra-pcie4-x16-riser-300") == 1);

  json quote = {{"usd", 45}, {"date", "2026-11-20"}, {"kind", "quote"}, {"source", "a shop"}};
  json updates = {{"schema_version", 1},
                  {"price_updates", {{{"id", "linkup-ultra-pcie4-x16-riser-300"}, {"prices", {quote}}}}}};
  c.add_layer(updates.dump(), "quotes.json");
  Build after = load_build(file, c);
  PurchaseCost priced = build_cost(after);
  CHECK(priced.usd == Approx(unpriced.usd + 6 * 45));
  CHECK(std::count(priced.unpriced.begin(), priced.unpriced.end(), "linkup-ultra-pcie4-x16-riser-300") == 0);
  CHECK(priced.prices.kinds.at(PriceKind::Quote) == 1);
}

TEST_CASE("messages give the gist of why a part has no price, not the search log") {
  CHECK(no_price_gist("no price: NVIDIA sells DGX systems through partners by quote, and no reseller listing was found "
                      "(searched 2026-11-23). Session 8 searched again") == "NVIDIA sells DGX systems through partners by quote");
  CHECK(no_price_gist("not in any pc-part-dataset snapshot (2021-01-15 to 2025-07-23; motherboard files searched)") ==
        "not in any pc-part-dataset snapshot");
  CHECK(no_price_gist("a generic product class sold by many vendors; no one price represents it") ==
        "a generic product class sold by many vendors");
  // Every reason in the catalog gives a gist: not empty, one line, no parenthesis left open.
  const Catalog& c = Catalog::builtin();
  int reasons = 0;
  auto check = [&](const PartBase& p) {
    if (p.no_price.empty()) return;
    ++reasons;
    std::string g = no_price_gist(p.no_price);
    INFO(p.id << ": " << g);
    CHECK_FALSE(g.empty());
    CHECK(g.size() <= 150);
    CHECK(std::count(g.begin(), g.end(), '(') == std::count(g.begin(), g.end(), ')'));
  };
  each_part<Gpu>(c, check);
  each_part<Cpu>(c, check);
  each_part<Board>(c, check);
  each_part<Node>(c, check);
  each_part<Switch>(c, check);
  each_part<Nic>(c, check);
  each_part<Psu>(c, check);
  CHECK(reasons > 20);
}

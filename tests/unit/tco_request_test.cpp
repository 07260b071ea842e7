// Tco requests as JSON (rigplan/tco_request.hpp): the keys, ranges and defaults of the request-key
// table, errors located at the key; and the catalog documents' library calls (what `catalog
// prices` lists, what `catalog validate` reports) that moved out of the command.
#include <catch2/catch.hpp>

#include <functional>
#include <nlohmann/json.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/catalog_query.hpp"
#include "rigplan/error.hpp"
#include "rigplan/price_listing.hpp"
#include "rigplan/request_defaults.hpp"
#include "rigplan/tco_request.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

InputIssue first_tco_issue(const json& j) {
  try {
    parse_tco_request(j, "t.json");
  } catch (const InputError& e) {
    return e.issues().front();
  }
  return InputIssue{"", "", 0, 0, "accepted"};
}

}  // namespace

TEST_CASE("a tco request takes the table's defaults and the keys it gives") {
  TcoRequest d = parse_tco_request(json{{"node", "nvidia-dgx-h100"}}, "t.json");
  CHECK(d.node == "nvidia-dgx-h100");
  CHECK(d.nodes == 1);
  CHECK(d.hours_per_week == kDefaultTcoHoursPerWeek);
  CHECK(d.kwh_usd == kDefaultKwhUsd);
  CHECK(d.years == kDefaultTcoYears);
  CHECK_FALSE(d.pue);
  CHECK_FALSE(d.purchase_usd);
  TcoRequest r = parse_tco_request(json{{"build", "b.json"}, {"hours_per_week", 168}, {"kwh_price", 0.3}, {"years", 3},
                                        {"pue", 1.2}, {"purchase_usd", 5000}, {"cloud", "x"}},
                                   "t.json");
  CHECK(r.build == "b.json");
  CHECK(r.hours_per_week == 168);
  CHECK(r.kwh_usd == 0.3);
  CHECK(r.years == 3);
  REQUIRE(r.pue);
  CHECK(*r.pue == 1.2);
  REQUIRE(r.purchase_usd);
  CHECK(*r.purchase_usd == 5000);
  CHECK(r.cloud == "x");
}

TEST_CASE("a bad tco request names the key: unknown (with a suggestion), wrong type, out of range") {
  InputIssue unknown = first_tco_issue(json{{"hours_per_wek", 10}});
  CHECK(unknown.file == "t.json");
  CHECK(unknown.pointer == "/hours_per_wek");
  CHECK_THAT(unknown.message, Catch::Contains("hours_per_week"));
  InputIssue type = first_tco_issue(json{{"nodes", "two"}});
  CHECK(type.pointer == "/nodes");
  CHECK(type.message == "expected a number");
  InputIssue zero_hours = first_tco_issue(json{{"hours_per_week", 0}});  // (0, 168]: 0 is refused
  CHECK(zero_hours.pointer == "/hours_per_week");
  InputIssue whole = first_tco_issue(json{{"nodes", 1.5}});
  CHECK(whole.pointer == "/nodes");
  CHECK(first_tco_issue(json{{"node", 5}}).message == "expected a string");
  CHECK(first_tco_issue(json::array()).message == "a tco request is a JSON object");
}

TEST_CASE("catalog prices lists bought parts only, filtered as asked, with the priced count") {
  const Catalog& c = Catalog::builtin();
  PriceListing all = list_prices(c, PriceQuery{});
  REQUIRE_FALSE(all.parts.empty());
  int priced = 0;
  for (const PartBase* p : all.parts) priced += p->price.has_value();
  CHECK(all.priced == priced);
  for (const PartBase* p : all.parts) CHECK(purchasable(*c.kind_of(p->id)));
  PriceQuery q;
  q.kind = Kind::Psu;
  q.missing = true;
  PriceListing psus = list_prices(c, q);
  CHECK(psus.parts.size() < all.parts.size());
  for (const PartBase* p : psus.parts) {
    CHECK(*c.kind_of(p->id) == Kind::Psu);
    CHECK_FALSE(p->price);
  }
  CHECK(psus.priced == 0);
}

TEST_CASE("catalog validate reports a file that does not load instead of throwing") {
  CatalogFileCheck missing = check_catalog_file({}, "/nonexistent/catalog.json");
  CHECK_FALSE(missing.valid);
  REQUIRE_FALSE(missing.issues.empty());
  CHECK(missing.parts == 0);
}

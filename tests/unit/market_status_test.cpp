// Market status of purchasable parts (include/rigplan/market.hpp): the catalog's optional
// "market" object loads into PartBase::market, bad statuses, dates and URLs are refused with a
// JSON pointer, the date must be a real calendar day, and built-in statuses carry a date and source.
#include <catch2/catch.hpp>

#include "test_catalog.hpp"

using namespace rigplan;
using namespace rigplan::test;
using nlohmann::json;

namespace {

json with_market(json market) {
  json g = gpu_part();
  g["market"] = std::move(market);
  return g;
}

json good_market() {
  return json{{"status", "discontinued"}, {"date", "2024-02-29"}, {"source", "https://example.com/eol"},
              {"note", "The maker's end-of-life notice."}};
}

}  // namespace

TEST_CASE("market status names and their inverse") {
  CHECK(std::string(market_status_name(MarketStatus::Unknown)) == "unknown");
  CHECK(std::string(market_status_name(MarketStatus::Current)) == "current");
  CHECK(std::string(market_status_name(MarketStatus::Discontinued)) == "discontinued");
  CHECK(std::string(market_status_name(MarketStatus::UsedOnly)) == "used_only");
  for (MarketStatus s : {MarketStatus::Current, MarketStatus::Discontinued, MarketStatus::UsedOnly})
    CHECK(market_status_from_name(market_status_name(s)) == s);
  CHECK_FALSE(market_status_from_name("unknown").has_value());  // not something a catalog states
  CHECK_FALSE(market_status_from_name("used").has_value());
}

TEST_CASE("calendar dates: month lengths and leap years") {
  for (const char* d : {"2024-02-29", "2000-02-29", "2026-01-31", "2026-12-31", "2026-04-30"}) {
    INFO(d);
    CHECK(is_calendar_date(d));
  }
  for (const char* d : {"2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
                        "2026-1-01", "2026-01", "2026/01/01", "20a6-01-01", ""}) {
    INFO(d);
    CHECK_FALSE(is_calendar_date(d));
  }
}

TEST_CASE("a part's market status loads; a part without one is unknown") {
  Catalog c;
  json plain = gpu_part("acme-plain-gpu");
  REQUIRE(overlay_issues(doc({with_market(good_market()), plain}).dump(), &c).empty());
  const Gpu* g = c.find<Gpu>("acme-test-gpu");
  REQUIRE(g != nullptr);
  CHECK(g->market.status == MarketStatus::Discontinued);
  CHECK(g->market.date == "2024-02-29");
  CHECK(g->market.source == "https://example.com/eol");
  CHECK(g->market.note == "The maker's end-of-life notice.");
  const Gpu* p = c.find<Gpu>("acme-plain-gpu");
  REQUIRE(p != nullptr);
  CHECK(p->market.status == MarketStatus::Unknown);
  CHECK(p->market.date.empty());
}

TEST_CASE("a bad market status, date, source or extra field is refused at its pointer") {
  struct Case {
    const char* what;
    json market;
    const char* pointer;
    const char* message;  // a fragment of the message
  };
  auto m = [](const char* key, json v) {
    json x = good_market();
    x[key] = std::move(v);
    return x;
  };
  json no_source = good_market();
  no_source.erase("source");
  std::vector<Case> cases = {
      {"unknown status", m("status", "eol"), "/parts/0/market/status", "is not one of: current, discontinued, used_only"},
      {"unknown spelled out", m("status", "unknown"), "/parts/0/market/status", "is not one of"},
      {"month only", m("date", "2024-02"), "/parts/0/market/date", "must be a calendar date, YYYY-MM-DD"},
      {"no such day", m("date", "2025-02-29"), "/parts/0/market/date", "\"2025-02-29\" is not a calendar date"},
      {"month 13", m("date", "2025-13-01"), "/parts/0/market/date", "is not a calendar date"},
      {"not a URL", m("source", "the maker's site"), "/parts/0/market/source", "must be an http(s) URL"},
      {"missing source", no_source, "/parts/0/market", "missing required field \"source\""},
      {"extra field", m("since", "2020"), "/parts/0/market/since", "unknown field \"since\""},
      {"not an object", json("discontinued"), "/parts/0/market", "expected an object"},
  };
  for (const auto& tc : cases) {
    INFO(tc.what);
    auto issues = overlay_issues(doc({with_market(tc.market)}).dump(2));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].pointer == tc.pointer);
    CHECK_THAT(issues[0].message, Catch::Contains(tc.message));
    CHECK(issues[0].line > 0);
  }
}

TEST_CASE("outlets and cloud offers are not bought: they have no market status") {
  json outlet = {{"id", "acme-outlet"}, {"kind", "outlet"}, {"name", "Test outlet"}, {"source", "https://example.com/o"},
                 {"volts", 230}, {"amps", 16}, {"continuous_factor", 0.8}, {"market", good_market()}};
  auto issues = overlay_issues(doc({outlet}).dump(2));
  REQUIRE_FALSE(issues.empty());
  CHECK(issues[0].pointer == "/parts/0/market");
}

TEST_CASE("every built-in market status has a date and a source") {
  const Catalog& c = Catalog::builtin();
  for (Kind k : kAllKinds)
    for (const auto& id : c.ids(k)) {
      const nlohmann::json& raw = c.raw(id);
      if (!raw.contains("market")) continue;
      INFO(id);
      CHECK(is_calendar_date(raw["market"]["date"].get<std::string>()));
      CHECK(raw["market"]["source"].get<std::string>().rfind("http", 0) == 0);
    }
}

// FIT008 (a fit that hangs on a figure the catalog lacks is "not verified", a warning), CON005
// (450-600 W on one 16-pin socket through an adapter or an under-rated cable) and the 80 PLUS
// efficiency curves by input voltage and load.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/power.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;
using namespace rigplan::seed_build;

namespace {

json fit8_server(const char* chassis) {
  json b = json::parse(R"({"board": "asus-pro-ws-w790e-sage-se", "cpu": "intel-xeon-w9-3495x",
    "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "cooler": "arctic-liquid-freezer-iii-360",
    "gpus": [{"part": "nvidia-h100-pcie-80gb", "count": 1}]})");
  b["chassis"] = chassis;
  return b;
}

}  // namespace

TEST_CASE("FIT008: a passive card of unknown height in half-height slots is not verified; in full-height slots a note") {
  REQUIRE(Catalog::builtin().find<Gpu>("nvidia-h100-pcie-80gb")->height_mm <= 0);  // the case this test is about
  auto d = found(fit8_server("sliger-cx2177a"), "FIT008");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "not verified"));
  CHECK(has(d[0].message, "nvidia-h100-pcie-80gb's height"));
  CHECK(has(d[0].message, "72 mm"));
  CHECK(has(d[0].hint, "measure nvidia-h100-pcie-80gb"));
  CHECK(found(fit8_server("sliger-cx2177a"), "FIT007").empty());  // no second, softer note
  CHECK(found(fit8_server("sliger-cx4170a"), "FIT008").empty());  // 158 mm: any full-height card fits
}

TEST_CASE("FIT008: a tower cooler of unknown height in a 2U chassis is not verified; in a tower FIT006 notes it") {
  // Every built-in air cooler has a height now: a copy of the LGA4677 NH-U14S DX-4677 without one.
  json cooler = Catalog::builtin().raw("noctua-nh-u14s-dx-4677");
  cooler["id"] = "test-lga4677-tower-height-unknown";
  cooler.erase("height_mm");
  cooler.erase("verify");
  Catalog c = Catalog::builtin();
  c.add_layer(json{{"schema_version", 1}, {"parts", {cooler}}}.dump(), "t.json");
  auto found = [&](const json& patch, const std::string& code) { return seed_build::found(patch, code, c); };
  json low = fit8_server("sliger-cx2177a");
  low["cooler"] = "test-lga4677-tower-height-unknown";
  auto d = found(low, "FIT008");
  REQUIRE(d.size() == 2);  // the card and the cooler
  CHECK(has(d[1].message, "cooler fit not verified"));
  CHECK(has(d[1].message, "66 mm"));
  CHECK(found(low, "FIT006").empty());
  json tower = low;
  tower["chassis"] = "corsair-9000d-rgb-airflow";  // clears 180 mm
  CHECK(found(tower, "FIT008").empty());
  auto note = found(tower, "FIT006");
  REQUIRE(note.size() == 1);
  CHECK(note[0].severity == Severity::Info);
  // The real DX-4677, 165 mm, is checked: too tall for the 2U case's 66 mm, and FIT008 keeps only the card.
  json real = low;
  real["cooler"] = "noctua-nh-u14s-dx-4677";
  auto tall = found(real, "FIT006");
  REQUIRE(tall.size() == 1);
  CHECK(tall[0].severity == Severity::Error);
  CHECK(has(tall[0].message, "165"));
  CHECK(found(real, "FIT008").size() == 1);
}

TEST_CASE("CON005: a 575 W card on an adapter is the melting case; under 450 W or on a rated native cable it is not") {
  auto d = found(json::parse(R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe"}]})"), "CON005");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "575 W through one 16-pin socket fed by an adapter"));
  CHECK(has(d[0].message, "all 4 8-pin plugs"));
  CHECK(found(json::parse(R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe", "power_limit_w": 400}]})"),
              "CON005").empty());
  // A native cable: silent while its rating covers the draw; a 450 W cable under 575 W is not.
  Catalog cat = fixture_catalog();
  cat.add_layer(R"({"schema_version": 1, "parts": [
    {"id": "test-psu-hpwr-450", "kind": "psu", "name": "fixture: 1200 W, 450 W 12V-2x6 cable", "source": "https://example.com/t",
     "watts": 1200, "efficiency": "gold", "atx_version": "3.1", "form_factor": "atx",
     "connectors": {"pcie_8pin": 4, "12vhpwr": 1, "12vhpwr_cable_w": 450, "eps_8pin": 2}},
    {"id": "test-psu-hpwr-600", "kind": "psu", "name": "fixture: 1200 W, 600 W 12V-2x6 cable", "source": "https://example.com/t",
     "watts": 1200, "efficiency": "gold", "atx_version": "3.1", "form_factor": "atx",
     "connectors": {"pcie_8pin": 4, "12vhpwr": 1, "12vhpwr_cable_w": 600, "eps_8pin": 2}}]})",
                "fixture.json");
  auto low = found(json::parse(R"({"psu": "test-psu-hpwr-450", "gpus": [{"part": "nvidia-rtx-5090-fe"}]})"), "CON005", cat);
  REQUIRE(low.size() == 1);
  CHECK(has(low[0].message, "signal 450 W"));
  CHECK(found(json::parse(R"({"psu": "test-psu-hpwr-600", "gpus": [{"part": "nvidia-rtx-5090-fe"}]})"), "CON005", cat).empty());
}

TEST_CASE("CON005 reads the built-in PSUs' native cable ratings; an unstated one at 450 W+ is not verified") {
  const Catalog& cat = Catalog::builtin();
  for (const char* id : {"asus-rog-thor-1200p2", "msi-meg-ai1300p-pcie5", "msi-mpg-a850g-pcie5"}) {
    const Psu* p = cat.find<Psu>(id);
    REQUIRE(p);
    CHECK(p->connectors.hpwr_cable_w == std::optional<double>(600));
    CHECK(found(json::parse(std::string(R"({"psu": ")") + id + R"(", "gpus": [{"part": "nvidia-rtx-5090-fe"}]})"),
                "CON005")
              .empty());
  }
  REQUIRE(cat.find<Psu>("msi-mpg-a750g-pcie5"));
  CHECK_FALSE(cat.find<Psu>("msi-mpg-a750g-pcie5")->connectors.hpwr_cable_w);
  auto unknown =
      found(json::parse(R"({"psu": "msi-mpg-a750g-pcie5", "gpus": [{"part": "nvidia-rtx-4090-fe"}]})"), "CON005");
  REQUIRE(unknown.size() == 1);
  CHECK(unknown[0].severity == Severity::Warning);
  CHECK(has(unknown[0].message, "450 W per 16-pin socket"));
  CHECK(has(unknown[0].message, "not verified"));
  // Below 450 W per socket the cable's rating does not decide.
  CHECK(found(json::parse(R"({"psu": "msi-mpg-a750g-pcie5", "gpus": [{"part": "nvidia-rtx-4090-fe", "power_limit_w": 400}]})"),
              "CON005")
            .empty());
}

TEST_CASE("80 PLUS efficiency follows the input category and the load") {
  using C = EightyPlusCategory;
  // The program's points: gold 87/90/87 at 115 V, 90/92/89 at 230 V EU; titanium 92/94/90 and 94/96/94.
  CHECK(psu_efficiency("gold", C::Internal115V, 0.5) == Approx(0.90));
  CHECK(psu_efficiency("gold", C::Internal230VEu, 0.5) == Approx(0.92));
  CHECK(psu_efficiency("gold", C::Internal115V, 1.0) == Approx(0.87));
  CHECK(psu_efficiency("titanium", C::Internal230VEu, 0.2) == Approx(0.94));
  CHECK(psu_efficiency("titanium", C::Internal115V, 0.35) == Approx(0.93));  // halfway from 92 to 94
  CHECK(psu_efficiency("platinum", C::Internal115V, 0.05) == Approx(0.90));  // held at the 20 % point
  CHECK(psu_efficiency("platinum", C::Internal230V, 0.75) == Approx(0.925));
  CHECK(psu_efficiency("mystery", C::Internal115V, 0.5) == Approx(0.80));
  // The same build draws less at the wall on 230 V than on 120 V.
  json us = seed(), eu = seed();
  us["outlet"] = "us-120v-20a";
  eu["outlet"] = "eu-230v-16a";
  PowerBudget pu = power_budget(make_build(us, fixture_catalog()), Assumptions{});
  PowerBudget pe = power_budget(make_build(eu, fixture_catalog()), Assumptions{});
  CHECK(pu.efficiency_category == C::Internal115V);
  CHECK(pe.efficiency_category == C::Internal230VEu);
  CHECK(pe.wall_w < pu.wall_w);
}

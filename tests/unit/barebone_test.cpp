// GPU server barebones (catalog kind barebone): a build that names one takes its board, chassis
// and PSU modules from it (a contradicting key is bad input at its pointer), pays the unit's price
// instead of its parts', and the power rules hold the load to the N modules of its N+M set
// (PWR001), warn when a server set has no redundancy left (PWR008), and keep passive cards to the
// server's airflow (THM002 in a desktop tower, THM004 against the chassis' rating).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/tco.hpp"
#include "test_catalog.hpp"

using namespace rigplan;

namespace {

// A small server: two 1000 W modules (1+1), a priced unit, a board with two x16 slots.
const Catalog& server_catalog() {
  static const Catalog c = [] {
    Catalog cat = Catalog::builtin();
    cat.add_layer(R"J({"schema_version": 1, "parts": [
      {"id": "test-srv-board", "kind": "board", "name": "fixture: dual SP5 board", "source": "https://example.com/t",
       "no_price": "sold only as part of the fixture barebone", "socket": "SP5", "sockets": 2, "chipset": "SoC (none)",
       "form_factor": "proprietary", "memory_type": "DDR5", "memory_slots": 24, "memory_max_gib": 6144, "dimm_types": ["rdimm"],
       "slots": [{"name": "GPU1", "position": 1, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"},
                 {"name": "GPU2", "position": 3, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu2"}]},
      {"id": "test-srv-chassis", "kind": "chassis", "name": "fixture: 2U server", "source": "https://example.com/t",
       "no_price": "sold only as part of the fixture barebone", "form_factors": ["proprietary"], "psu_form_factors": ["server"],
       "expansion_slots": 4, "max_gpu_length_mm": 312, "airflow": "server", "rack_units": 2, "passive_gpu_max_w": 350},
      {"id": "test-srv-psu-1000", "kind": "psu", "name": "fixture: 1000 W module", "source": "https://example.com/t",
       "no_price": "sold only as part of the fixture barebone", "watts": 1000, "efficiency": "titanium", "form_factor": "server",
       "connectors": {"pcie_8pin": 0, "12vhpwr": 0, "eps_8pin": 0}},
      {"id": "test-srv", "kind": "barebone", "name": "fixture: 2-GPU server, 2x 1000 W 1+1", "source": "https://example.com/t",
       "prices": [{"usd": 5000, "date": "2026-11", "kind": "quote", "source": "fixture"}],
       "board": "test-srv-board", "chassis": "test-srv-chassis", "psu": "test-srv-psu-1000", "psu_count": 2,
       "psu_redundant": 1, "max_gpus": 2, "gpu_power_cables": {"pcie_8pin": 0, "12vhpwr": 2, "eps_8pin": 0}}]})J",
                  "fixture.json");
    return cat;
  }();
  return c;
}

Build server(const std::string& extra) {
  return parse_build(R"({"barebone": "test-srv", "cpu": "amd-epyc-9354", "cpu_count": 2,
                         "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 24}], "outlet": "us-240v-30a")" +
                         extra + "}",
                     "b.json", server_catalog());
}

std::vector<InputIssue> issues(const std::string& text, const Catalog& cat) {
  try {
    parse_build(text, "b.json", cat);
  } catch (const InputError& e) {
    return e.issues();
  }
  return {};
}

std::set<std::string> codes(const Build& b) {
  std::set<std::string> out;
  for (const auto& d : check_build(b).diagnostics) out.insert(d.code);
  return out;
}

}  // namespace

TEST_CASE("a barebone supplies the board, chassis and PSU modules of a build") {
  Build b = server(R"(, "gpus": [{"part": "nvidia-l40s", "count": 2}])");
  REQUIRE(b.barebone);
  REQUIRE(b.board);
  CHECK(b.board->id == "test-srv-board");
  CHECK(b.chassis->id == "test-srv-chassis");
  CHECK(b.psu->id == "test-srv-psu-1000");
  CHECK(b.psu_count == 2);
  CHECK(b.psu_redundant == 1);
  CHECK(b.psu_carrying() == 1);
  // Naming the barebone's own parts again is allowed.
  CHECK_NOTHROW(server(R"(, "board": "test-srv-board", "psu_count": 2, "gpus": [])"));
  // The writer names the barebone, not its parts, and reads back the same build.
  auto j = build_to_json(b);
  CHECK(j["barebone"] == "test-srv");
  CHECK_FALSE(j.contains("board"));
  CHECK_FALSE(j.contains("psu"));
  Build again = parse_build(j.dump(), "again.json", server_catalog());
  CHECK(again.board == b.board);
  CHECK(again.psu_count == 2);
}

TEST_CASE("a bad barebone reference or a contradicting part is bad input at its pointer") {
  const Catalog& cat = server_catalog();
  struct Case {
    const char* text;
    const char* pointer;
    const char* says;
  };
  const Case cases[] = {
      {R"({"barebone": "test-srvv", "gpus": []})", "/barebone", "unknown barebone \"test-srvv\""},
      {R"({"barebone": "test-srv-board", "gpus": []})", "/barebone", "is a board, not a barebone"},
      {R"({"barebone": "test-srv", "board": "asus-proart-x670e-creator", "gpus": []})", "/board", "comes with board test-srv-board"},
      {R"({"barebone": "test-srv", "chassis": "fractal-design-torrent", "gpus": []})", "/chassis", "comes with chassis"},
      {R"({"barebone": "test-srv", "psu": "asus-rog-thor-1200p2", "gpus": []})", "/psu", "comes with psu test-srv-psu-1000"},
      {R"({"barebone": "test-srv", "psu_count": 3, "gpus": []})", "/psu_count", "has 2 PSU modules installed"},
      {R"({"barebone": "test-srv", "psu_redundant": 2, "gpus": []})", "/psu_redundant", "leaves none to carry the load"},
      {R"({"psu": "asus-rog-thor-1200p2", "psu_redundant": 1, "gpus": []})", "/psu_redundant", "1 of 1 PSU modules"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    auto got = issues(c.text, cat);
    REQUIRE(got.size() == 1);
    CHECK(got[0].pointer == c.pointer);
    CHECK(got[0].message.find(c.says) != std::string::npos);
    CHECK(got[0].line > 0);
  }
}

TEST_CASE("a barebone's own figures are checked when the catalog loads") {
  auto base = nlohmann::json::parse(R"({"id": "acme-srv", "kind": "barebone", "name": "x", "source": "https://example.com/x",
      "board": "test-srv-board", "chassis": "test-srv-chassis", "psu": "test-srv-psu-1000", "psu_count": 2,
      "psu_redundant": 1, "max_gpus": 2})");
  Catalog cat = server_catalog();
  auto apply = [&](const nlohmann::json& part) {
    try {
      cat.add_layer(test::doc({part}).dump(), "o.json");
    } catch (const InputError& e) {
      return e.issues().front().pointer + " " + e.issues().front().message;
    }
    return std::string();
  };
  CHECK(apply(base).empty());
  auto all_redundant = base;
  all_redundant["psu_redundant"] = 2;
  CHECK(apply(all_redundant).find("/parts/0/psu_redundant") == 0);
  auto wrong_kind = base;
  wrong_kind["board"] = "test-srv-chassis";
  CHECK(apply(wrong_kind).find("/parts/0/board") == 0);
  auto unknown = base;
  unknown["psu"] = "no-such-psu";
  CHECK(apply(unknown).find("/parts/0/psu") == 0);
}

TEST_CASE("a barebone's price replaces its board, chassis and PSU prices") {
  Build b = server(R"(, "gpus": [{"part": "nvidia-l40s", "count": 2}])");
  auto parts = purchased_parts(b);
  std::set<std::string> ids;
  for (const auto& p : parts) ids.insert(p.part->id);
  CHECK(ids.count("test-srv") == 1);
  CHECK(ids.count("test-srv-board") == 0);
  CHECK(ids.count("test-srv-chassis") == 0);
  CHECK(ids.count("test-srv-psu-1000") == 0);
  PurchaseCost c = build_cost(b);
  CHECK(c.usd >= 5000);
  auto unpriced = [](const PurchaseCost& pc, const char* id) {
    return std::find(pc.unpriced.begin(), pc.unpriced.end(), id) != pc.unpriced.end();
  };
  CHECK_FALSE(unpriced(c, "test-srv-board"));
  // The same parts named one by one are bought one by one: the board has no price of its own.
  Build loose = parse_build(R"({"cpu": "amd-epyc-9354", "cpu_count": 2, "board": "test-srv-board", "chassis": "test-srv-chassis",
                                "psu": "test-srv-psu-1000", "psu_count": 2, "gpus": [{"part": "nvidia-l40s", "count": 2}]})",
                            "loose.json", server_catalog());
  PurchaseCost lc = build_cost(loose);
  CHECK(unpriced(lc, "test-srv-board"));
  CHECK(unpriced(lc, "test-srv-psu-1000"));
  CHECK(c.usd - lc.usd == Approx(5000));  // the unit's price, once; CPUs the same in both
}

TEST_CASE("PWR001 holds the load to the N modules of an N+M set; PWR008 warns when none is spare") {
  // Two L40S (700 W) + two EPYC 9354 + platform: more than one 1000 W module, less than both.
  Build b = server(R"(, "gpus": [{"part": "nvidia-l40s", "count": 2}])");
  auto r = check_build(b);
  REQUIRE(r.power.sustained_w > 1000);
  REQUIRE(r.power.sustained_w <= 2000);
  CHECK(r.power.psu_w == 1000);
  CHECK(r.power.psu_all_w == 2000);
  bool found = false;
  for (const auto& d : r.diagnostics)
    if (d.code == "PWR001") {
      found = true;
      CHECK(d.severity == Severity::Error);
      CHECK(d.message.find("1+1: 1 of the 2 modules must carry the load") != std::string::npos);
      CHECK(d.hint.find("all 2 modules (2000 W) carry it only without redundancy") != std::string::npos);
    }
  CHECK(found);
  CHECK(codes(b).count("PWR008") == 0);
  // Run as 2+0: both modules carry it, PWR001 is silent and PWR008 says no module is spare.
  Build no_spare = server(R"(, "psu_redundant": 0, "gpus": [{"part": "nvidia-l40s", "count": 2}])");
  CHECK(codes(no_spare).count("PWR001") == 0);
  CHECK(codes(no_spare).count("PWR008") == 1);
  // One card fits on one module: neither rule fires, with or without the spare.
  Build small = server(R"(, "gpus": [{"part": "nvidia-l4", "count": 1}])");
  CHECK(codes(small).count("PWR001") == 0);
  CHECK(codes(small).count("PWR008") == 0);
  Build small_no_spare = server(R"(, "psu_redundant": 0, "gpus": [{"part": "nvidia-l4", "count": 1}])");
  CHECK(codes(small_no_spare).count("PWR008") == 0);
}

TEST_CASE("the barebone's cable list feeds the cable rules") {
  // Two 12V-2x6 cables for two L40S: CON002 silent, and CON004 has nothing to ask.
  Build b = server(R"(, "psu_redundant": 0, "gpus": [{"part": "nvidia-l40s", "count": 2}])");
  CHECK(b.psu_cables().hpwr_12v == 2);
  CHECK(codes(b).count("CON002") == 0);
  CHECK(codes(b).count("CON004") == 0);
}

TEST_CASE("passive cards pass in a server chassis rated for them and fail in a desktop tower") {
  Build in_server = server(R"(, "psu_redundant": 0, "gpus": [{"part": "nvidia-l40s", "count": 2}])");
  CHECK(codes(in_server).count("THM002") == 0);
  CHECK(codes(in_server).count("THM004") == 0);  // 350 W cards, rated 350 W
  Build hot = server(R"(, "psu_redundant": 0, "gpus": [{"part": "nvidia-h100-nvl-94gb", "count": 1}])");
  CHECK(codes(hot).count("THM004") == 1);  // 400 W card, rated 350 W
  Build desk = parse_build(R"({"cpu": "amd-ryzen-9-7900", "board": "asus-proart-x670e-creator",
      "gpus": [{"part": "nvidia-l40s", "count": 1}], "psu": "asus-rog-thor-1200p2", "chassis": "fractal-design-torrent"})",
                           "d.json", server_catalog());
  CHECK(codes(desk).count("THM002") == 1);
}

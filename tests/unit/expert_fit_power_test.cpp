// Issue 20, what an expert still found wrong after session 6: power-limit advice and requests
// against the card's own range (PWR001-PWR003, PWR007, the planner), placement by bandwidth need
// across all cards, card and cooler height (FIT006, FIT007), passive cooling in server chassis
// (THM004), the chipset uplink (PCIE005) and several NVLink bridge models in one build. Each
// rule has a firing and a silent case.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/html_report.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/topology.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;
using namespace rigplan::seed_build;

namespace {

const Catalog& with_rated_chassis() {
  static const Catalog c = [] {
    Catalog cat = Catalog::builtin();
    cat.add_layer(R"({"schema_version": 1, "parts": [{"id": "test-chassis-passive-300w", "kind": "chassis",
      "name": "fixture: server chassis rated for 300 W passive cards", "source": "https://example.com/t",
      "form_factors": ["atx", "e-atx"], "expansion_slots": 8, "max_gpu_length_mm": 350, "airflow": "server",
      "rack_units": 4, "max_card_height_mm": 120, "passive_gpu_max_w": 300}]})",
                  "fixture.json");
    return cat;
  }();
  return c;
}

}  // namespace

TEST_CASE("catalog: GPUs carry the power-limit range nvidia-smi reports, unknown where no source gives it") {
  const Catalog& c = Catalog::builtin();
  const Gpu* g5090 = c.find<Gpu>("nvidia-rtx-5090-fe");
  const Gpu* g4090 = c.find<Gpu>("nvidia-rtx-4090-fe");
  const Gpu* a6000 = c.find<Gpu>("nvidia-rtx-a6000");
  REQUIRE(g5090);
  REQUIRE(g4090);
  REQUIRE(a6000);
  CHECK(g5090->power_limits.min_w == 400);
  CHECK(!g5090->power_limits.max_w);  // the capture is a partner board's; the FE's maximum is not known
  CHECK(g4090->power_limits.min_w == 150);
  CHECK(a6000->power_limits.min_w == 100);
  CHECK(a6000->power_limits.max_w == 300);
  CHECK(a6000->power_limits.default_w == a6000->tdp_w);
  for (const auto* g : {g5090, g4090, a6000}) CHECK(has(g->power_limits.source, "nvidia-smi"));
  const Gpu* tuf = c.find<Gpu>("asus-tuf-gaming-rtx-4090-oc");
  REQUIRE(tuf);
  CHECK(!tuf->power_limits.known());
}

TEST_CASE("PWR007: a requested power limit below the card's minimum is an error; inside the range is silent") {
  auto d = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 1, "power_limit_w": 60}]})"), "PWR007");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "150 W"));
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 1, "power_limit_w": 300}]})"), "PWR007").empty());
  // Above the maximum where the maximum is known.
  auto hi = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 1, "power_limit_w": 320}]})"), "PWR007");
  REQUIRE(hi.size() == 1);
  CHECK(hi[0].severity == Severity::Error);
  CHECK(has(hi[0].message, "300 W"));
  // Unknown range: said, not judged.
  auto unk = found(json::parse(R"({"gpus": [{"part": "asus-tuf-gaming-rtx-4090-oc", "count": 1, "power_limit_w": 300}]})"), "PWR007");
  REQUIRE(unk.size() == 1);
  CHECK(unk[0].severity == Severity::Info);
  CHECK(has(unk[0].message, "not in the catalog"));
}

TEST_CASE("PWR advice never goes below the card's minimum power limit") {
  // Four RTX 5090s on a 1200 W PSU: the fitting limit is far below the 5090's 400 W floor.
  auto d = found(json::parse(R"({"board": "asus-pro-ws-wrx90e-sage-se", "cpu": "amd-threadripper-pro-7965wx",
    "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "cooler": "noctua-nh-u14s-tr5-sp6",
    "chassis": "supermicro-cse-747btq-r2k04b", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 4}]})"), "PWR001");
  REQUIRE(d.size() == 1);
  CHECK(!has(d[0].hint, "limit each GPU to"));
  CHECK(has(d[0].hint, "400 W"));
  CHECK(has(d[0].hint, "Min Power Limit"));
  // Four RTX 3090s on the same PSU need a limit, and the 3090 accepts it (its minimum is 100 W).
  auto ok = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 4}]})"), "PWR001");
  REQUIRE(ok.size() == 1);
  CHECK(has(ok[0].hint, "limit each GPU to"));
  CHECK(!has(ok[0].hint, "not in the catalog"));
}

TEST_CASE("PWR advice with an unknown minimum says it is unknown") {
  auto d = found(json::parse(R"({"gpus": [{"part": "asus-tuf-gaming-rtx-4090-oc", "count": 4}]})"), "PWR001");
  REQUIRE(d.size() == 1);
  CHECK(has(d[0].hint, "limit each GPU to"));
  CHECK(has(d[0].hint, "minimum power limit is not in the catalog"));
}

TEST_CASE("placement: a 400 Gb/s NIC takes the CPU x8 slot, not the chipset x2 one") {
  Build b = make_build(json::parse(R"({"nics": [{"part": "nvidia-connectx-7-ndr", "count": 1}]})"));
  Placement p = place_cards(b);
  REQUIRE(p.cards.size() == 2);
  const PlacedCard& gpu = p.cards[0];
  const PlacedCard& nic = p.cards[1];
  CHECK(nic.slot != "PCIEX16_3");  // the chipset's x2 slot
  CHECK(nic.source == "cpu");
  CHECK(nic.lanes == 8);
  CHECK(gpu.source == "cpu");
  CHECK(gpu.lanes == 8);  // the board's x8/x8 split: 15.75 GB/s lost on the GPU beats 46 GB/s lost on the NIC
  CHECK(nic.bandwidth_gb_s == Approx(31.5).epsilon(0.001));
  // A NIC whose line rate the chipset slot carries in full does not take lanes from the GPU.
  Catalog cat = Catalog::builtin();
  cat.add_layer(R"({"schema_version": 1, "parts": [{"id": "test-nic-10g", "kind": "nic", "name": "fixture: 10GbE, Gen3 x4",
    "source": "https://example.com/t", "protocol": "ethernet", "ports": 1, "speed_gbps": 10, "pcie": {"gen": 3, "lanes": 4},
    "power_w": 5}]})",
                "fixture.json");
  Placement q = place_cards(make_build(json::parse(R"({"nics": [{"part": "test-nic-10g", "count": 1}]})"), cat));
  REQUIRE(q.cards.size() == 2);
  CHECK(q.cards[0].lanes == 16);
  CHECK(q.cards[1].slot == "PCIEX16_3");
}

TEST_CASE("FIT007: a full-height card in a 2U chassis with half-height slots is an error; a 4U chassis is silent") {
  json base = json::parse(R"({"board": "asus-pro-ws-w790e-sage-se", "cpu": "intel-xeon-w9-3495x",
    "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "cooler": null,
    "gpus": [{"part": "nvidia-rtx-a4000", "count": 1}]})");
  json two_u = base, four_u = base;
  two_u["chassis"] = "sliger-cx2177a";
  four_u["chassis"] = "sliger-cx4170a";
  auto d = found(two_u, "FIT007");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "72 mm"));
  CHECK(has(d[0].message, "half-height"));
  CHECK(found(four_u, "FIT007").empty());
  // A rack chassis whose maker states no card height: said, not judged.
  json sm = base;
  sm["chassis"] = "supermicro-cse-747btq-r2k04b";
  auto unk = found(sm, "FIT007");
  REQUIRE(unk.size() == 1);
  CHECK(unk[0].severity == Severity::Info);
}

TEST_CASE("FIT006: an unknown cooler height is said to be unchecked, not passed silently") {
  auto d = found(json::parse(R"({"cooler": "test-cooler-am5-height-unknown"})"), "FIT006", fixture_catalog());
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Info);
  CHECK(has(d[0].message, "not checked"));
  CHECK(has(d[0].message, "test-cooler-am5-height-unknown"));
  // The NH-D15 G2's 168 mm clears the Torrent's 188 mm but not the O11 Dynamic EVO XL's 167 mm.
  CHECK(found(json::parse("{}"), "FIT006").empty());
  auto tall = found(json::parse(R"({"chassis": "lian-li-o11-dynamic-evo-xl"})"), "FIT006");
  REQUIRE(tall.size() == 1);
  CHECK(tall[0].severity == Severity::Error);
  CHECK(has(tall[0].message, "168"));
  // An AIO has no tower height to check.
  CHECK(found(json::parse(R"({"cooler": "arctic-liquid-freezer-iii-360"})"), "FIT006").empty());
}

TEST_CASE("THM004: a passive card above the chassis' rated power per card is an error; within it silent") {
  json base = json::parse(R"({"board": "asus-pro-ws-w790e-sage-se", "cpu": "intel-xeon-w9-3495x",
    "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "cooler": null,
    "chassis": "test-chassis-passive-300w"})");
  json hot = base, ok = base;
  hot["gpus"] = json::parse(R"([{"part": "nvidia-l40s", "count": 1}])");
  ok["gpus"] = json::parse(R"([{"part": "nvidia-l40", "count": 1}])");
  auto d = found(hot, "THM004", with_rated_chassis());
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "350 W"));
  CHECK(has(d[0].message, "300 W"));
  CHECK(found(ok, "THM004", with_rated_chassis()).empty());
  // A case bought on its own whose maker states no rating: THM005's warning (issue 29: a passive
  // L40S in a home-built rack case was only a note), not THM004's.
  json sm = hot;
  sm["chassis"] = "supermicro-cse-747btq-r2k04b";
  CHECK(found(sm, "THM004").empty());
  auto unk = found(sm, "THM005");
  REQUIRE(unk.size() == 1);
  CHECK(unk[0].severity == Severity::Warning);
  CHECK(has(unk[0].message, "not verified"));
  // An actively cooled card there, or a rated case: silent.
  json active = sm;
  active["gpus"] = json::parse(R"([{"part": "nvidia-rtx-6000-ada"}])");
  CHECK(found(active, "THM005").empty());
  CHECK(found(hot, "THM005", with_rated_chassis()).empty());
}

TEST_CASE("PCIE005: drives behind a B760's DMI 4.0 x4 oversubscribe it; one drive there is silent") {
  json base = json::parse(R"({"board": "asus-proart-b760-creator-d4", "cpu": "intel-core-i9-13900k",
    "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1}]})");
  json many = base, few = base;
  many["storage"] = json::parse(R"([{"part": "samsung-990-pro-4tb", "count": 3}])");
  few["storage"] = json::parse(R"([{"part": "samsung-990-pro-4tb", "count": 2}])");
  auto d = found(many, "PCIE005");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "DMI 4.0 x4"));
  CHECK(has(d[0].message, "M2_3"));
  CHECK(has(d[0].message, "M2_2"));
  CHECK(has(d[0].message, "7.9 GB/s"));
  CHECK(found(few, "PCIE005").empty());  // M2_1 is CPU-wired: one drive behind the chipset
}

TEST_CASE("NVLink: two bridge models in one build, each pair gets the one that spans it") {
  // A fixture board whose slots sit 2 and 3 openings apart, pair by pair (positions 1, 3, 5, 8).
  Catalog cat = Catalog::builtin();
  cat.add_layer(R"({"schema_version": 1, "parts": [{"id": "test-board-gaps-2-3", "kind": "board",
    "name": "fixture: slots 2 then 3 openings apart", "source": "https://example.com/t", "socket": "sTR5", "sockets": 1,
    "chipset": "WRX90", "form_factor": "eeb", "memory_type": "DDR5", "memory_slots": 8, "memory_max_gib": 2048,
    "dimm_types": ["rdimm"],
    "slots": [{"name": "S1", "position": 1, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"},
              {"name": "S3", "position": 3, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"},
              {"name": "S5", "position": 5, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"},
              {"name": "S8", "position": 8, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"}]}]})",
                "fixture.json");
  auto text = [](const char* bridges) {
    return std::string(R"({"cpu": "amd-threadripper-pro-7965wx", "board": "test-board-gaps-2-3",
      "gpus": [{"part": "nvidia-rtx-a6000", "count": 4}], "nvlink_bridge": )") + bridges + "}";
  };
  Build b = parse_build(text(R"([{"part": "nvidia-nvlink-bridge-rtx-a-3slot", "count": 1},
                                 {"part": "nvidia-nvlink-bridge-rtx-a-2slot", "count": 1}])"),
                        "t.json", cat);
  REQUIRE(b.bridges.size() == 2);
  CHECK(b.bridge_count == 2);
  Placement p = place_cards(b);
  auto pairs = nvlink_pairs(b, p);
  REQUIRE(pairs.size() == 2);
  // Every listing of the build's parts sees both models (Build::bridge_models).
  auto models = b.bridge_models();
  REQUIRE(models.size() == 2);
  CHECK(models[0].part->id == "nvidia-nvlink-bridge-rtx-a-3slot");
  CHECK(models[1].part->id == "nvidia-nvlink-bridge-rtx-a-2slot");
  CheckResult r = check_build(b, Assumptions{});
  std::string page = check_report_html({CheckedBuild{b, r, predict_topology(b, r.placement), {}}}, false);
  CHECK(has(page, "<dt>NVLink bridge</dt><dd>nvidia-nvlink-bridge-rtx-a-3slot</dd>"));
  CHECK(has(page, "<dt>NVLink bridge</dt><dd>nvidia-nvlink-bridge-rtx-a-2slot</dd>"));
  CHECK(has(page, "bridged by nvidia-nvlink-bridge-rtx-a-2slot (2 openings apart)"));
  CHECK(has(page, "bridged by nvidia-nvlink-bridge-rtx-a-3slot (3 openings apart)"));
  CHECK(pairs[0].gap == 2);
  CHECK(pairs[0].bridge == "nvidia-nvlink-bridge-rtx-a-2slot");
  CHECK(pairs[1].gap == 3);
  CHECK(pairs[1].bridge == "nvidia-nvlink-bridge-rtx-a-3slot");
  CHECK(pairs[0].joined);
  CHECK(pairs[1].joined);
  auto count = [](const Build& x, const char* code) {
    int n = 0;
    for (const auto& d : check_build(x, Assumptions{}).diagnostics) n += d.code == code;
    return n;
  };
  CHECK(count(b, "NVL003") == 0);
  // One model only: the pair whose gap it does not span fails NVL003, and topo shows no NVLink there.
  Build one = parse_build(text(R"({"part": "nvidia-nvlink-bridge-rtx-a-3slot", "count": 2})"), "t.json", cat);
  CHECK(count(one, "NVL003") == 1);
  auto one_pairs = nvlink_pairs(one, place_cards(one));
  REQUIRE(one_pairs.size() == 2);
  CHECK(one_pairs[0].joined != one_pairs[1].joined);
  // A bridge of another generation in the list is NVL001's.
  Build mixed = parse_build(text(R"([{"part": "nvidia-nvlink-bridge-rtx-a-3slot", "count": 1},
                                     {"part": "nvidia-nvlink-bridge-quadro-rtx-2slot", "count": 1}])"),
                            "t.json", cat);
  std::vector<Diagnostic> nvl001;
  for (const auto& d : check_build(mixed, Assumptions{}).diagnostics)
    if (d.code == "NVL001") nvl001.push_back(d);
  REQUIRE(nvl001.size() == 1);  // the A6000 entry against the NVLink 2 bridge; the NVLink 3 one fits
  CHECK(has(nvl001[0].message, "nvidia-nvlink-bridge-quadro-rtx-2slot"));
  // The emitted build keeps both models.
  auto j = build_to_json(b);
  REQUIRE(j["nvlink_bridge"].is_array());
  CHECK(j["nvlink_bridge"].size() == 2);
}

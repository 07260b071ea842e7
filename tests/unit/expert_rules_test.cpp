// Issue 20 and issue 15's verdicts: the severities and messages of the expert rules (SW001-SW006,
// CON004, PCIE004, BLD001, PWR002, NVL002), beyond whether their codes fire (rules_test.cpp does
// that), and the engine holding each rule to the severities its doc declares.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;
using namespace rigplan::seed_build;

namespace {

// The built-in catalog with one more part (a test variant of a catalog part), added as a user's
// overlay layer adds it.
Catalog builtin_with_part(const nlohmann::json& part) {
  Catalog c = Catalog::builtin();
  c.add_layer(nlohmann::json{{"schema_version", 1}, {"parts", {part}}}.dump(), "t.json");
  return c;
}

}  // namespace

TEST_CASE("SW001: a toolkit older than the architecture is a warning that names the PTX route") {
  auto d = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.4"}})"), "SW001");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "PTX"));
  CHECK(has(d[0].message, "CUDA 12.8"));
}

TEST_CASE("SW002/SW006: driver 535 with CUDA 12.4 is a warning naming the limits, not an error") {
  json patch = json::parse(R"({"software": {"driver": "535.54.03", "cuda": "12.4"}})");
  CHECK(found(patch, "SW002").empty());
  auto d = found(patch, "SW006");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "minor-version compatibility"));
  CHECK(has(d[0].message, "525.60.13"));
  CHECK(has(d[0].message, "PTX"));
  CHECK(has(d[0].hint, "550.54.14"));
  // Below the 12.x family minimum it is an error again.
  auto e = found(json::parse(R"({"software": {"driver": "520.61.05", "cuda": "12.4"}})"), "SW002");
  REQUIRE(e.size() == 1);
  CHECK(e[0].severity == Severity::Error);
  CHECK(has(e[0].message, "525.60.13"));
  // Within the 11.x family the minimum is 450.80.02.
  // (A Turing T4, so that the driver-predates-the-GPU check stays out of it.)
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-t4"}], "software": {"driver": "410.48", "cuda": "11.1"}})"), "SW002").size() == 1);
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-t4"}], "software": {"driver": "455.23", "cuda": "11.1"}})"), "SW002").empty());
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-t4"}], "software": {"driver": "450.80.02", "cuda": "11.8"}})"), "SW002").empty());
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-t4"}], "software": {"driver": "450.80.02", "cuda": "11.8"}})"), "SW006").size() == 1);
}

TEST_CASE("SW004: CUDA 13 on a V100 is an error naming the dropped architectures") {
  auto d = found(json::parse(R"({"gpus": [{"part": "nvidia-v100-pcie-32gb"}], "software": {"cuda": "13.0"}})"), "SW004");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "7.5"));
  CHECK(has(d[0].hint, "CUDA 12.x"));
}

TEST_CASE("SW005: CUDA on an AMD card is an error, a warning beside NVIDIA cards") {
  auto alone = found(json::parse(R"({"gpus": [{"part": "amd-radeon-pro-w7900"}], "software": {"cuda": "12.4"}})"), "SW005");
  REQUIRE(alone.size() == 1);
  CHECK(alone[0].severity == Severity::Error);
  CHECK(has(alone[0].message, "ROCm"));
  auto mixed = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}, {"part": "amd-radeon-pro-w7900"}],
                                     "chassis": "corsair-7000d-airflow", "software": {"cudnn": "9.1"}})"),
                     "SW005");
  REQUIRE(mixed.size() == 1);
  CHECK(mixed[0].severity == Severity::Warning);
}

TEST_CASE("CON004: a bare module is an error that names the module and what it cannot feed") {
  auto d = found(json::parse(R"({"psu": "artesyn-csu2000ap", "gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})"), "CON004");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "4 power socket(s)"));
  CHECK(has(d[0].message, "EPS12V"));
  CHECK(d[0].parts.front() == "artesyn-csu2000ap");
}

TEST_CASE("CON004: a PSU whose cable table is unknown is a warning naming the cables to check; CON001-003 skip it") {
  const Catalog& c = fixture_catalog();
  json two_4090 = json::parse(R"({"psu": "test-psu-1600-cables-unknown", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})");
  auto d = found(two_4090, "CON004", c, Assumptions{});
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "no cable table for test-psu-1600-cables-unknown"));
  CHECK(has(d[0].message, "needs 2 12V-2x6 cables and 1 EPS12V cable"));
  CHECK(d[0].parts.front() == "test-psu-1600-cables-unknown");
  // Two 3090s: four 8-pin sockets. The 0 counts of an unknown table must not read as "no cables".
  json two_3090 = json::parse(R"({"psu": "test-psu-1600-cables-unknown", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})");
  CHECK(has(found(two_3090, "CON004", c, Assumptions{}).at(0).message, "4 PCIe 8-pin cables and 1 EPS12V cable"));
  for (const char* code : {"CON001", "CON002", "CON003"}) {
    CAPTURE(code);
    CHECK(found(two_4090, code, c, Assumptions{}).empty());
    CHECK(found(two_3090, code, c, Assumptions{}).empty());
  }
  // The same build on a PSU with a known table gets no CON004 finding.
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})"), "CON004").empty());
}

TEST_CASE("FIT001: a chassis whose GPU length is not stated is a warning naming the longest card, not an error") {
  const Catalog& c = fixture_catalog();
  auto d = found(json::parse(R"({"chassis": "test-tower-gpu-length-unknown", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 1}]})"),
                 "FIT001", c, Assumptions{});
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "not checked"));
  CHECK(has(d[0].message, "304 mm"));
  CHECK(d[0].parts.front() == "test-tower-gpu-length-unknown");
  // A stated length still fails a longer card.
  auto e = found(json::parse(R"({"chassis": "test-chassis-small", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 1}]})"),
                 "FIT001", c, Assumptions{});
  REQUIRE(e.size() == 1);
  CHECK(e[0].severity == Severity::Error);
}

TEST_CASE("PCIE004: the lane budget names the devices that lose width") {
  json patch = json::parse(R"({"cpu": "intel-xeon-w5-2455x", "board": "asus-pro-ws-w790e-sage-se",
    "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "gpus": [{"part": "nvidia-rtx-a4000", "count": 7}],
    "chassis": "silverstone-rm52", "cooler": "noctua-nh-u14s-dx-4677"})");
  auto d = found(patch, "PCIE004");
  REQUIRE(d.size() == 1);
  // Three cards left with no lanes do not work: an error (issue 29), not a warning.
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "3 cards without lanes do not work"));
  CHECK(has(d[0].message, "need 112 lanes and it has 64 (48 short)"));
  CHECK(has(d[0].message, "no lanes"));
  CHECK(has(d[0].message, "PCIEX16G5_7"));
  CHECK(d[0].parts.front() == "intel-xeon-w5-2455x");
}

TEST_CASE("PCIE004: two EPYC CPUs keep the lanes their socket links do not take") {
  // A two-socket SP5 board wiring five x16 GPU slots to the first CPU: 80 lanes. With the default
  // four x16 xGMI links each CPU has 64 lanes for slots; a board built for three links has 80.
  nlohmann::json board = Catalog::builtin().raw("supermicro-h13dsg-o-cpu");
  board["id"] = "test-2p-five-on-cpu1";
  board.erase("no_price");
  board["slots"][4]["source"] = "cpu";
  auto with_links = [&](int links) {
    nlohmann::json b = board;
    if (links) b["socket_links"] = links;
    Catalog c = builtin_with_part(b);
    nlohmann::json patch = {{"cpu", "amd-epyc-9124"}, {"cpu_count", 2}, {"board", "test-2p-five-on-cpu1"},
                            {"memory", {{{"part", "samsung-ddr5-5600-rdimm-32gb"}, {"count", 24}}}},
                            {"gpus", {{{"part", "nvidia-l40s"}, {"count", 8}}}}, {"cooler", nullptr}};
    return found(patch, "PCIE004", c);
  };
  auto d = with_links(0);
  REQUIRE(d.size() == 1);
  CHECK(has(d[0].message, "need 80 lanes and it has 64 (16 short)"));
  CHECK(has(d[0].message, "64 of its 128 lanes joining the sockets"));
  CHECK(d[0].severity == Severity::Error);  // the fifth card gets none of the 64 lanes
  CHECK(with_links(3).empty());
  // A card narrowed (x8 of x16) but not cut off stays a warning.
  board["slots"][0]["lanes"] = 8;
  auto narrowed = with_links(0);
  REQUIRE(narrowed.size() == 1);
  CHECK(narrowed[0].severity == Severity::Warning);
  CHECK(has(narrowed[0].message, "x8 of x16"));
  CHECK_FALSE(has(narrowed[0].message, "without lanes"));
  // One CPU on the same board has all 128 lanes (CPU002 judges the empty second socket).
  CHECK(found({{"cpu", "amd-epyc-9124"}, {"cpu_count", 1}, {"board", "supermicro-h13dsg-o-cpu"},
               {"gpus", {{{"part", "nvidia-l40s"}, {"count", 4}}}}}, "PCIE004").empty());
}

TEST_CASE("PCIE004: a CPU's slower extra lanes feed slots of their generation, never a faster one") {
  // The TRX50 example: four cards and a CPU-wired M.2 drive on the Pro WS TRX50-SAGE WIFI take 44
  // PCIe 5.0 lanes (x16, x16, x8, x4) and the PCIe 4.0 x16 slot; a Threadripper 7970X has 48 PCIe
  // 5.0 lanes and at least 16 PCIe 4.0 lanes (pcie_lanes_extra).
  nlohmann::json patch = {{"cpu", "amd-threadripper-7970x"}, {"board", "asus-pro-ws-trx50-sage-wifi"},
                          {"memory", {{{"part", "samsung-ddr5-4800-rdimm-64gb"}, {"count", 4}}}},
                          {"gpus", {{{"part", "nvidia-rtx-4000-ada"}, {"count", 4}}}},
                          {"storage", {{{"part", "wd-black-sn850x-2tb"}, {"count", 1}}}},
                          {"chassis", "fractal-design-meshify-2-xl"}, {"cooler", "noctua-nh-u14s-tr5-sp6"}};
  CHECK(found(patch, "PCIE004").empty());
  // Without the extra lanes the same devices need 60 of 48 lanes.
  nlohmann::json cpu = Catalog::builtin().raw("amd-threadripper-7970x");
  cpu["id"] = "test-7970x-48-lanes";
  cpu.erase("pcie_lanes_extra");
  cpu.erase("verify");
  Catalog only48 = builtin_with_part(cpu);
  nlohmann::json p48 = patch;
  p48["cpu"] = "test-7970x-48-lanes";
  auto d = found(p48, "PCIE004", only48);
  REQUIRE(d.size() == 1);
  CHECK(has(d[0].message, "need 60 lanes and it has 48 (12 short)"));
  // With the fourth slot wired for PCIe 5.0 the PCIe 4.0 lanes cannot feed it: 60 PCIe 5.0 lanes on
  // 48, 12 short although 64 lanes are there in all.
  nlohmann::json board = Catalog::builtin().raw("asus-pro-ws-trx50-sage-wifi");
  board["id"] = "test-trx50-all-gen5";
  board["slots"][4]["gen"] = 5;
  Catalog fast = builtin_with_part(board);
  nlohmann::json pfast = patch;
  pfast["board"] = "test-trx50-all-gen5";
  auto e = found(pfast, "PCIE004", fast);
  REQUIRE(e.size() == 1);
  CHECK(has(e[0].message, "need 60 lanes and it has 64 (48 PCIe 5 + 16 PCIe 4, the latter for slots of PCIe 4 or below) (12 short)"));
  CHECK(has(e[0].message, "M.2 drive in M2_1 no lanes"));
  CHECK(e[0].severity == Severity::Warning);  // every card keeps some lanes
  // Only 8 extra lanes: the PCIe 4.0 x16 slot, nearer the CPU than the M.2 socket, takes them and
  // the 4 PCIe 5.0 lanes the faster slots leave, and the M.2 drive is left without.
  cpu = Catalog::builtin().raw("amd-threadripper-7970x");
  cpu["id"] = "test-7970x-8-extra";
  cpu["pcie_lanes_extra"]["lanes"] = 8;
  Catalog few = builtin_with_part(cpu);
  nlohmann::json pfew = patch;
  pfew["cpu"] = "test-7970x-8-extra";
  auto f = found(pfew, "PCIE004", few);
  REQUIRE(f.size() == 1);
  CHECK(has(f[0].message, "(4 short)"));
  CHECK(has(f[0].message, "M.2 drive in M2_1 no lanes"));
  CHECK_FALSE(has(f[0].message, "PCIEX16G4_2"));
}

TEST_CASE("BLD001: each missing essential is its own error") {
  auto d = found(json::parse(R"({"memory": [], "psu": null})"), "BLD001");
  REQUIRE(d.size() == 2);
  CHECK(d[0].severity == Severity::Error);
  CHECK(has(d[0].message, "no memory"));
  CHECK(has(d[1].message, "no PSU"));
}

TEST_CASE("PWR002: a transient past an ATX 2.x unit's trip point is an error, past an unstated one's a warning") {
  // Issue 15: 4 x RTX 3090 at 350 W on one 1600 W ATX 2.x unit tripped over-current protection.
  json four = json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 4}], "psu": "corsair-ax1600i",
                             "chassis": "silverstone-rm52"})");
  auto atx2 = found(four, "PWR002");
  REQUIRE(atx2.size() == 1);
  CHECK(atx2[0].severity == Severity::Error);
  CHECK(has(atx2[0].message, "ATX 2.x"));
  // The seed's PSU (1200 W) states no ATX version: the same test stays a warning. Three 3090s:
  // 1050 x 1.33 + 172 W = 1569 W over 1-10 ms, past the 1440 W trip point.
  auto unknown = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})"), "PWR002");
  REQUIRE(unknown.size() == 1);
  CHECK(unknown[0].severity == Severity::Warning);
  CHECK(has(unknown[0].message, "version not stated"));
}

TEST_CASE("MEM006: the bandwidth lost to empty channels, from DIMM speed x 8 bytes x channels") {
  auto d = found(json::parse(R"({"cpu": "amd-epyc-9124", "board": "supermicro-h13ssl-n", "cooler": null,
    "chassis": "silverstone-rm52", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}]})"), "MEM006");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  // 4800 MT/s x 8 B = 38.4 GB/s per channel: 4 of 12 channels = 153.6 of 460.8 GB/s, 307.2 lost.
  CHECK(has(d[0].message, "populate 4 of 12 memory channels"));
  CHECK(has(d[0].message, "153.6 of 460.8 GB/s"));
  CHECK(has(d[0].message, "307.2 GB/s lost"));
}

TEST_CASE("PWR003: the CPU counts at the workload's load; all-core alone over the limit is a warning") {
  // Issue 15: four 280 W cards on a US 15 A circuit (1440 W continuous) ran. Here four TITAN RTX
  // at 260 W on a 1600 W titanium unit with a Ryzen 9 7950X (230 W package power): with the CPU at
  // full power the DC load is 1040 + 230 + 9 + 75 = 1354 W, 84.6 % of the rating, where the 80 PLUS
  // titanium 115 V curve gives 94 - 4 x 0.346 / 0.5 = 91.2 %: 1484 W at the wall. At the
  // training-loop share (cpu_load 0.5) 1239 W DC at 91.8 %: 1350 W.
  json rig = json::parse(R"({"gpus": [{"part": "nvidia-titan-rtx", "count": 4, "power_limit_w": 260}],
                            "cpu": "amd-ryzen-9-7950x", "psu": "corsair-ax1600i",
                            "outlet": "us-120v-15a", "chassis": "silverstone-rm52"})");
  auto d = found(rig, "PWR003");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Warning);
  CHECK(has(d[0].message, "1484 W"));
  CHECK(has(d[0].message, "1350 W"));
  CHECK(has(d[0].message, "50 %"));
  Assumptions compile;
  compile.cpu_load = 1;  // an all-core compile beside the GPUs: the user's choice
  auto e = found(rig, "PWR003", compile);
  REQUIRE(e.size() == 1);
  CHECK(e[0].severity == Severity::Error);
  CHECK(has(e[0].message, "100 % of package power"));
  // A 350 W Threadripper with the cards at 280 W is over the limit even at the training-loop share
  // (1120 + 175 + 9 + 75 = 1379 W DC at 91.1 %: 1514 W).
  rig["gpus"][0]["power_limit_w"] = 280;
  rig["cpu"] = "amd-threadripper-7960x";
  rig["board"] = "asus-pro-ws-trx50-sage-wifi";
  rig["memory"] = json::parse(R"([{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}])");
  rig["cooler"] = nullptr;
  auto t = found(rig, "PWR003");
  REQUIRE(t.size() == 1);
  CHECK(t[0].severity == Severity::Error);
}

TEST_CASE("heat output: every wall watt is heat, 1 W = 3.412 BTU/h (NIST SP 811)") {
  CHECK(heat_btu_per_hour(1000) == Approx(3412.14).epsilon(1e-5));
  CHECK(heat_btu_per_hour(0) == 0);
}

TEST_CASE("NVL002: a bridge across two GPU models is an error, as its doc declares") {
  auto d = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}, {"part": "nvidia-rtx-3090-ti-fe"}],
                                 "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})"),
                 "NVL002");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  const RuleDoc& doc = find_rule("NVL002")->doc();
  CHECK(doc.severity == Severity::Warning);
  REQUIRE(doc.also);
  CHECK(*doc.also == Severity::Error);
}

namespace {

// A rule whose doc says "info" but which reports an error: the engine must refuse it.
class UndeclaredSeverity : public Rule {
 public:
  const RuleDoc& doc() const override {
    static const RuleDoc d{"TST001", "test-undeclared", Severity::Info, PlannerAction::RuleOutPlatform, needs({}), "", "",
                           "", "", "", ""};
    return d;
  }
  void check(const Build&, const RuleContext&, std::vector<Diagnostic>& out) const override {
    Diagnostic d = make("escalated", {});
    d.severity = Severity::Error;
    out.push_back(d);
  }
};

// A rule that reports under another rule's code: the planner would read that rule's action.
class OtherCode : public Rule {
 public:
  const RuleDoc& doc() const override {
    static const RuleDoc d{"TST002", "test-other-code", Severity::Warning, PlannerAction::NextPsu, needs({}), "", "", "", "",
                           "", ""};
    return d;
  }
  void check(const Build&, const RuleContext&, std::vector<Diagnostic>& out) const override {
    Diagnostic d = make("borrowed", {});
    d.code = "FIT001";
    out.push_back(d);
  }
};

// A rule that needs a chassis and a CUDA version, and counts the builds it was run on.
class NeedsChassisAndCuda : public Rule {
 public:
  mutable int runs = 0;
  const RuleDoc& doc() const override {
    static const RuleDoc d{"TST003", "test-needs", Severity::Warning, PlannerAction::NextChassis,
                           needs({Need::Chassis, Need::Cuda}, {Need::Cooler}), "", "", "", "", "", ""};
    return d;
  }
  void check(const Build&, const RuleContext&, std::vector<Diagnostic>&) const override { ++runs; }
};

}  // namespace

TEST_CASE("the engine runs a rule only on builds that have what it needs") {
  nlohmann::json j = seed();
  j["software"] = {{"cuda", "12.8"}};
  j.erase("cooler");
  Build with = parse_build(j.dump(), "case.json", Catalog::builtin());
  j.erase("chassis");
  Build no_chassis = parse_build(j.dump(), "case.json", Catalog::builtin());
  j = seed();
  Build no_cuda = parse_build(j.dump(), "case.json", Catalog::builtin());
  NeedsChassisAndCuda rule;
  for (const Build* b : {&with, &no_chassis, &no_cuda}) {
    CheckResult r = check_build(*b);
    RuleContext ctx{r.placement, r.power, Assumptions{}};
    std::vector<Diagnostic> out;
    run_rule(rule, *b, ctx, out);
  }
  CHECK(rule.runs == 1);  // the one with both: its missing cooler (needed in part only) does not stop it
  CHECK(missing_needs(no_chassis, rule.doc().needs.all) == std::vector<Need>{Need::Chassis});
  CHECK(missing_needs(no_cuda, rule.doc().needs.all) == std::vector<Need>{Need::Cuda});
  CHECK(need_names(rule.doc().needs.all) == "chassis, software.cuda");
  CHECK(need_names(rule.doc().needs.partly) == "CPU cooler");
}

TEST_CASE("the engine refuses a finding under a code other than its rule's") {
  Build b = parse_build(seed().dump(), "case.json", Catalog::builtin());
  CheckResult r = check_build(b);
  RuleContext ctx{r.placement, r.power, Assumptions{}};
  std::vector<Diagnostic> out;
  CHECK_THROWS_WITH(run_rule(OtherCode{}, b, ctx, out), Catch::Contains("TST002") && Catch::Contains("FIT001"));
}

TEST_CASE("the engine refuses a finding whose severity the rule's doc does not declare") {
  Build b = parse_build(seed().dump(), "case.json", Catalog::builtin());
  CheckResult r = check_build(b);
  RuleContext ctx{r.placement, r.power, Assumptions{}};
  std::vector<Diagnostic> out;
  CHECK_THROWS_WITH(run_rule(UndeclaredSeverity{}, b, ctx, out),
                    Catch::Contains("TST001") && Catch::Contains("severity error"));
  // Every registered rule's second severity differs from its default.
  for (const auto& rule : rule_registry())
    if (rule->doc().also) CHECK(*rule->doc().also != rule->doc().severity);
}

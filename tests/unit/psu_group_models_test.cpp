// PSU groups judged group by group (issue 29): each group may name its own PSU model, and the
// rules that read a PSU's input rating (PWR004's low-line derating, PWR006's input voltage) judge
// each group's model at its own outlet, as PWR001-003 judge each group's load and each circuit.
// The two-circuit 4 x RTX 5090 example is the base; each case edits one group.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
#include "rigplan/power.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/tco.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {
json two_circuit_rig() {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/examples/builds/w790-4x-5090-two-psus-two-circuits.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str());
}
Build group_build(const json& j) { return parse_build(j.dump(), "groups.json", Catalog::builtin()); }
std::vector<Diagnostic> group_findings(const json& j, const std::string& code) {
  std::vector<Diagnostic> out;
  for (const auto& d : check_build(group_build(j), Assumptions{}).diagnostics)
    if (d.code == code) out.push_back(d);
  return out;
}
bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("PWR006 judges each PSU group's model at its own outlet") {
  json j = two_circuit_rig();
  CHECK(group_findings(j, "PWR006").empty());
  // Group b's units are a 200-240 V server module on the 120 V outlet: that group fails, not a.
  j["psu_groups"][1]["psu"] = "supermicro-pws-2k08a-1r";
  auto d = group_findings(j, "PWR006");
  REQUIRE(d.size() == 1);
  CHECK(d[0].severity == Severity::Error);
  CHECK(mentions(d[0].message, "PSU group \"b\": supermicro-pws-2k08a-1r is rated for"));
  CHECK(d[0].parts == std::vector<std::string>{"supermicro-pws-2k08a-1r", "us-120v-20a"});
  // The same module on a 220 V outlet of its own circuit runs.
  j["psu_groups"][1]["outlet"] = "kr-220v-16a";
  CHECK(group_findings(j, "PWR006").empty());
  // Without groups, the build's own PSU and outlet, as before.
  json single = two_circuit_rig();
  single.erase("psu_groups");
  for (auto& g : single["gpus"]) g.erase("psu_group");
  single["psu"] = "supermicro-pws-2k08a-1r";
  REQUIRE(group_findings(single, "PWR006").size() == 1);
}

TEST_CASE("PWR004 judges each PSU group's model at its own outlet") {
  json j = two_circuit_rig();
  CHECK(group_findings(j, "PWR004").empty());
  j["psu_groups"][1]["psu"] = "hp-dps-1200fb";  // rated lower at 100-127 V
  auto d = group_findings(j, "PWR004");
  REQUIRE(d.size() == 1);
  CHECK(mentions(d[0].message, "PSU group \"b\": hp-dps-1200fb delivers"));
  CHECK(mentions(d[0].message, "at 120 V"));
  j["psu_groups"][1]["outlet"] = "kr-220v-16a";
  CHECK(group_findings(j, "PWR004").empty());
  // The group's own low-line rating is what its PWR001 reads.
  j["psu_groups"][1].erase("outlet");
  Build b = group_build(j);
  PowerBudget p = power_budget(b, Assumptions{});
  REQUIRE(p.groups.size() == 2);
  CHECK(p.groups[1].psu == Catalog::builtin().find<Psu>("hp-dps-1200fb"));
  CHECK(p.groups[1].psu_w == Approx(*Catalog::builtin().find<Psu>("hp-dps-1200fb")->watts_115v));
  auto over = group_findings(j, "PWR001");
  REQUIRE(over.size() == 1);
  CHECK(mentions(over[0].message, "PSU group \"b\" (1 x hp-dps-1200fb)"));
}

TEST_CASE("a PSU group's own model is priced, counted for cables and written back") {
  json j = two_circuit_rig();
  j["psu"] = "asus-rog-thor-1200p2";
  j["psu_groups"][1]["psu"] = "msi-meg-ai1300p-pcie5";
  Build b = group_build(j);
  REQUIRE(b.psu_groups.size() == 2);
  CHECK(b.psu_groups[0].psu == b.psu);
  CHECK(b.psu_groups[1].psu->id == "msi-meg-ai1300p-pcie5");
  int thor = 0, msi = 0;
  for (const auto& [part, count] : purchased_parts(b)) {
    if (part->id == "asus-rog-thor-1200p2") thor += count;
    if (part->id == "msi-meg-ai1300p-pcie5") msi += count;
  }
  CHECK(thor == 1);
  CHECK(msi == 1);
  PsuConnectors c = b.psu_cables();
  CHECK(c.known);
  CHECK(c.pcie_8pin == 12);
  CHECK(c.hpwr_12v == 2);
  auto back = build_to_json(b);
  CHECK_FALSE(back["psu_groups"][0].contains("psu"));
  CHECK(back["psu_groups"][1]["psu"] == "msi-meg-ai1300p-pcie5");
  CHECK(group_build(json::parse(back.dump())).psu_groups[1].psu == b.psu_groups[1].psu);
}

TEST_CASE("a PSU group naming a part that is not a PSU is bad input at its pointer") {
  json j = two_circuit_rig();
  j["psu_groups"][1]["psu"] = "us-120v-20a";
  try {
    group_build(j);
    FAIL("accepted an outlet as a PSU model");
  } catch (const InputError& e) {
    REQUIRE_FALSE(e.issues().empty());
    CHECK(e.issues()[0].pointer == "/psu_groups/1/psu");
  }
}

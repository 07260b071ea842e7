// Generic stand-ins for what a partial build leaves unchosen (issue 29): a partial build with no
// chassis is judged in a generic ATX tower, or a generic 4U server chassis for passive or module
// GPUs; the chassis rules then judge it, unknown figures come out as "not verified", BLD002 says
// what was assumed, and the stand-in is not written back into the build file. A complete build
// with no chassis, and a partial one that names its chassis, are judged as written.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "builds/generic_parts.hpp"
#include "rigplan/build.hpp"
#include "rigplan/checked_build.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {
CheckedBuild generic_checked(const json& j) {
  return run_check(parse_build(j.dump(), "partial.json", Catalog::builtin()), Assumptions{});
}
std::vector<Diagnostic> generic_found(const CheckedBuild& c, const std::string& code) {
  std::vector<Diagnostic> out;
  for (const auto& d : c.result.diagnostics)
    if (d.code == code) out.push_back(d);
  return out;
}
bool generic_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
json four_3090(bool partial) {
  json j{{"name", "four cards on one PSU"}, {"gpus", {{{"part", "nvidia-rtx-3090-fe"}, {"count", 4}}}},
         {"psu", "corsair-hx1200i-2025"}};
  if (partial) j["partial"] = true;
  return j;
}
}  // namespace

TEST_CASE("a partial build without a chassis is judged in a generic tower, and the chassis rules run") {
  CheckedBuild c = generic_checked(four_3090(true));
  REQUIRE(c.build.chassis);
  CHECK(c.build.chassis->id == kGenericTowerId);
  CHECK(c.build.assumed_parts == std::vector<std::string>{kGenericTowerId});
  auto note = generic_found(c, "BLD002");
  REQUIRE(note.size() == 1);
  CHECK(note[0].severity == Severity::Info);
  CHECK(generic_has(note[0].message, "assumed generic ATX desktop tower"));
  CHECK(generic_has(note[0].message, "7 expansion slots"));
  // Four flow-through cards in a desktop: THM003 now judges them.
  REQUIRE(generic_found(c, "THM003").size() == 1);
  // The tower's GPU clearance is not a standard figure: FIT001 says so.
  auto len = generic_found(c, "FIT001");
  REQUIRE(len.size() == 1);
  CHECK(len[0].severity == Severity::Warning);
  CHECK(generic_has(len[0].message, "not checked"));
  // The stand-in is not part of the file.
  CHECK_FALSE(build_to_json(c.build).contains("chassis"));
}

TEST_CASE("passive and module GPUs get the generic 4U server chassis; its airflow rating is not verified") {
  json j{{"partial", true}, {"gpus", {{{"part", "nvidia-l40s"}, {"count", 4}}}}};
  CheckedBuild c = generic_checked(j);
  REQUIRE(c.build.chassis);
  CHECK(c.build.chassis->id == kGenericServerChassisId);
  CHECK(generic_has(generic_found(c, "BLD002").at(0).message, "4U rack server chassis"));
  CHECK(generic_found(c, "THM002").empty());  // not judged as a desktop
  auto thm = generic_found(c, "THM005");
  REQUIRE(thm.size() == 1);
  CHECK(generic_has(thm[0].message, "cooling not verified"));
  json sxm{{"partial", true}, {"gpus", {{{"part", "nvidia-b200-sxm-180gb"}, {"count", 8}}}}};
  CHECK(std::string(generic_chassis_for(parse_build(sxm.dump(), "sxm.json", Catalog::builtin()))) ==
        kGenericServerChassisId);
}

TEST_CASE("complete builds and partial builds that name their chassis are judged as written") {
  CheckedBuild whole = generic_checked(four_3090(false));
  CHECK(whole.build.chassis == nullptr);
  CHECK(whole.build.assumed_parts.empty());
  REQUIRE(generic_found(whole, "BLD002").size() == 1);
  CHECK(generic_has(generic_found(whole, "BLD002")[0].message, "nothing is assumed"));
  CHECK(generic_found(whole, "THM003").empty());
  json named = four_3090(true);
  named["chassis"] = "fractal-design-torrent";
  CheckedBuild n = generic_checked(named);
  CHECK(n.build.chassis->id == "fractal-design-torrent");
  CHECK(n.build.assumed_parts.empty());
  CHECK(generic_found(n, "BLD002").empty());
  // A board no stand-in claims to mount (SSI-EEB): no chassis is assumed, so FIT004 makes no
  // finding about a case nobody chose.
  json eeb = four_3090(true);
  eeb["board"] = "asus-pro-ws-w790e-sage-se";
  CheckedBuild e = generic_checked(eeb);
  CHECK(e.build.chassis == nullptr);
  CHECK(generic_found(e, "FIT004").empty());
  CHECK(generic_has(generic_found(e, "BLD002").at(0).message, "nothing is assumed"));
  json atx = four_3090(true);
  atx["board"] = "asus-proart-x670e-creator";
  CHECK(generic_checked(atx).build.assumed_parts == std::vector<std::string>{kGenericTowerId});
}

TEST_CASE("the generic chassis carry only standard figures and leave the rest unknown") {
  const Catalog& cat = Catalog::builtin();
  for (const char* id : {kGenericTowerId, kGenericServerChassisId}) {
    const Chassis* ch = cat.find<Chassis>(id);
    REQUIRE(ch);
    CHECK(ch->expansion_slots == 7);
    CHECK(ch->max_gpu_length_mm <= 0);
    CHECK_FALSE(ch->passive_gpu_max_w);
    CHECK_FALSE(ch->price);
  }
  CHECK(cat.find<Chassis>(kGenericServerChassisId)->rack_units == 4);
  CHECK(cat.find<Chassis>(kGenericServerChassisId)->airflow == "server");
  CHECK(cat.find<Chassis>(kGenericTowerId)->airflow == "desktop");
}

// Issue 29's placement and severity verdicts: an OCP mezzanine NIC against the board's OCP slots
// (NET002: an error where the board entry counts none, a note where it does not say).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using namespace rigplan::seed_build;
using nlohmann::json;

TEST_CASE("NET002: an OCP NIC on a desktop board is an error; on a board that does not say, a note") {
  // The seed's ProArt X670E-Creator lists its expansion slots and none is OCP (ocp_slots 0).
  auto desk = found(json::parse(R"({"nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})"), "NET002");
  REQUIRE(desk.size() == 1);
  CHECK(desk[0].severity == Severity::Error);
  CHECK(has(desk[0].message, "has no OCP slot"));
  // A board entry that does not count OCP slots (the ROMED8-2T): a note, as before.
  auto unknown = found(json::parse(R"({"cpu": "amd-epyc-7443p", "board": "asrock-rack-romed8-2t",
      "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 8}],
      "nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})"),
                       "NET002");
  REQUIRE(unknown.size() == 1);
  CHECK(unknown[0].severity == Severity::Info);
  // A board with one OCP slot takes one card, not two (a fixture copy of the ProArt).
  nlohmann::json board = Catalog::builtin().raw("asus-proart-x670e-creator");
  board["id"] = "test-board-one-ocp";
  board["ocp_slots"] = 1;
  board.erase("prices");
  board.erase("no_price");
  board.erase("no_recent_price");
  board.erase("market");
  board["no_price"] = "fixture";
  Catalog c = Catalog::builtin();
  c.add_layer(nlohmann::json{{"schema_version", 1}, {"parts", {board}}}.dump(), "t.json");
  CHECK(
      found(json::parse(
                R"({"board": "test-board-one-ocp", "nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})"),
            "NET002", c)
          .empty());
  auto two = found(json::parse(R"({"board": "test-board-one-ocp",
      "nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p", "count": 2}]})"),
                   "NET002", c);
  REQUIRE(two.size() == 1);
  CHECK(two[0].severity == Severity::Error);
  CHECK(has(two[0].message, "2 OCP mezzanine cards"));
}

// Card placement, link negotiation and the predicted topology.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/topology.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

Build build(const char* text, const Catalog& c = Catalog::builtin()) { return parse_build(text, "t.json", c); }

const Catalog& with_shared_board() {
  static const Catalog c = [] {
    Catalog cat = Catalog::builtin();
    cat.add_layer(R"({"schema_version": 1, "parts": [{"id": "test-board-m2-shared", "kind": "board",
      "name": "fixture: M.2_2 disables the second slot", "source": "https://example.com/t", "socket": "AM5", "sockets": 1,
      "chipset": "X670E", "form_factor": "atx", "memory_type": "DDR5", "memory_slots": 4, "memory_max_gib": 192,
      "dimm_types": ["udimm"],
      "slots": [{"name": "A", "position": 1, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"},
                {"name": "B", "position": 4, "physical": 16, "lanes": 8, "gen": 5, "source": "cpu"},
                {"name": "C", "position": 7, "physical": 16, "lanes": 4, "gen": 4, "source": "chipset"}],
      "m2_slots": [{"name": "M2_1", "lanes": 4, "gen": 5, "source": "cpu"}, {"name": "M2_2", "lanes": 4, "gen": 5, "source": "cpu"}],
      "sharing": [{"when": ["B"], "slot": "A", "lanes": 8}, {"when": ["M2_2"], "slot": "B", "lanes": 0}]}]})",
                  "fixture.json");
    return cat;
  }();
  return c;
}

}  // namespace

TEST_CASE("PCIe per-lane bandwidth follows the PCI-SIG line rates") {
  CHECK(16 * pcie_gb_s_per_lane(3) == Approx(15.75).epsilon(0.001));  // DOMAIN.md: x16 3.0 = 15.75 GB/s
  CHECK(pcie_gb_s_per_lane(4) == Approx(2 * pcie_gb_s_per_lane(3)));
  CHECK(pcie_gb_s_per_lane(1) == Approx(0.25));
}

TEST_CASE("one GPU takes the first CPU x16 slot at full width") {
  Placement p = place_cards(build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7900",
                                      "gpus": [{"part": "nvidia-rtx-3090-fe"}]})"));
  REQUIRE(p.cards.size() == 1);
  CHECK(p.cards[0].slot == "PCIEX16_1");
  CHECK(p.cards[0].lanes == 16);
  CHECK(p.cards[0].gen == 4);  // the card is PCIe 4.0 in a 5.0 slot
  CHECK(p.cards[0].bandwidth_gb_s == Approx(31.5).epsilon(0.001));
  CHECK(p.cards[0].covers_to == p.cards[0].position + 2);
}

TEST_CASE("two GPUs split the CPU lanes x8/x8, never using the chipset slot") {
  Placement p = place_cards(build(R"({"board": "asus-proart-x670e-creator", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})"));
  REQUIRE(p.cards.size() == 2);
  CHECK(p.cards[0].slot == "PCIEX16_1");
  CHECK(p.cards[1].slot == "PCIEX16_2");
  CHECK(p.cards[0].lanes == 8);  // sharing: x8/x8 when PCIEX16_2 is used
  CHECK(p.cards[1].lanes == 8);
}

TEST_CASE("thin cards get an air gap, and a bridge gets its spacing") {
  Placement gap = place_cards(build(R"({"board": "asus-pro-ws-wrx90e-sage-se", "gpus": [{"part": "nvidia-rtx-a6000", "count": 2}]})"));
  CHECK(gap.cards[1].position - gap.cards[0].position == 3);  // 2-slot cards, one free opening between
  Placement bridged = place_cards(build(R"({"board": "asus-pro-ws-wrx90e-sage-se", "gpus": [{"part": "nvidia-rtx-a6000", "count": 2}],
                                            "nvlink_bridge": "nvidia-nvlink-bridge-rtx-a-2slot"})"));
  CHECK(bridged.cards[1].position - bridged.cards[0].position == 2);
}

TEST_CASE("lane sharing with M.2 drives disables a slot; placement avoids it") {
  const Catalog& c = with_shared_board();
  Placement none = place_cards(build(R"({"board": "test-board-m2-shared", "gpus": [{"part": "nvidia-rtx-a6000", "count": 2}]})", c));
  CHECK(none.cards[1].slot == "B");
  Placement two_m2 = place_cards(build(R"({"board": "test-board-m2-shared", "gpus": [{"part": "nvidia-rtx-a6000", "count": 2}],
                                           "storage": [{"part": "wd-black-sn850x-2tb", "count": 2}]})", c));
  CHECK(two_m2.m2_used == std::vector<std::string>{"M2_1", "M2_2"});
  CHECK(two_m2.cards[0].slot == "A");
  CHECK(two_m2.cards[0].lanes == 16);  // B is disabled, so A keeps x16
  CHECK(two_m2.cards[1].slot == "C");
  Placement forced = place_cards(build(R"({"board": "test-board-m2-shared", "gpus": [{"part": "nvidia-rtx-a6000", "slots": ["B"]}],
                                           "storage": [{"part": "wd-black-sn850x-2tb", "count": 2}]})", c));
  CHECK(forced.cards[0].slot == "B");
  CHECK(forced.cards[0].slot_lanes == 0);
  CHECK_FALSE(forced.automatic);
}

TEST_CASE("cards that do not fit are left unplaced") {
  Placement p = place_cards(build(R"({"board": "asus-proart-x670e-creator", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})"));
  int unplaced = 0;
  for (const auto& c : p.cards) unplaced += c.slot.empty();
  CHECK(unplaced == 1);
}

TEST_CASE("predicted topology") {
  Build b = build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7950x",
                      "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})");
  Topology t = predict_topology(b, place_cards(b));
  REQUIRE(t.devices == std::vector<std::string>{"GPU0", "GPU1"});
  CHECK(t.links[0][0] == "X");
  CHECK(t.links[0][1] == "NV4");
  b.bridge = nullptr;
  CHECK(predict_topology(b, place_cards(b)).links[0][1] == "PHB");
  Build tr = build(R"({"board": "asus-pro-ws-wrx90e-sage-se", "cpu": "amd-threadripper-pro-7975wx",
                       "gpus": [{"part": "nvidia-rtx-a6000", "count": 2}]})");
  CHECK(predict_topology(tr, place_cards(tr)).links[0][1] == "NODE");
  Build mixed = build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7950x",
                          "gpus": [{"part": "nvidia-rtx-a6000", "count": 2, "slots": ["PCIEX16_1", "PCIEX16_3"]}]})");
  CHECK(predict_topology(mixed, place_cards(mixed)).links[0][1] == "PHB");
}

// Card placement, link negotiation and the predicted topology.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
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
  CHECK(16 * pcie_gb_s_per_lane(3) == Approx(15.75).epsilon(0.001));  // PCIe 3.0: 8 GT/s, 128b/130b: x16 = 15.75 GB/s
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

TEST_CASE("topology shows NVLink only where the rules accept the bridge") {
  // The RTX 4090 has no NVLink: a bridge in the build file joins nothing (NVL001 says so).
  Build ada = build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7950x",
                        "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})");
  Topology t = predict_topology(ada, place_cards(ada));
  CHECK(t.links[0][1] == "PHB");
  REQUIRE(t.nvlink.size() == 1);
  CHECK_FALSE(t.nvlink[0].joined);
  CHECK(t.nvlink[0].why.find("no NVLink") != std::string::npos);
  // A bridge of the wrong spacing for the slots joins nothing either (NVL003).
  Build far = build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7950x",
                        "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})");
  Topology f = predict_topology(far, place_cards(far));
  REQUIRE(f.nvlink.size() == 1);
  CHECK(f.nvlink[0].joined == (f.nvlink[0].gap == 4));
  CHECK((f.links[0][1] == "NV4") == f.nvlink[0].joined);
  // Four A6000s with two 2-slot bridges: two NVLink pairs, PCIe (NODE) between the pairs.
  Build four = load_build(RIGPLAN_SOURCE_DIR "/examples/builds/threadripper-pro-4x-a6000.json", Catalog::builtin());
  Topology q = predict_topology(four, place_cards(four));
  REQUIRE(q.nvlink.size() == 2);
  CHECK(q.nvlink[0].joined);
  CHECK(q.nvlink[1].joined);
  CHECK(q.links[0][1] == "NV4");
  CHECK(q.links[2][3] == "NV4");
  CHECK(q.links[1][2] == "NODE");
  CHECK(q.links[0][3] == "NODE");
}

TEST_CASE("topology affinity columns follow nvidia-smi's CPU numbering") {
  // nvidia-smi topo -m on 2 × 10-core Xeons with Hyper-Threading prints 0-9,20-29 and 10-19,30-39.
  CHECK(socket_cpu_list(10, 20, 2, 0) == "0-9,20-29");
  CHECK(socket_cpu_list(10, 20, 2, 1) == "10-19,30-39");
  CHECK(socket_cpu_list(16, 32, 1, 0) == "0-31");
  CHECK(socket_cpu_list(8, 8, 1, 0) == "0-7");
  CHECK(socket_cpu_list(0, 0, 1, 0) == "N/A");
  Build four = load_build(RIGPLAN_SOURCE_DIR "/examples/builds/threadripper-pro-4x-a6000.json", Catalog::builtin());
  Topology q = predict_topology(four, place_cards(four));
  const Cpu& cpu = *four.cpu;
  REQUIRE(q.cpu_affinity.size() == 4);
  CHECK(q.cpu_affinity[0] == fmt::format("0-{}", cpu.threads - 1));
  CHECK(q.numa_affinity[0] == "0");
  Build none = build(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1}]})");
  CHECK(predict_topology(none, place_cards(none)).cpu_affinity[0] == "N/A");
}

namespace {

// Two fixture boards: one whose slots list the bifurcation modes their firmware offers, and the
// same board whose second slot offers none (x16 only).
const Catalog& with_bifurcation_boards() {
  static const Catalog c = [] {
    Catalog cat = Catalog::builtin();
    cat.add_layer(R"json({"schema_version": 1, "parts": [
      {"id": "test-board-bifurcation", "kind": "board", "name": "fixture: both slots split x8x8", "source": "https://example.com/t",
       "socket": "SP3", "sockets": 1, "chipset": "SoC (none)", "form_factor": "atx", "memory_type": "DDR4", "memory_slots": 8,
       "memory_max_gib": 2048, "dimm_types": ["rdimm"],
       "slots": [{"name": "S1", "position": 1, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu", "bifurcation": ["x16", "x8x8", "x4x4x4x4"]},
                 {"name": "S2", "position": 3, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu", "bifurcation": ["x16", "x8x8"]}]},
      {"id": "test-board-no-split", "kind": "board", "name": "fixture: S2 offers x16 only", "source": "https://example.com/t",
       "socket": "SP3", "sockets": 1, "chipset": "SoC (none)", "form_factor": "atx", "memory_type": "DDR4", "memory_slots": 8,
       "memory_max_gib": 2048, "dimm_types": ["rdimm"],
       "slots": [{"name": "S1", "position": 1, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu", "bifurcation": ["x16"]},
                 {"name": "S2", "position": 3, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu", "bifurcation": ["x16"]}]}]})json",
                  "fixture.json");
    return cat;
  }();
  return c;
}

}  // namespace

TEST_CASE("a bifurcation riser puts its cards in one slot, each on its share of the lanes") {
  const Catalog& c = with_bifurcation_boards();
  // Three cards, two slots: the x8x8 riser is the only way to place all three.
  Placement p = place_cards(build(R"({"board": "test-board-bifurcation", "cpu": "amd-epyc-7443p",
      "gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"},
               {"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w"}]})", c));
  REQUIRE(p.cards.size() == 3);
  for (const auto& card : p.cards) CHECK_FALSE(card.slot.empty());
  CHECK(p.cards[1].slot == p.cards[2].slot);  // the riser's two outputs
  CHECK(p.cards[0].slot != p.cards[1].slot);
  CHECK(p.cards[0].lanes == 16);
  CHECK(p.cards[1].lanes == 8);  // x16 split x8x8
  CHECK(p.cards[2].lanes == 8);
  CHECK(p.cards[1].gen == 3);    // the riser is rated PCIe 3.0
  CHECK(p.cards[1].lanes_without_riser == 16);
  CHECK(p.cards[1].bandwidth_gb_s == Approx(8 * pcie_gb_s_per_lane(3)));
  // Never more cards in the slot than the riser has outputs: a third one stays out.
  Placement three = place_cards(build(R"({"board": "test-board-bifurcation",
      "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 5, "riser": "c-payne-pcie-bifurcation-x8x8-2w"}]})", c));
  int placed = 0;
  for (const auto& card : three.cards) placed += !card.slot.empty();
  CHECK(placed == 4);
}

TEST_CASE("placement keeps bifurcation risers out of slots whose firmware cannot split them") {
  const Catalog& c = with_bifurcation_boards();
  Placement p = place_cards(build(R"({"board": "test-board-no-split",
      "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w"}]})", c));
  for (const auto& card : p.cards) CHECK(card.slot.empty());
}

TEST_CASE("a user-given slot without the riser's split, or too many cards on it, is exit-2 input") {
  const Catalog& c = with_bifurcation_boards();
  auto error_at = [&](const char* text) -> std::string {
    try {
      build(text, c);
    } catch (const InputError& e) {
      std::string all;
      for (const auto& issue : e.issues()) all += issue.to_string() + "\n";
      return all;
    }
    return "";
  };
  std::string no_split = error_at(R"({"board": "test-board-no-split",
      "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w", "slots": ["S2", "S2"]}]})");
  CHECK_THAT(no_split, Catch::Contains("/gpus/0/slots/0") && Catch::Contains("x8x8") && Catch::Contains("offers only x16"));
  std::string too_many = error_at(R"({"board": "test-board-bifurcation",
      "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3, "riser": "c-payne-pcie-bifurcation-x8x8-2w", "slots": ["S1", "S1", "S1"]}]})");
  CHECK_THAT(too_many, Catch::Contains("/gpus/0/slots/2") && Catch::Contains("carries 2 cards"));
  CHECK(error_at(R"({"board": "test-board-bifurcation",
      "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w", "slots": ["S1", "S1"]}]})").empty());
}

// A graphics card's edge is x16 whatever its wired lanes: the RTX 5060 Ti (x8 wired) does not go
// into a closed x8 slot, and goes into the x16 one.
TEST_CASE("an x8-wired GPU keeps its x16 edge: no closed x8 slot takes it") {
  static const Catalog c = [] {
    Catalog cat = Catalog::builtin();
    cat.add_layer(R"({"schema_version": 1, "parts": [{"id": "test-board-x8-closed", "kind": "board",
      "name": "fixture: a closed x8 slot and an x16 slot", "source": "https://example.com/t", "socket": "AM5",
      "sockets": 1, "chipset": "X670E", "form_factor": "atx", "memory_type": "DDR5", "memory_slots": 4,
      "memory_max_gib": 192, "dimm_types": ["udimm"],
      "slots": [{"name": "X8", "position": 1, "physical": 8, "lanes": 8, "gen": 5, "source": "cpu"},
                {"name": "X16", "position": 4, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"}]}]})",
                  "fixture.json");
    return cat;
  }();
  auto one = [&](int count) {
    return place_cards(build(fmt::format(R"({{"cpu": "amd-ryzen-9-7950x", "board": "test-board-x8-closed",
      "gpus": [{{"part": "nvidia-rtx-5060-ti-16gb", "count": {}}}]}})", count).c_str(), c));
  };
  Placement p = one(1);
  REQUIRE(p.cards.size() == 1);
  CHECK(p.cards[0].slot == "X16");
  Placement two = one(2);
  REQUIRE(two.cards.size() == 2);
  CHECK(two.cards[0].slot != "X8");
  CHECK(two.cards[1].slot != "X8");
  CHECK((two.cards[0].slot.empty() || two.cards[1].slot.empty()));
}

TEST_CASE("a NIC pinned to a slot keeps it: the automatic GPUs go elsewhere (issue 29)") {
  // The GPU used to be searched first, took PCIEX16_1, and the pinned NIC was then put in the same
  // slot: two cards in one slot, a false error.
  Placement p = place_cards(build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7900",
                                      "gpus": [{"part": "nvidia-rtx-3090-fe"}],
                                      "nics": [{"part": "nvidia-connectx-7-ndr200", "slots": ["PCIEX16_1"]}]})"));
  REQUIRE(p.cards.size() == 2);
  CHECK(p.cards[1].slot == "PCIEX16_1");
  CHECK(p.cards[1].user_placed);
  CHECK(p.cards[0].slot == "PCIEX16_2");  // the next x16-long slot whose openings the NIC leaves free
  CHECK(p.cards[0].slot != p.cards[1].slot);
  // Unpinned, the placer chooses both slots, one card each.
  Placement q = place_cards(build(R"({"board": "asus-proart-x670e-creator", "cpu": "amd-ryzen-9-7900",
                                      "gpus": [{"part": "nvidia-rtx-3090-fe"}],
                                      "nics": [{"part": "nvidia-connectx-7-ndr200"}]})"));
  REQUIRE(q.cards.size() == 2);
  CHECK_FALSE(q.cards[0].slot.empty());
  CHECK_FALSE(q.cards[1].slot.empty());
  CHECK(q.cards[0].slot != q.cards[1].slot);
}

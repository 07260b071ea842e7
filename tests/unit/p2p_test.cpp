// Peer-to-peer between GPUs (include/rigplan/p2p.hpp): the sourced table, the predicted
// `nvidia-smi topo -p2p r` matrix of a build, the build's own statement (software.p2p), and the
// performance model's link: a build whose GPUs lose P2P is timed host-staged, as `size --no-p2p`.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/p2p.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/topology.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;

namespace {

Build p2p_build(const char* patch) {
  json b = seed_build::seed();
  b.merge_patch(json::parse(patch));
  return parse_build(b.dump(), "p2p.json", seed_build::fixture_catalog());
}

std::string p2p_pair(const char* patch) {
  Build b = p2p_build(patch);
  Placement p = place_cards(b);
  Topology t = predict_topology(b, p);
  REQUIRE(t.p2p.status.size() >= 2);
  return p2p_code(t.p2p.status[0][1]);
}

constexpr const char* kSp3Patch =
    R"({"cpu": "amd-epyc-7443p", "board": "asrock-rack-romed8-2t", "cooler": null,
        "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 8}],
        "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})";

}  // namespace

TEST_CASE("p2p: every row of the table names its source and its reason") {
  REQUIRE_FALSE(p2p_table().empty());
  for (const auto& r : p2p_table()) {
    INFO(r.product_line << " " << r.architecture);
    CHECK_FALSE(r.source.empty());
    CHECK_FALSE(r.reason.empty());
    CHECK(r.status != P2pStatus::Unknown);
  }
}

TEST_CASE("p2p: a card's verdict by product line, architecture and platform") {
  const Catalog& c = Catalog::builtin();
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-4090-fe"), "AM5").status == P2pStatus::NotSupported);
  CHECK(pcie_p2p(*c.find<Gpu>("asus-tuf-gaming-rtx-4090-oc"), "").status == P2pStatus::NotSupported);  // every 4090 board
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-5090-fe"), "sTR5").status == P2pStatus::GpuNotSupported);
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-3090-fe"), "AM5").status == P2pStatus::Ok);
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-3090-fe"), "SP3").status == P2pStatus::ChipsetNotSupported);
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-6000-ada"), "AM5").status == P2pStatus::Ok);  // the professional line
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-pro-6000-blackwell-workstation"), "sTR5").status == P2pStatus::Ok);
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-gtx-1080-ti-fe"), "LGA2011-3").status == P2pStatus::Unknown);  // no row
  CHECK(pcie_p2p(*c.find<Gpu>("amd-radeon-rx-7900-xtx"), "AM5").status == P2pStatus::Unknown);
  CHECK(pcie_p2p(*c.find<Gpu>("nvidia-rtx-4090-fe"), "AM5").row != nullptr);
  CHECK(std::string(p2p_code(P2pStatus::ChipsetNotSupported)) == "CNS");
}

TEST_CASE("p2p: the predicted matrix of a build, NVLink pairs and the build's own statement") {
  CHECK(p2p_pair(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})") == "NS");
  CHECK(p2p_pair(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})") == "OK");
  CHECK(p2p_pair(kSp3Patch) == "CNS");
  json bridged = json::parse(kSp3Patch);
  bridged["nvlink_bridge"] = "nvidia-nvlink-bridge-3090-4slot";
  CHECK(p2p_pair(bridged.dump().c_str()) == "OK");  // the bridge carries it, whatever the chipset says
  CHECK(p2p_pair(R"({"gpus": [{"part": "nvidia-rtx-a6000"}, {"part": "nvidia-rtx-6000-ada"}]})") == "NS");
  CHECK(p2p_pair(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "software": {"p2p": true}})") == "OK");
  CHECK(p2p_pair(R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}], "software": {"p2p": false}})") == "NS");

  Build b = p2p_build(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})");
  Topology t = predict_topology(b, place_cards(b));
  REQUIRE(t.p2p.notes.size() == 1);
  CHECK(t.p2p.notes[0].find("nvidia-rtx-4090-fe (NS)") == 0);
  CHECK(t.p2p.notes[0].find("source:") != std::string::npos);
  CHECK_FALSE(t.p2p.stated);
}

TEST_CASE("p2p: the performance model times a build without P2P host-staged, as --no-p2p does") {
  Build b4090 = p2p_build(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})");
  Placement p = place_cards(b4090);
  CHECK_FALSE(gpus_peer_to_peer(b4090, p));
  Hardware auto_hw = hardware_from_build(b4090, p, true);
  Hardware forced = hardware_from_build(b4090, p, false);
  CHECK(auto_hw.link.kind == "pcie-host-staged");
  CHECK(auto_hw.link.gb_s == Approx(forced.link.gb_s));

  Build stated = p2p_build(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "software": {"p2p": true}})");
  Placement ps = place_cards(stated);
  CHECK(hardware_from_build(stated, ps, true).link.kind == "pcie-p2p");
  CHECK(hardware_from_build(stated, ps, false).link.kind == "pcie-host-staged");  // --no-p2p still wins

  Build b3090 = p2p_build(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})");
  CHECK(hardware_from_build(b3090, place_cards(b3090), true).link.kind == "pcie-p2p");
  Build sp3 = p2p_build(kSp3Patch);
  CHECK(hardware_from_build(sp3, place_cards(sp3), true).link.kind == "pcie-host-staged");
}

TEST_CASE("p2p: software.p2p round-trips through the build file") {
  Build b = p2p_build(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "software": {"p2p": true}})");
  REQUIRE(b.software.p2p);
  CHECK(*b.software.p2p);
  auto j = build_to_json(b);
  CHECK(j.at("software").at("p2p") == true);
  Build none = p2p_build(R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})");
  CHECK_FALSE(none.software.p2p);
  CHECK_FALSE(build_to_json(none).contains("software"));
}

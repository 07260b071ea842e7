// Consumer parts added for issues 14 and 15 (data/catalog/memory-consumer.json, gpus-partner.json):
// every one carries a dated street price from the 2025-07-23 snapshot, and a board-partner card
// carries exactly its chip's figures (only the board's size, power and sockets are its own).
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "rigplan/catalog.hpp"

using namespace rigplan;

namespace {
bool from_file(const PartBase& p, const std::string& file) {
  return p.origin.size() >= file.size() && p.origin.compare(p.origin.size() - file.size(), file.size(), file) == 0;
}

void check_street_priced(const PartBase& p) {
  INFO(p.id);
  REQUIRE(p.price.has_value());
  CHECK(p.price->kind == PriceKind::Street);
  CHECK(p.price->date == "2025-07-23");
  CHECK(p.price->source.find("pc-part-dataset") != std::string::npos);
  CHECK(p.price->usd > 0);
  CHECK(p.no_price.empty());
}
}  // namespace

TEST_CASE("every consumer part added from the snapshot has a dated street price") {
  const Catalog& c = Catalog::builtin();
  int memory = 0, gpus = 0;
  for (const Memory& m : c.all<Memory>())
    if (from_file(m, "memory-consumer.json")) ++memory, check_street_priced(m);
  for (const Gpu& g : c.all<Gpu>())
    if (from_file(g, "gpus-partner.json")) ++gpus, check_street_priced(g);
  CHECK(memory >= 15);
  CHECK(gpus >= 3);
}

TEST_CASE("a board-partner card has its chip's figures and its own board's") {
  const Catalog& c = Catalog::builtin();
  const std::map<std::string, std::string> chip_of = {
      {"asus-tuf-gaming-rtx-3090-oc", "nvidia-rtx-3090-fe"},
      {"gigabyte-rtx-3090-gaming-oc-24g", "nvidia-rtx-3090-fe"},
      {"asus-tuf-gaming-rtx-4090-oc", "nvidia-rtx-4090-fe"},
  };
  for (const auto& [card_id, chip_id] : chip_of) {
    INFO(card_id);
    const Gpu* card = c.find<Gpu>(card_id);
    const Gpu* chip = c.find<Gpu>(chip_id);
    REQUIRE(card);
    REQUIRE(chip);
    CHECK(card->architecture == chip->architecture);
    CHECK(card->compute_capability == chip->compute_capability);
    CHECK(card->memory_gib == chip->memory_gib);
    CHECK(card->memory_bandwidth_gb_s == chip->memory_bandwidth_gb_s);
    CHECK(card->tflops.fp32 == chip->tflops.fp32);
    CHECK(card->tflops.bf16 == chip->tflops.bf16);
    CHECK(card->tflops.fp8 == chip->tflops.fp8);
    CHECK(card->tflops.int8 == chip->tflops.int8);
    CHECK(card->nvlink.has_value() == chip->nvlink.has_value());
    // These three boards are longer and thicker than NVIDIA's own cards, and their power limits
    // (from the reviews) are at or above the chip's rated board power.
    CHECK(card->length_mm >= 300);
    CHECK(card->slot_width >= 2.5);
    CHECK(card->tdp_w >= chip->tdp_w);
  }
  // The two RTX 3090 boards differ from NVIDIA's 12-pin Founders Edition: two 8-pin sockets each.
  CHECK(c.find<Gpu>("asus-tuf-gaming-rtx-3090-oc")->power_connectors.pcie_8pin == 2);
  CHECK(c.find<Gpu>("gigabyte-rtx-3090-gaming-oc-24g")->power_connectors.pcie_8pin == 2);
  CHECK(c.find<Gpu>("asus-tuf-gaming-rtx-4090-oc")->power_connectors.hpwr_12v == 1);
}

// FIT008: a fit that depends on a figure the catalog lacks is "not verified", a warning that
// names the figure, the part and what to measure (src/rules/fit_unverified.hpp says when a figure
// is decisive). A note that a check was skipped reads as a pass; here the outcome really is open:
// a passive data-centre card (full height, 111.15 mm) in a 2U chassis with 72 mm half-height
// slots, a 165 mm tower cooler in a 2U chassis that clears 66 mm.
#include "rules/fit_unverified.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit008)

const RuleDoc& Fit008::doc() const {
  static const RuleDoc d{"FIT008", "fit-not-verified", Severity::Warning, PlannerAction::NextChassis,
                         needs({Need::Chassis}, {Need::Cooler}),
                         "the missing height from the maker's sheet or a measurement, or a chassis with "
                         "full-height slots and room for a tall cooler",
                         "A fit that hangs on a figure the catalog lacks: a PCIe card of unknown height in a chassis "
                         "whose slots take cards lower than full height (111.15 mm), or an air cooler of unknown "
                         "height in a chassis that clears less than a tall tower cooler (165 mm). Says which figure "
                         "of which part to measure.",
                         "Half-height slots turn away every full-height card, and a passive data-centre card is full "
                         "height; a tower cooler in a 2U chassis keeps the lid open. With the figure unknown the "
                         "build is not shown to fit, and a note that a check was skipped would read as a pass.",
                         R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-h100-pcie-80gb"}], "chassis": "sliger-cx2177a", "cooler": "arctic-liquid-freezer-iii-360"})",
                         R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-h100-pcie-80gb"}], "chassis": "sliger-cx4170a", "cooler": "arctic-liquid-freezer-iii-360"})",
                         "PCI Express Card Electromechanical Specification (full height 111.15 mm, low profile "
                         "68.90 mm); the chassis maker's card-height limit and CPU cooler clearance; Noctua's spec "
                         "sheets (NH-U14S and NH-D15 165 mm)."};
  return d;
}

void Fit008::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& g : b.gpus) {
    if (!card_height_decisive(b, g)) continue;
    out.push_back(make(fmt::format("card fit not verified: {}'s height is not in the catalog and {} takes cards up to "
                                   "{} mm (half-height, low-profile slots); a full-height card ({} mm) does not go in",
                                   g.part->id, b.chassis->id, num(b.chassis->max_card_height_mm), num(kCemFullHeightMm)),
                       {g.part->id, b.chassis->id},
                       fmt::format("measure {} from the bottom of its edge connector (the slot fingers) to its top edge, or "
                                   "read the maker's dimensions (low profile is at most 68.9 mm); a 3U/4U chassis "
                                   "with full-height slots avoids the question",
                                   g.part->id)));
  }
  if (cooler_height_decisive(b))
    out.push_back(make(fmt::format("cooler fit not verified: {}'s height is not in the catalog and {} clears {} mm for "
                                   "the CPU cooler (tower coolers stand up to {} mm)",
                                   b.cooler->id, b.chassis->id, num(b.chassis->max_cpu_cooler_height_mm),
                                   num(kTallTowerCoolerMm)),
                       {b.cooler->id, b.chassis->id},
                       fmt::format("measure {} from the CPU's top (the base plate) to its highest point, fan "
                                   "included, or read the maker's sheet; a low-profile or server cooler rated for "
                                   "the chassis avoids the question",
                                   b.cooler->id)));
}

}  // namespace rigplan::rules

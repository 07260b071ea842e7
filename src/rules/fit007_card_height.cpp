// FIT007: a GPU's height against the tallest card the chassis' slots take. A 2U chassis has
// half-height (low-profile) slots: the Sliger CX2177a takes cards up to 72 mm, so a full-height
// card (PCIe CEM: up to 111.15 mm; consumer cards reach 140 mm) does not go in at all; some 4U
// chassis limit the height with a card retainer (SilverStone RM44: 113 mm). The chassis figure is
// the maker's printed maximum (max_card_height_mm); where either height is not in the catalog the
// check says it was skipped: for rack chassis (towers take any card a slot does) and for cards in
// a chassis that does state a limit.
#include "rules/fit_unverified.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit007)

const RuleDoc& Fit007::doc() const {
  static const RuleDoc d{"FIT007", "card-height", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Chassis}),
                         "a chassis with full-height slots, a lower card, or a riser that takes the card "
                         "out of the slot row",
                         "Each PCIe GPU's height against the chassis' max_card_height_mm (half-height slots in 2U "
                         "chassis, card retainers in 4U ones); an info note when a height is not in the catalog.",
                         "A full-height card does not fit a low-profile slot, and a card taller than a retainer "
                         "allows keeps the lid from closing.",
                         R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-a4000"}], "chassis": "sliger-cx2177a", "cooler": "noctua-nh-u14s-dx-4677"})",
                         R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-a4000"}], "chassis": "sliger-cx4170a", "cooler": "noctua-nh-u14s-dx-4677"})",
                         "The chassis maker's expansion-card height limit; the card maker's height (PCI Express "
                         "Card Electromechanical Specification: full height 111.15 mm, low profile 68.90 mm).",
                         Severity::Info};
  return d;
}

void Fit007::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.chassis->open_frame()) return;
  double max = b.chassis->max_card_height_mm;
  bool any_pcie = false;
  for (const auto& g : b.gpus) {
    if (g.part->form_factor != "pcie" || g.riser) continue;  // on a riser the card sits outside the slot row
    any_pcie = true;
    if (max <= 0) continue;
    double h = g.part->height_mm;
    if (h > max) {
      out.push_back(make(fmt::format("{} is {} mm tall; {} takes cards up to {} mm{}", g.part->id, num(h), b.chassis->id,
                                     num(max), max < 80 ? " (half-height, low-profile slots)" : ""),
                         {g.part->id, b.chassis->id},
                         max < 80 ? "use a low-profile card or a 3U/4U chassis with full-height slots"
                                  : "use a lower card, or a chassis that takes taller cards"));
    } else if (h <= 0 && !card_height_decisive(b, g)) {  // decisive: FIT008 warns
      Diagnostic d = make(fmt::format("card height not checked: {} takes cards up to {} mm and {}'s height is not in "
                                      "the catalog",
                                      b.chassis->id, num(max), g.part->id),
                          {g.part->id, b.chassis->id}, "the card maker's dimensions give its height");
      d.severity = Severity::Info;
      out.push_back(d);
    }
  }
  if (any_pcie && max <= 0 && b.chassis->rack_units > 0) {
    Diagnostic d = make(fmt::format("card height not checked: {} is a {}U chassis and its maker's height limit for "
                                    "expansion cards is not in the catalog",
                                    b.chassis->id, b.chassis->rack_units),
                        {b.chassis->id}, "check the chassis manual for full-height or low-profile slots");
    d.severity = Severity::Info;
    out.push_back(d);
  }
}

}  // namespace rigplan::rules

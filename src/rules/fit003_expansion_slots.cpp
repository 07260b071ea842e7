// FIT003: a card that reaches past the chassis's last expansion opening.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit003)

const RuleDoc& Fit003::doc() const {
  static const RuleDoc d{"FIT003", "expansion-slots", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Chassis}),
                         "a larger chassis (--form, or overlay one with --catalog)",
                         "The last opening each card covers against the chassis's expansion-slot count.",
                         "A thick card in the bottom slot of a board needs openings below the board's last slot; "
                         "a 7-slot ATX case has none there, so the card's bracket or cooler collides with the case.",
                         R"({"chassis": "corsair-4000d-airflow", "gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}]})",
                         R"({"chassis": "corsair-4000d-airflow", "gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_1"]}]})",
                         "The chassis maker's expansion-slot count; card slot widths; board slot positions."};
  return d;
}

void Fit003::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  if (b.chassis->open_frame()) return;  // an open frame has no slot openings
  for (const auto& c : ctx.placement.cards)
    if (!c.slot.empty() && c.covers_to > b.chassis->expansion_slots)
      out.push_back(make(fmt::format("{} in {} covers openings {}-{}, but {} has {} expansion slots", c.part, c.slot,
                                     c.position, c.covers_to, b.chassis->id, b.chassis->expansion_slots),
                         {c.part, b.chassis->id}, "use a higher slot, a thinner card, or a chassis with more openings"));
}

}  // namespace rigplan::rules

// FIT002: a card placed in a slot that another card's cooler covers.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit002)

const RuleDoc& Fit002::doc() const {
  static const RuleDoc d{"FIT002", "slot-covered", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "other slots (leave \"slots\" out to let placement choose), thinner cards, or a "
                         "board whose x16 slots sit further apart",
                         "With user-given slots: whether a card's slot lies under the cooler of the card above it "
                         "(a card of slot width w in opening p covers openings p to p+w-1).",
                         "A 3-slot card in the first x16 slot covers the two openings below it; a second card "
                         "cannot go there, whatever the manual's slot list says.",
                         R"({"gpus": [{"part": "asus-tuf-gaming-rtx-4090-oc", "count": 2, "slots": ["PCIEX16_1", "PCIEX16_2"]}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "slots": ["PCIEX16_1", "PCIEX16_2"]}]})",
                         "Card slot width from the card maker; slot positions from the board manual's layout."};
  return d;
}

void Fit002::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& cards = ctx.placement.cards;
  // Cards of one bifurcation riser entry share its slot by design (the build file limits them to its outputs).
  auto split = [&](const PlacedCard& x, const PlacedCard& y) {
    if (!x.is_gpu || !y.is_gpu || x.entry != y.entry || x.entry >= static_cast<int>(b.gpus.size())) return false;
    const Riser* r = b.gpus[static_cast<std::size_t>(x.entry)].riser;
    return r && r->bifurcates();
  };
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t j = 0; j < cards.size(); ++j) {
      if (i == j || cards[i].slot.empty() || cards[j].slot.empty()) continue;
      const auto& top = cards[i];
      const auto& low = cards[j];
      if (top.position < low.position && low.position <= top.covers_to)
        out.push_back(make(fmt::format("{} in {} covers openings {}-{}, so {} cannot go in {} (opening {})", top.part,
                                       top.slot, top.position, top.covers_to, low.part, low.slot, low.position),
                           {top.part, low.part}, "leave the covered slot empty; use slots further apart or thinner cards"));
      else if (top.position == low.position && i < j && !split(top, low))
        out.push_back(make(fmt::format("{} and {} are both in {}", top.part, low.part, top.slot), {top.part, low.part},
                           "give each card its own slot"));
    }
}

}  // namespace rigplan::rules

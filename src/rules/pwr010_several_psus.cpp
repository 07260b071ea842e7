// PWR010: a build on several ATX PSUs (one for the board, the others joined by an add2psu relay
// or a breakout board). Two ATX supplies regulate their 12 V outputs independently and are joined
// only through the loads; a card that takes its slot power (up to 66 W of 12 V, PCIe CEM) from
// the board's supply and its cable power from another has both supplies feeding one card. The
// mining-rig practice is to power each card from one supply: its cables from the same supply as
// its riser's power input, or from the board's supply.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr010)

const RuleDoc& Pwr010::doc() const {
  static const RuleDoc d{"PWR010", "several-psus", Severity::Warning, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "one PSU large enough for the whole build, or cards powered through risers fed by "
                         "the PSU that powers their cables",
                         "With psu_count above 1 and ATX supplies (not a server's shared backplane): cards whose slot "
                         "power comes from the board while their cables may come from another supply.",
                         "The supplies are switched together by an add2psu relay or breakout board but are not "
                         "current-sharing units: their 12 V outputs differ slightly and their grounds meet only "
                         "through the cards and the board. A card fed by two supplies (slot 12 V from the board's, "
                         "cables from another) carries the difference through its own power planes. Seat such cards "
                         "on powered risers fed from the supply that feeds their cables, or cable them from the "
                         "board's supply.",
                         R"({"psu_count": 2, "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         R"({"psu_count": 2, "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "generic-usb-x1-mining-riser"}]})",
                         "PCI Express CEM specification (an x16 slot supplies up to 5.5 A at 12 V, 66 W, plus 3.3 V); "
                         "mining-rig builders' practice for powered risers (e.g. blockchainblog.io, 'How to power GPUs "
                         "and risers'). No PSU maker's document on mixing supplies was found: treat as a caveat."};
  return d;
}

void Pwr010::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.psu_count < 2 || b.psu->form_factor != "atx") return;
  int fed_by_board = 0;
  std::vector<std::string> parts;
  for (const auto& g : b.gpus)
    if (g.part->form_factor == "pcie" && (!g.riser || g.riser->power == "none")) {
      fed_by_board += g.count;
      parts.push_back(g.part->id);
    }
  if (fed_by_board == 0) return;
  parts.push_back(b.psu->id);
  out.push_back(make(fmt::format("{} ATX supplies: {} card(s) take slot power from the board's supply; cable each of them "
                                 "from that same supply, or seat it on a powered riser fed by the supply of its cables",
                                 b.psu_count, fed_by_board),
                     parts, "power each card from one supply (slot and cables)"));
}

}  // namespace rigplan::rules

// NVL001: a bridge on cards that have no NVLink, or a bridge that is not sold for the cards.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Nvl001)

const RuleDoc& Nvl001::doc() const {
  static const RuleDoc d{"NVL001", "bridge-fit", Severity::Error,
                         "With an nvlink_bridge: every GPU has NVLink, and the bridge is one sold for that GPU and "
                         "of its NVLink generation.",
                         "Ada consumer cards (RTX 4090) and the RTX PRO 6000 have no NVLink at all; bridges are keyed "
                         "per family (an RTX 3090 bridge does not fit an RTX A6000).",
                         R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})",
                         "NVIDIA product pages (NVLink support, compatible bridges); GA102 whitepaper."};
  return d;
}

void Nvl001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.bridge) return;
  for (const auto& g : b.gpus) {
    if (!g.part->nvlink) {
      out.push_back(make(fmt::format("{} has no NVLink; the bridge {} cannot join it", g.part->id, b.bridge->id),
                         {g.part->id, b.bridge->id}, "remove the bridge; the cards talk over PCIe"));
      continue;
    }
    const auto& fits = b.bridge->gpus;
    if (std::find(fits.begin(), fits.end(), g.part->id) == fits.end())
      out.push_back(make(fmt::format("{} is sold for {}, not {}", b.bridge->id, fmt::join(fits, ", "), g.part->id),
                         {g.part->id, b.bridge->id}, "use the bridge made for this card"));
  }
}

}  // namespace rigplan::rules

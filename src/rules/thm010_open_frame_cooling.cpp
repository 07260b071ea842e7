// THM010: cooling in an open frame. Cards on an open mining-style frame breathe room air: fans
// on the cards (open-air, flow-through, blower) work, a passive data-centre card has no airflow
// at all. The rule also says, once, what an open frame means for the other thermal rules.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Thm010)

const RuleDoc& Thm010::doc() const {
  static const RuleDoc d{"THM010", "open-frame-cooling", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Chassis}),
                         "actively cooled cards on an open frame, or a ducted blower fan per card",
                         "In an open-frame chassis: every GPU has its own fans.",
                         "An open frame has no case fans and no ducting; passive cards (Tesla P40/P100, A100, L40S) "
                         "rely on the forced front-to-back airflow of a server and overheat in still air. Cards with "
                         "their own fans do well: each sits on a riser in open air, so the packed-card and "
                         "axial-card rules (THM001, THM003) do not apply.",
                         R"({"chassis": "generic-open-frame-8gpu", "gpus": [{"part": "nvidia-tesla-p40", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})",
                         R"({"chassis": "generic-open-frame-8gpu", "gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})",
                         "NVIDIA data-centre product briefs (passive thermal solution, requires system airflow)."};
  return d;
}

void Thm010::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.chassis->open_frame()) return;
  for (const auto& g : b.gpus)
    if (g.part->cooler == "passive")
      out.push_back(make(fmt::format("{} is passively cooled; {} is an open frame with no forced airflow", g.part->id,
                                     b.chassis->id),
                         {g.part->id, b.chassis->id},
                         "use actively cooled cards on an open frame, or add a ducted blower fan per card"));
}

}  // namespace rigplan::rules

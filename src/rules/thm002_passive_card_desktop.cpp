// THM002: a passively cooled server card in a desktop chassis.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Thm002)

const RuleDoc& Thm002::doc() const {
  static const RuleDoc d{"THM002", "passive-card-desktop", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Chassis}),
                         "a server chassis with front-to-back airflow, or actively cooled cards",
                         "A GPU with a passive heatsink in a chassis whose airflow is 'desktop'.",
                         "Data-centre cards (A100, H100, L40S, RTX PRO 6000 Server) have no fans; they rely on the "
                         "high-static-pressure front-to-back airflow of a server chassis and overheat in a tower.",
                         R"({"gpus": [{"part": "nvidia-l40s"}]})",
                         R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "supermicro-cse-747btq-r2k04b"})",
                         "NVIDIA data-centre product briefs (passive thermal solution, requires system airflow); "
                         "source 003 on the RTX PRO 6000 Server Edition."};
  return d;
}

void Thm002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.chassis->airflow != "desktop") return;
  for (const auto& g : b.gpus)
    if (g.part->cooler == "passive")
      out.push_back(make(fmt::format("{} is passively cooled; {} has desktop airflow", g.part->id, b.chassis->id),
                         {g.part->id, b.chassis->id}, "use a server chassis with front-to-back airflow, or an actively cooled card"));
}

}  // namespace rigplan::rules

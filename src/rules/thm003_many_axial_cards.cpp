// THM003: three or more open-air/flow-through cards in one desktop chassis. Without a chassis it
// does not run, as no chassis rule does (BLD002 says so); it used to assume a desktop.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Thm003)

constexpr int kMaxAxialCards = 2;

const RuleDoc& Thm003::doc() const {
  static const RuleDoc d{"THM003", "many-axial-cards", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Chassis}),
                         "two or fewer open-air cards per desktop case, blower-style cards, or a server "
                         "chassis",
                         "More than two GPUs with open-air or flow-through coolers in a chassis with desktop airflow.",
                         "Axial coolers dump their heat inside the case; three or four of them heat each other's "
                         "intake air. Multi-GPU desktops use blower cards (RTX A-series, Max-Q editions); the RTX PRO "
                         "6000 Workstation Edition is meant for one card per machine.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 3}]})",
                         "Dive into Deep Learning, 'Selecting servers and GPUs' (prefer blower/reference designs "
                         "for several GPUs); source 003 (Workstation vs Max-Q editions)."};
  return d;
}

void Thm003::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.chassis->airflow == "server" || b.chassis->open_frame()) return;  // open frame: THM010
  int axial = 0;
  std::vector<std::string> parts;
  for (const auto& g : b.gpus)
    if (g.part->cooler == "open_air" || g.part->cooler == "flow_through") {
      axial += g.count;
      parts.push_back(g.part->id);
    }
  if (axial > kMaxAxialCards)
    out.push_back(make(fmt::format("{} open-air/flow-through GPUs in one desktop (more than {})", axial, kMaxAxialCards),
                       parts, "use blower cards for 3+ GPUs, or a server chassis"));
}

}  // namespace rigplan::rules

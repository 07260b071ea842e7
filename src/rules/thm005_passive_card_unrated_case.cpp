// THM005: a passively cooled GPU in a case bought on its own (a rack or tower case for a home or
// lab build, not a GPU server sold whole) whose maker states no airflow rating for passive cards.
// A fanless data-centre card (L40S, A100 or H100 PCIe) has no fan of its own: NVIDIA sells it for
// servers whose fans push the airflow its thermal design needs, and the server maker validates
// the card. A case sold for home builds moves air with front fans sized for drives and a CPU, and
// its maker names no passive card it cools, so the card may overheat and throttle. THM002 keeps
// passive cards out of desktop-airflow towers (an error); THM004 judges a stated rating; this
// rule warns where neither decides (issue 29: a passive L40S in a home-built rack case passed with
// a note).
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Thm005)

const RuleDoc& Thm005::doc() const {
  static const RuleDoc d{
      "THM005",
      "passive-card-unrated-case",
      Severity::Warning,
      PlannerAction::NextChassis,
      needs({Need::Chassis}),
      "a GPU server sold whole, or a chassis whose maker rates it for passive cards",
      "Each passively cooled GPU in a case with server airflow that is not part of a GPU server "
      "sold whole, whose maker states no rating for passive cards (passive_gpu_max_w).",
      "A fanless data-centre card needs the airflow of a server built for it; NVIDIA's passive "
      "cards ship for servers whose makers validate them. A rack or tower case sold for home "
      "builds names no passive card it cools: the card may overheat and throttle. Use the card's "
      "actively cooled sibling, a GPU server that lists it, or a case rated for it.",
      R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "silverstone-rm52"})",
      R"({"gpus": [{"part": "nvidia-rtx-6000-ada"}], "chassis": "silverstone-rm52"})",
      "NVIDIA data-centre product briefs (thermal solution: passive, cooled by the system's "
      "airflow); the chassis maker's spec page (no passive-GPU rating stated)."};
  return d;
}

void Thm005::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.barebone || b.chassis->airflow != "server" || b.chassis->passive_gpu_max_w) return;
  for (const auto& g : b.gpus) {
    if (g.part->cooler != "passive") continue;
    out.push_back(
        make(fmt::format("{} is fanless ({}) and {} is a case whose maker states no airflow rating for "
                         "passive GPUs: cooling not verified, the card needs a server's airflow",
                         g.part->id, watts(Build::card_power_w(g)), b.chassis->id),
             {g.part->id, b.chassis->id},
             "use the actively cooled version of the card, a GPU server that lists it, or a case whose "
             "maker rates it for the card's power"));
  }
}

}  // namespace rigplan::rules

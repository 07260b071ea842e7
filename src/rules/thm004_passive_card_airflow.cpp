// THM004: a passively cooled GPU in a server chassis against what the chassis maker says its
// airflow cools. THM002 keeps passive cards out of desktop towers; a chassis with front-to-back
// airflow is necessary but not enough: a fanless 350-600 W card needs the airflow its maker
// specifies, and chassis makers state it as a rated board power per card or a list of validated
// passive GPUs. The catalog models the first (passive_gpu_max_w); where the maker states nothing
// the check says it was skipped rather than accepting the card silently (issue 20): a note for a
// GPU server sold whole (its maker validates GPUs for it), THM005's warning for a chassis bought on
// its own.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Thm004)

const RuleDoc& Thm004::doc() const {
  static const RuleDoc d{"THM004", "passive-card-airflow", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Chassis}),
                         "a chassis rated for the cards' power, or cards of lower power",
                         "Each passively cooled GPU in a chassis with server airflow against the board power per "
                         "passive card its maker rates the chassis for (passive_gpu_max_w); an info note when the "
                         "maker of a GPU server sold whole states no rating (THM005 judges a chassis bought on its "
                         "own).",
                         "Passive data-centre cards rely entirely on the chassis' fans; a chassis whose airflow is "
                         "rated for 300 W cards overheats a 600 W one, and a rack case with front fans and no rating "
                         "may not cool any.",
                         R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "<a server chassis rated for 300 W passive cards>"})",
                         R"({"gpus": [{"part": "nvidia-l40"}], "chassis": "<a server chassis rated for 300 W passive cards>"})",
                         "The chassis maker's passive-GPU support statement (rated power per card or validated GPU "
                         "list); NVIDIA data-centre product briefs (passive thermal solution, system airflow).",
                         Severity::Info};
  return d;
}

void Thm004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.chassis->airflow != "server") return;
  const auto& rated = b.chassis->passive_gpu_max_w;
  for (const auto& g : b.gpus) {
    if (g.part->cooler != "passive") continue;
    double w = Build::card_power_w(g);
    if (!rated) {
      if (!b.barebone) continue;  // a chassis bought on its own: THM005's warning
      Diagnostic d = make(fmt::format("passive cooling not checked: {} is fanless ({}) and {}'s maker states no "
                                      "airflow rating for passive GPUs",
                                      g.part->id, watts(w), b.chassis->id),
                          {g.part->id, b.chassis->id},
                          "use a chassis or server the maker validates for this card (its GPU support list)");
      d.severity = Severity::Info;
      out.push_back(d);
    } else if (w > *rated) {
      out.push_back(make(fmt::format("{} is fanless at {}; {} is rated to cool passive cards up to {} each",
                                     g.part->id, watts(w), b.chassis->id, watts(*rated)),
                         {g.part->id, b.chassis->id},
                         fmt::format("use a card of at most {}, set power_limit_w to {} if the card accepts it, or a "
                                     "chassis rated for it",
                                     watts(*rated), watts(*rated))));
    }
  }
}

}  // namespace rigplan::rules

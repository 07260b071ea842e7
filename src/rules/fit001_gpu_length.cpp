// FIT001: a card longer than the chassis takes.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit001)

const RuleDoc& Fit001::doc() const {
  static const RuleDoc d{"FIT001", "gpu-length", Severity::Error, PlannerAction::NextChassis,
                         "Each PCIe GPU's length against the chassis's maximum graphics-card length.",
                         "A card that is too long hits the drive cages or front fans and does not go in.",
                         R"({"chassis": "supermicro-cse-747btq-r2k04b"})",
                         R"({"chassis": "supermicro-cse-747btq-r2k04b", "gpus": [{"part": "nvidia-rtx-4090-fe"}]})",
                         "The chassis maker's maximum GPU length; the card maker's length (mm)."};
  return d;
}

void Fit001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.chassis || b.chassis->open_frame()) return;  // an open frame has no length limit
  for (const auto& g : b.gpus)
    if (g.part->form_factor == "pcie" && g.part->length_mm > b.chassis->max_gpu_length_mm)
      out.push_back(make(fmt::format("{} is {} mm long; {} takes cards up to {} mm", g.part->id, num(g.part->length_mm),
                                     b.chassis->id, num(b.chassis->max_gpu_length_mm)),
                         {g.part->id, b.chassis->id}, "choose a larger chassis or a shorter card"));
}

}  // namespace rigplan::rules

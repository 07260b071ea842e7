// FIT001: a card longer than the chassis takes. A chassis whose maximum card length no source
// read states (max_gpu_length_mm absent) is not kept out of the catalog for it: the length is then
// not checked, and a warning says so (a warning, so that the planner prefers a chassis whose
// clearance is known).
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit001)

const RuleDoc& Fit001::doc() const {
  static const RuleDoc d{"FIT001", "gpu-length", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Chassis}),
                         "a larger chassis (--form, or overlay one with --catalog)",
                         "Each PCIe GPU's length against the chassis's maximum graphics-card length (a warning when "
                         "the catalog does not state that length).",
                         "A card that is too long hits the drive cages or front fans and does not go in.",
                         R"({"chassis": "supermicro-cse-747btq-r2k04b"})",
                         R"({"chassis": "supermicro-cse-747btq-r2k04b", "gpus": [{"part": "nvidia-rtx-4090-fe"}]})",
                         "The chassis maker's maximum GPU length; the card maker's length (mm).",
                         Severity::Warning};
  return d;
}

void Fit001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.chassis->open_frame()) return;  // an open frame has no length limit
  if (b.chassis->max_gpu_length_mm <= 0) {
    double longest = 0;
    std::vector<std::string> parts{b.chassis->id};
    for (const auto& g : b.gpus)
      if (g.part->form_factor == "pcie") {
        longest = std::max(longest, g.part->length_mm);
        parts.push_back(g.part->id);
      }
    if (longest <= 0) return;
    Diagnostic d = make(fmt::format("GPU length not checked: the catalog does not state {}'s maximum graphics-card "
                                    "length; the longest card here is {} mm",
                                    b.chassis->id, num(longest)),
                        parts, "check the chassis maker's GPU clearance (front fans and radiators reduce it)");
    d.severity = Severity::Warning;
    out.push_back(std::move(d));
    return;
  }
  for (const auto& g : b.gpus)
    if (g.part->form_factor == "pcie" && g.part->length_mm > b.chassis->max_gpu_length_mm)
      out.push_back(make(fmt::format("{} is {} mm long; {} takes cards up to {} mm", g.part->id, num(g.part->length_mm),
                                     b.chassis->id, num(b.chassis->max_gpu_length_mm)),
                         {g.part->id, b.chassis->id}, "choose a larger chassis or a shorter card"));
}

}  // namespace rigplan::rules

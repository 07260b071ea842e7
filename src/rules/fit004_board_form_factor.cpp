// FIT004: the board's form factor against the chassis.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit004)

const RuleDoc& Fit004::doc() const {
  static const RuleDoc d{"FIT004", "board-form-factor", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Board, Need::Chassis}),
                         "a larger chassis (--form, or overlay one with --catalog)",
                         "The board's form factor against the form factors the chassis mounts (a CEB board also in a "
                         "chassis that mounts SSI-EEB or E-ATX).",
                         "An E-ATX or EEB workstation board does not mount in a case drilled for ATX.",
                         R"({"cpu": "amd-threadripper-pro-7975wx", "board": "asus-pro-ws-wrx90e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "chassis": "corsair-4000d-airflow"})",
                         R"({"cpu": "amd-threadripper-pro-7975wx", "board": "asus-pro-ws-wrx90e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})",
                         "The chassis maker's supported motherboard list; the board's form factor. Form factors "
                         "nest: a CEB board (12 x 10.5 in, ATX I/O area and mounting holes) mounts where a 12 x 13 in "
                         "SSI-EEB or E-ATX board does (SSI Forum, EEB specification 1.0.1, 2.1 'Layout and baseboard "
                         "mounting locations')."};
  return d;
}

void Fit004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  const auto& ff = b.chassis->form_factors;
  if (!chassis_mounts(*b.chassis, b.board->form_factor))
    out.push_back(make(fmt::format("{} is {}, but {} mounts {}", b.board->id, b.board->form_factor, b.chassis->id,
                                   fmt::join(ff, ", ")),
                       {b.board->id, b.chassis->id}, fmt::format("choose a chassis that takes {}", b.board->form_factor)));
}

}  // namespace rigplan::rules

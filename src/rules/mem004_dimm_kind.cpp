// MEM004: registered (RDIMM) vs unbuffered (UDIMM) modules against the platform.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Mem004)

const RuleDoc& Mem004::doc() const {
  static const RuleDoc d{"MEM004", "dimm-kind", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Memory}, {Need::Board, Need::Cpu}),
                         "modules of the kind (UDIMM, RDIMM, SO-DIMM) the board and CPU take",
                         "Each module's kind (udimm, rdimm, sodimm) against what the board and CPU take.",
                         "Desktop platforms (AM5, LGA1700) take unbuffered DIMMs; workstation and server platforms "
                         "(sTR5, SP5, LGA4677) take registered ECC DIMMs. The two are not interchangeable.",
                         R"({"memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 2}]})",
                         R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 2}]})",
                         "The board's and CPU's spec pages (supported DIMM types)."};
  return d;
}

void Mem004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& m : b.memory) {
    auto takes = [&](const std::vector<std::string>& kinds) {
      return std::find(kinds.begin(), kinds.end(), m.part->module) != kinds.end();
    };
    if (b.board && !takes(b.board->dimm_types))
      out.push_back(make(fmt::format("{} is an {}, but {} takes {}", m.part->id, m.part->module, b.board->id,
                                     fmt::join(b.board->dimm_types, "/")),
                         {m.part->id, b.board->id}, fmt::format("use {} modules", fmt::join(b.board->dimm_types, "/"))));
    else if (b.cpu && !takes(b.cpu->dimm_types))
      out.push_back(make(fmt::format("{} is an {}, but {} takes {}", m.part->id, m.part->module, b.cpu->id,
                                     fmt::join(b.cpu->dimm_types, "/")),
                         {m.part->id, b.cpu->id}, fmt::format("use {} modules", fmt::join(b.cpu->dimm_types, "/"))));
  }
}

}  // namespace rigplan::rules

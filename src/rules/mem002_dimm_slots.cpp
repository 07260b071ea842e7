// MEM002: more modules than the board has DIMM slots.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Mem002)

const RuleDoc& Mem002::doc() const {
  static const RuleDoc d{"MEM002", "dimm-slots", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Board, Need::Memory}),
                         "fewer, larger memory modules, or a board with more DIMM slots",
                         "The number of memory modules against the board's DIMM slots.",
                         "Every module needs its own slot.",
                         R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 6}]})",
                         R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 4}]})",
                         "The board's spec page (memory slots)."};
  return d;
}

void Mem002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  int n = b.dimm_count();
  if (n > b.board->memory_slots)
    out.push_back(make(fmt::format("{} memory modules but {} has {} DIMM slots", n, b.board->id, b.board->memory_slots),
                       {b.board->id}, "use fewer, larger modules"));
}

}  // namespace rigplan::rules

// MEM003: total memory above what the board or the CPU supports.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Mem003)

const RuleDoc& Mem003::doc() const {
  static const RuleDoc d{"MEM003", "memory-capacity", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Memory}, {Need::Board, Need::Cpu}),
                         "smaller or fewer memory modules, or a board and CPU that take more memory",
                         "Total system memory against the board's and the CPU's maximum.",
                         "Above the supported maximum the system will not train memory or will not see it all.",
                         R"({"memory": [{"part": "kingston-fury-beast-ddr5-5600-64gb", "count": 4}]})",
                         R"({"memory": [{"part": "kingston-fury-beast-ddr5-5600-64gb", "count": 3}]})",
                         "The board's and the CPU's spec pages (maximum memory)."};
  return d;
}

void Mem003::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  double total = b.system_memory_gib();
  if (total <= 0) return;
  if (b.board && total > b.board->memory_max_gib)
    out.push_back(make(fmt::format("{} GiB of memory but {} supports at most {} GiB", num(total), b.board->id,
                                   num(b.board->memory_max_gib)),
                       {b.board->id}, "use smaller modules"));
  if (b.cpu && total > b.cpu->memory_max_gib * b.cpu_count)
    out.push_back(make(fmt::format("{} GiB of memory but {} supports at most {} GiB", num(total), b.cpu->id,
                                   num(b.cpu->memory_max_gib * b.cpu_count)),
                       {b.cpu->id}, "use smaller modules"));
}

}  // namespace rigplan::rules

// CPU002: the number of CPUs against the board's sockets and the CPU's multi-socket support.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Cpu002)

const RuleDoc& Cpu002::doc() const {
  static const RuleDoc d{"CPU002", "cpu-count", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Cpu}, {Need::Board}),
                         "fewer CPUs, a board with more sockets, or a CPU made for multi-socket systems",
                         "cpu_count against the board's sockets and the CPU's maximum sockets.",
                         "Two CPUs need a dual-socket board and a CPU made for two-socket systems (EPYC 9004 "
                         "non-P parts, Xeon Gold/Platinum); single-socket parts cannot link to a second CPU.",
                         R"({"cpu_count": 2})",
                         R"({"cpu_count": 1})",
                         "The CPU's spec page (maximum sockets) and the board's socket count."};
  return d;
}

void Cpu002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.board && b.cpu_count > b.board->sockets)
    out.push_back(make(fmt::format("{} CPUs but {} has {} socket(s)", b.cpu_count, b.board->id, b.board->sockets),
                       {b.cpu->id, b.board->id}, "use a multi-socket board or fewer CPUs"));
  if (b.cpu_count > b.cpu->max_sockets)
    out.push_back(make(fmt::format("{} CPUs but {} supports at most {} per system", b.cpu_count, b.cpu->id,
                                   b.cpu->max_sockets),
                       {b.cpu->id}, "choose a CPU made for multi-socket systems"));
}

}  // namespace rigplan::rules

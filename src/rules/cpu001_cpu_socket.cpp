// CPU001: the CPU must fit the board's socket.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Cpu001)

const RuleDoc& Cpu001::doc() const {
  static const RuleDoc d{"CPU001", "cpu-socket", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Cpu, Need::Board}),
                         "a CPU for the board's socket, or a board for the CPU's socket",
                         "The CPU's socket against the board's socket.",
                         "A CPU only seats in its own socket; nothing else about the build matters if it does not.",
                         R"({"cpu": "amd-threadripper-7960x"})",
                         R"({"cpu": "amd-ryzen-9-7950x"})",
                         "The CPU maker's socket (AMD/Intel spec pages) and the board's spec page."};
  return d;
}

void Cpu001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.cpu->socket == b.board->socket) return;
  out.push_back(make(fmt::format("{} uses socket {}, but {} has socket {}", b.cpu->id, b.cpu->socket, b.board->id,
                                 b.board->socket),
                     {b.cpu->id, b.board->id}, fmt::format("choose a {} CPU or a {} board", b.board->socket, b.cpu->socket)));
}

}  // namespace rigplan::rules

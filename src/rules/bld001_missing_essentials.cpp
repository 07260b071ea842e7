// BLD001: a build without an essential part. A machine needs a CPU, a board, memory and a power
// supply; a build that leaves one out cannot be checked for what depends on it (sockets, lanes,
// DIMM slots, cables, power), and every rule about that part stays silent. Saying so turns that
// silence into a finding (issue 20: an empty memory list or no PSU passed). Builds are single
// machines (a catalog node is sized by `cluster`, never checked here), so all four are needed.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Bld001)

const RuleDoc& Bld001::doc() const {
  static const RuleDoc d{"BLD001", "missing-essentials", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "name the missing CPU, board, memory or PSU; or mark the build partial "
                         "(\"partial\": true, check --partial) to judge only what it names",
                         "Whether the build names a CPU, a board, at least one memory module and a PSU.",
                         "Without the part the machine does not run, and the checks that depend on it (socket, "
                         "lanes, DIMM slots, cables, power capacity) cannot run either: an incomplete build would "
                         "pass them by saying nothing.",
                         R"({"memory": []})",
                         R"({})",
                         "What a PC needs to boot: CPU, motherboard, memory and power supply (any board manual's "
                         "'getting started' section).",
                         Severity::Info};
  return d;
}

void Bld001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  std::vector<std::string> missing;
  if (!b.cpu)
    missing.push_back("no CPU (\"cpu\"): socket, lane and memory checks against it were skipped, and the power "
                      "budget counts no CPU");
  if (!b.board) missing.push_back("no board (\"board\"): slot placement, socket and DIMM-slot checks were skipped");
  if (b.dimm_count() == 0) missing.push_back("no memory (\"memory\" is empty or absent): memory checks were skipped");
  if (!b.psu) missing.push_back("no PSU (\"psu\"): capacity, transient and cable checks were skipped");
  for (const auto& m : missing) {
    if (b.partial) {
      Diagnostic d = make(fmt::format("the partial build has {}", m), {}, "name the part to have it checked");
      d.severity = Severity::Info;
      out.push_back(std::move(d));
    } else {
      out.push_back(make(fmt::format("the build has {}", m), {}, "add the part to the build file; or mark the build "
                                                                 "partial (\"partial\": true, check --partial) to judge only what it names"));
    }
  }
}

}  // namespace rigplan::rules

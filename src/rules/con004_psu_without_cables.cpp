// CON004: a server PSU module (CRPS or vendor form factor) with no cables at all. Such modules
// plug by their card edge into a power distribution board or backplane; the catalog counts that
// board's cables in `connectors` when a part includes one. With zero PCIe, 12V-2x6 and EPS12V
// cables stated, nothing can feed the cards' power sockets or the CPU's EPS12V socket, so the
// module cannot power the build (issue 20: a bare module "powered" four A6000s and was planned).
#include "rules/con_budget.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Con004)

const RuleDoc& Con004::doc() const {
  static const RuleDoc d{"CON004", "psu-without-cables", Severity::Error, PlannerAction::NextPsu,
                         "A server or CRPS PSU module whose catalog entry states 0 PCIe, 0 12V-2x6 and 0 EPS12V "
                         "cables (no breakout board or backplane) against the build's PCIe cards with power "
                         "sockets and its CPU.",
                         "A bare module has a card-edge output only: without a power distribution board it has no "
                         "cable for a GPU's 8-pin, 12V-2x6 or CPU 8-pin socket, nor for the board's EPS12V.",
                         R"({"psu": "artesyn-csu2000ap", "gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})",
                         "Open Compute Project CRPS specification (card-edge output to a power distribution "
                         "board); the module's datasheet (no DC cables)."};
  return d;
}

void Con004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.psu) return;
  const Psu& p = *b.psu;
  if (p.form_factor != "server" && p.form_factor != "crps") return;
  if (p.connectors.pcie_8pin || p.connectors.hpwr_12v || p.connectors.eps_8pin) return;
  int sockets = 0;
  std::vector<std::string> parts{p.id};
  for (const auto& g : b.gpus) {
    if (g.part->form_factor != "pcie") continue;
    const auto& pc = g.part->power_connectors;
    int n = (pc.pcie_6pin + pc.pcie_8pin + pc.hpwr_12v + pc.eps_8pin) * g.count;
    if (n > 0) parts.push_back(g.part->id);
    sockets += n;
  }
  int cpu = b.cpu ? kCpuEpsCables * b.cpu_count : 0;
  if (sockets == 0 && cpu == 0) return;
  std::string needs = sockets ? fmt::format("the GPUs' {} power socket(s)", sockets) : "";
  if (cpu) needs += fmt::format("{}the CPU's EPS12V", sockets ? " or " : "");
  out.push_back(make(fmt::format("{} is a bare {} module with 0 PCIe, 0 12V-2x6 and 0 EPS12V cables (no breakout board "
                                 "or backplane stated): nothing feeds {}",
                                 p.id, p.form_factor == "crps" ? "CRPS" : "server", needs),
                     parts, "use a PSU with a cable per socket, or a module with a power distribution board that has them"));
}

}  // namespace rigplan::rules

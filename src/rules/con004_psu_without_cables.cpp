// CON004: a server PSU module (CRPS or vendor form factor) with no cables at all. Such modules
// plug by their card edge into a power distribution board or backplane; the catalog counts that
// board's cables in `connectors` when a part includes one. With zero PCIe, 12V-2x6 and EPS12V
// cables stated, nothing can feed the cards' power sockets or the CPU's EPS12V socket, so the
// module cannot power the build (issue 20: a bare module "powered" four A6000s and was planned).
// A unit whose cable table the catalog does not have (no `connectors`: no spec page or review
// with the cable list was read) is not kept out of the catalog for it, but the other cable rules
// cannot check it: a warning names the cables the build needs, for the user to check on the unit.
#include "rules/con_budget.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Con004)

const RuleDoc& Con004::doc() const {
  static const RuleDoc d{"CON004", "psu-without-cables", Severity::Error, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a PSU whose cable list is known (overlay its `connectors` with --catalog) with a "
                         "cable per socket",
                         "A server or CRPS PSU module whose catalog entry states 0 PCIe, 0 12V-2x6 and 0 EPS12V "
                         "cables (no breakout board or backplane) against the build's PCIe cards with power "
                         "sockets and its CPU (an error); a PSU whose cable table the catalog does not have (a "
                         "warning naming the cables to check).",
                         "A bare module has a card-edge output only: without a power distribution board it has no "
                         "cable for a GPU's 8-pin, 12V-2x6 or CPU 8-pin socket, nor for the board's EPS12V.",
                         R"({"psu": "artesyn-csu2000ap", "gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})",
                         "Open Compute Project CRPS specification (card-edge output to a power distribution "
                         "board); the module's datasheet (no DC cables).",
                         Severity::Warning};
  return d;
}

namespace {

// The cables a build needs of a PSU whose cable table is unknown, as a sentence: nothing when the
// build needs none.
std::string needed_cables(const Build& b) {
  CableNeeds need = cable_needs(b);
  int eps = need.eps + (b.cpu ? kCpuEpsCables * b.cpu_count : 0);
  auto cables = [](int n, const char* kind) { return fmt::format("{} {} cable{}", n, kind, n == 1 ? "" : "s"); };
  std::vector<std::string> parts;
  if (need.pcie_8pin) parts.push_back(cables(need.pcie_8pin, "PCIe 8-pin"));
  if (need.hpwr) parts.push_back(cables(need.hpwr, "12V-2x6"));
  if (eps) parts.push_back(cables(eps, "EPS12V"));
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i)
    s += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return s;
}

}  // namespace

void Con004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.barebone && b.barebone->gpu_power_cables) return;  // the unit's own cable list is checked by CON001-003
  const Psu& p = *b.psu;
  if (b.barebone) {  // a server's power distribution board feeds the cards: its cable list is the unit's
    std::string needs = needed_cables(b);
    if (needs.empty()) return;
    Diagnostic d = make(fmt::format("the catalog has no GPU power cable list for barebone {}: its cables are not "
                                    "checked; this build needs {}",
                                    b.barebone->id, needs),
                        {b.barebone->id}, "check the GPU power kit the maker ships for these cards (its GPU support list)");
    d.severity = Severity::Warning;
    out.push_back(std::move(d));
    return;
  }
  if (!p.connectors.known) {
    std::string needs = needed_cables(b);
    if (needs.empty()) return;
    Diagnostic d = make(fmt::format("the catalog has no cable table for {}: its PCIe, 12V-2x6 and EPS12V cables are "
                                    "not checked; this build needs {} (independent cables, not pigtail plugs){}",
                                    p.id, needs, b.psu_count > 1 ? " across its PSUs" : ""),
                        {p.id}, "check the unit's cable list (maker's page or manual), or overlay its `connectors`");
    d.severity = Severity::Warning;
    out.push_back(std::move(d));
    return;
  }
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

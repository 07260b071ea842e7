// CON003: EPS12V (CPU-type 8-pin) cables for data-centre and workstation cards.
#include "rules/con_budget.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Con003)

const RuleDoc& Con003::doc() const {
  static const RuleDoc d{"CON003", "eps-cables", Severity::Error, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a PSU with more EPS12V cables (overlay one with --catalog), or fewer EPS-powered "
                         "cards",
                         "Cards powered by an EPS12V (CPU-type) 8-pin, plus one EPS cable per CPU, against the PSU's "
                         "EPS cables; a shortfall covered by the card's adapter (two spare PCIe 8-pin cables per "
                         "EPS socket) is a warning. Skipped when the catalog does not state the PSU's EPS cables.",
                         "A100 PCIe, RTX A6000 and similar cards take the CPU 8-pin, not the PCIe 8-pin; they are "
                         "keyed differently, and desktop PSUs often have only two EPS cables, both for the board.",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 1}]})",
                         "NVIDIA A100 PCIe and RTX A6000 board specifications (8-pin CPU power connector).",
                         Severity::Warning};
  return d;
}

void Con003::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  PsuConnectors cables = b.psu_cables();
  if (!cables.known || cables.eps_8pin == 0) return;
  CableNeeds need = cable_needs(b);
  if (need.eps == 0) return;
  // A barebone's list counts the GPU cables only: its board's CPU power is wired in the unit.
  int cpu = b.barebone && b.barebone->gpu_power_cables ? 0 : (b.cpu ? kCpuEpsCables * b.cpu_count : kCpuEpsCables);
  int have = cables.eps_8pin;
  if (need.eps + cpu <= have) return;
  int short_by = need.eps + cpu - have;
  int spare_pcie = cables.pcie_8pin - need.pcie_8pin;
  Diagnostic d = make(fmt::format("cards need {} EPS12V cables and the CPU {}; {} has {}", need.eps, cpu, cable_supplier(b), have),
                      {cable_supplier(b)}, "use a server/workstation PSU with more EPS cables");
  if (short_by * kEpsAdapterPcieCables <= spare_pcie) {
    d.severity = Severity::Warning;
    d.message += fmt::format(": {} card(s) need the 2x PCIe 8-pin to CPU 8-pin adapter ({} of {} spare PCIe cables)",
                             short_by, short_by * kEpsAdapterPcieCables, spare_pcie);
  }
  out.push_back(d);
}

}  // namespace rigplan::rules

// CPU010: the CPU's platform (chipset) against the board's, beyond the socket.
// One socket serves several platforms: sTR5 takes Threadripper 7000 on TRX50 boards and
// Threadripper PRO 7000 WX on WRX90 and TRX50 boards; LGA4677 takes Xeon W-2400/3400 on W790
// and Xeon Scalable on C741. The socket matches, the board's firmware and memory wiring do not.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Cpu010)

const RuleDoc& Cpu010::doc() const {
  static const RuleDoc d{"CPU010", "cpu-platform", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Cpu, Need::Board}),
                         "a board with a chipset the CPU is validated with, or a CPU made for the board's "
                         "chipset",
                         "With a CPU that lists its chipsets: the board's chipset is one of them.",
                         "A socket is shared by platforms that do not mix: a non-PRO Threadripper 7960X seats in a "
                         "WRX90 board's sTR5 socket but AMD validates it with TRX50 only; a Xeon Gold (Sapphire "
                         "Rapids Scalable) seats in a W790 board's LGA4677 socket but pairs with the C741 chipset.",
                         R"({"cpu": "amd-threadripper-7960x", "board": "asus-pro-ws-wrx90e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})",
                         R"({"cpu": "amd-threadripper-pro-7975wx", "board": "asus-pro-ws-wrx90e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})",
                         "AMD product pages, 'Supported Chipsets' (Threadripper 7960X: TRX50; Threadripper PRO "
                         "7975WX: WRX90, TRX50); Intel ark, 'Chipset' of the compatible products (Xeon W-3400: W790; "
                         "Xeon Scalable 4th gen: C741)."};
  return d;
}

void Cpu010::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.cpu->chipsets.empty() || b.cpu->socket != b.board->socket) return;  // CPU001 owns a socket mismatch
  const auto& c = b.cpu->chipsets;
  if (std::find(c.begin(), c.end(), b.board->chipset) != c.end()) return;
  out.push_back(make(fmt::format("{} is validated with {} boards; {} is a {} board", b.cpu->id, fmt::join(c, "/"),
                                 b.board->id, b.board->chipset),
                     {b.cpu->id, b.board->id},
                     fmt::format("choose a {} board, or a CPU made for {}", fmt::join(c, "/"), b.board->chipset)));
}

}  // namespace rigplan::rules

// MEM006: fewer memory modules than the platform has memory channels. Each DDR channel moves
// 8 bytes per transfer (a 64-bit channel; DDR5's two 32-bit subchannels together), so peak
// bandwidth is speed (MT/s) x 8 B x populated channels; an empty channel is bandwidth lost
// (JEDEC JESD79-5 DDR5 SDRAM; the CPU makers' memory-channel counts). One module per channel is
// assumed, as the board manuals' population tables place them. Desktop platforms (two channels)
// are left out: there, two modules on four slots are the common, intended layout.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Mem006)

inline constexpr int kMinChannelsChecked = 4;  // 4-, 8- and 12-channel platforms (issue 20)
inline constexpr double kBytesPerTransfer = 8;  // a 64-bit DDR channel

const RuleDoc& Mem006::doc() const {
  static const RuleDoc d{"MEM006", "memory-channels", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Cpu, Need::Memory}, {Need::Board}),
                         "one module per memory channel (more, smaller modules)",
                         "On platforms with 4 or more memory channels per CPU: the number of modules against the "
                         "channels the CPUs have and the board can populate (one module per channel).",
                         "Peak memory bandwidth is DIMM speed x 8 bytes x populated channels; four modules on a "
                         "12-channel EPYC give a third of its bandwidth, which data loading and CPU offload feel.",
                         R"({"cpu": "amd-epyc-9124", "board": "supermicro-h13ssl-n", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "cooler": null, "chassis": "silverstone-rm52"})",
                         R"({"cpu": "amd-epyc-9124", "board": "supermicro-h13ssl-n", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 12}], "cooler": null, "chassis": "silverstone-rm52"})",
                         "JEDEC JESD79-5 (DDR5, 64-bit channel as two 32-bit subchannels); the CPU maker's "
                         "memory-channel count; the board manual's DIMM population table."};
  return d;
}

void Mem006::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.cpu->memory_channels < kMinChannelsChecked) return;
  int channels = b.cpu->memory_channels * b.cpu_count;
  if (b.board && b.board->memory_slots > 0) channels = std::min(channels, b.board->memory_slots);
  int dimms = b.dimm_count();
  if (dimms >= channels) return;
  int speed = 0;
  for (const auto& m : b.memory) speed = speed ? std::min(speed, m.part->speed_mt_s) : m.part->speed_mt_s;
  double per_channel = speed * kBytesPerTransfer / 1000;  // GB/s
  out.push_back(make(fmt::format("{} module(s) populate {} of {} memory channels: {:.1f} of {:.1f} GB/s peak at DDR "
                                 "{} MT/s x 8 B per channel ({:.1f} GB/s lost)",
                                 dimms, dimms, channels, per_channel * dimms, per_channel * channels, speed,
                                 per_channel * (channels - dimms)),
                     {b.cpu->id}, fmt::format("use {} modules, one per channel", channels)));
}

}  // namespace rigplan::rules

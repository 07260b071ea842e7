// MEM001: memory generation (DDR4/DDR5) against the board and CPU.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Mem001)

const RuleDoc& Mem001::doc() const {
  static const RuleDoc d{"MEM001", "memory-type", Severity::Error, PlannerAction::RuleOutPlatform,
                         needs({Need::Memory}, {Need::Board, Need::Cpu}),
                         "a memory module of the board's type (overlay one with --catalog)",
                         "Each memory module's generation against the board's and the CPU's memory type.",
                         "DDR4 and DDR5 modules are keyed differently and do not fit each other's slots.",
                         R"({"memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}]})",
                         R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 2}]})",
                         "JEDEC JESD79-4 (DDR4) and JESD79-5 (DDR5) module keying; board and CPU spec pages (a CPU's memory_types lists every generation its controller drives, e.g. DDR4 and DDR5 for Raptor Lake)."};
  return d;
}

void Mem001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  for (const auto& m : b.memory) {
    if (b.board && m.part->type != b.board->memory_type)
      out.push_back(make(fmt::format("{} is {}, but {} takes {}", m.part->id, m.part->type, b.board->id,
                                     b.board->memory_type),
                         {m.part->id, b.board->id}, fmt::format("use {} modules", b.board->memory_type)));
    else if (b.cpu && !b.cpu->drives_memory(m.part->type))
      out.push_back(make(fmt::format("{} is {}, but {} drives {}", m.part->id, m.part->type, b.cpu->id,
                                     b.cpu->memory_types.empty() ? b.cpu->memory_type : fmt::format("{}", fmt::join(b.cpu->memory_types, "/"))),
                         {m.part->id, b.cpu->id}, fmt::format("use {} modules", b.cpu->memory_type)));
  }
}

}  // namespace rigplan::rules

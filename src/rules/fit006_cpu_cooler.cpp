// FIT006: the CPU cooler's socket and height.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit006)

const RuleDoc& Fit006::doc() const {
  static const RuleDoc d{"FIT006", "cpu-cooler", Severity::Error,
                         "The CPU cooler's supported sockets against the CPU, and its height against the chassis.",
                         "A cooler without a mounting kit for the socket cannot be fitted; one taller than the case "
                         "allows keeps the side panel from closing.",
                         R"({"cpu": "amd-threadripper-7960x", "cooler": "noctua-nh-d15-g2"})",
                         R"({"cpu": "amd-threadripper-7960x", "cooler": "noctua-nh-u14s-tr5-sp6"})",
                         "The cooler maker's socket list and height; the chassis maker's CPU cooler clearance."};
  return d;
}

void Fit006::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (!b.cooler) return;
  if (b.cpu) {
    const auto& s = b.cooler->sockets;
    if (std::find(s.begin(), s.end(), b.cpu->socket) == s.end())
      out.push_back(make(fmt::format("{} mounts on {}, not {} ({})", b.cooler->id, fmt::join(s, ", "), b.cpu->socket,
                                     b.cpu->id),
                         {b.cooler->id, b.cpu->id}, fmt::format("choose a cooler for {}", b.cpu->socket)));
  }
  if (b.chassis && b.cooler->height_mm > 0 && b.chassis->max_cpu_cooler_height_mm > 0 &&
      b.cooler->height_mm > b.chassis->max_cpu_cooler_height_mm)
    out.push_back(make(fmt::format("{} is {} mm tall; {} clears {} mm", b.cooler->id, num(b.cooler->height_mm),
                                   b.chassis->id, num(b.chassis->max_cpu_cooler_height_mm)),
                       {b.cooler->id, b.chassis->id}, "choose a lower cooler, an AIO, or a wider chassis"));
}

}  // namespace rigplan::rules

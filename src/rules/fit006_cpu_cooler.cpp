// FIT006: the CPU cooler's socket and height. An air cooler's height against the chassis' CPU
// cooler clearance; where either is not in the catalog an info note says the check was skipped
// (issue 20: no cooler had a height, so the check never ran and said nothing).
#include <algorithm>

#include "rules/fit_unverified.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Fit006)

const RuleDoc& Fit006::doc() const {
  static const RuleDoc d{"FIT006", "cpu-cooler", Severity::Error, PlannerAction::NextChassis,
                         needs({Need::Cooler}, {Need::Cpu, Need::Chassis}),
                         "a cooler for the CPU's socket that the chassis clears (a lower air cooler or an "
                         "AIO), or a wider chassis",
                         "The CPU cooler's supported sockets against the CPU, and an air cooler's height against the "
                         "chassis' CPU cooler clearance (an info note when either figure is not in the catalog).",
                         "A cooler without a mounting kit for the socket cannot be fitted; one taller than the case "
                         "allows keeps the side panel from closing.",
                         R"({"cooler": "noctua-nh-u14s-tr5-sp6"})",
                         R"({"cooler": "arctic-liquid-freezer-iii-360"})",
                         "The cooler maker's socket list and height; the chassis maker's CPU cooler clearance.",
                         Severity::Info};
  return d;
}

void Fit006::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.cpu) {
    const auto& s = b.cooler->sockets;
    if (std::find(s.begin(), s.end(), b.cpu->socket) == s.end())
      out.push_back(make(fmt::format("{} mounts on {}, not {} ({})", b.cooler->id, fmt::join(s, ", "), b.cpu->socket,
                                     b.cpu->id),
                         {b.cooler->id, b.cpu->id}, fmt::format("choose a cooler for {}", b.cpu->socket)));
  }
  if (!b.chassis || b.chassis->open_frame() || b.cooler->type == "aio") return;  // an AIO's radiator: not a height
  double h = b.cooler->height_mm, max = b.chassis->max_cpu_cooler_height_mm;
  if (h > 0 && max > 0) {
    if (h > max)
      out.push_back(make(fmt::format("{} is {} mm tall; {} clears {} mm", b.cooler->id, num(h), b.chassis->id, num(max)),
                         {b.cooler->id, b.chassis->id}, "choose a lower cooler, an AIO, or a wider chassis"));
    return;
  }
  if (cooler_height_decisive(b)) return;  // FIT008 warns that the fit is not verified
  // Unknown stays unknown, and the output says so rather than passing the build silently.
  std::string why = h <= 0 && max <= 0 ? fmt::format("{}'s height and {}'s clearance are", b.cooler->id, b.chassis->id)
                    : h <= 0           ? fmt::format("{}'s height is", b.cooler->id)
                                       : fmt::format("{}'s CPU cooler clearance is", b.chassis->id);
  Diagnostic d = make(fmt::format("cooler height not checked: {} not in the catalog", why), {b.cooler->id, b.chassis->id},
                      "the cooler maker's height and the chassis maker's clearance settle it");
  d.severity = Severity::Info;
  out.push_back(d);
}

}  // namespace rigplan::rules

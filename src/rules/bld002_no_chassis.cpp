// BLD002: a build that names no chassis. The rules that need the enclosure (card length, slot
// openings, cooler and card height, which airflow cools the cards) cannot judge a build without
// one, and each of them treats "no chassis" the same way: it does not run, assuming neither a
// desktop tower nor an open bench (issue 15: THM003 judged such a build as a desktop while THM002
// judged nothing). Each declares the need (RuleDoc::needs) and the engine skips it; this note says
// so once, naming from the registry the checks that did not run, so a verdict with no fit or
// airflow finding is not read as a pass of those checks.
// A build marked partial is judged in a generic stand-in instead (src/builds/generic_parts.hpp):
// then this note names the stand-in and what of it is assumed, so every finding that follows is
// read as "in a generic case", and the unknown figures are each rule's "not verified".
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/ranges.h>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Bld002)

// The rules that need a chassis, from their docs (RuleDoc::needs): in brackets those the engine
// does not run without one, and after "nor" those that run only the part of their check that
// needs none.
const std::string& bld002_chassis_rules() {
  static const std::string text = [] {
    std::vector<std::string> all, part;
    for (const auto& r : rule_registry()) {
      const RuleDoc& d = r->doc();
      std::string rule = fmt::format("{} {}", d.code, d.name);
      if (d.needs.requires_all(Need::Chassis)) all.push_back(rule);
      else if (d.needs.requires_partly(Need::Chassis)) part.push_back(rule);
    }
    std::string s = fmt::format("({})", fmt::join(all, ", "));
    if (!part.empty()) s += fmt::format(", nor the part of {} that needs one", fmt::join(part, ", "));
    return s;
  }();
  return text;
}

const RuleDoc& Bld002::doc() const {
  static const RuleDoc d{
      "BLD002",
      "no-chassis",
      Severity::Info,
      PlannerAction::NextChassis,
      needs({}),
      "name the chassis (an open frame such as generic-open-frame-8gpu for an open bench)",
      "Whether the build names a chassis; without one, the fit and airflow rules that need it do "
      "not run, and this note names them. A build marked partial (\"partial\": true, check --partial) is "
      "judged in a generic stand-in instead (generic-atx-tower; generic-4u-server-chassis for passive or "
      "module GPUs), and this note says it was assumed.",
      "A verdict with no fit or cooling finding means nothing about fit or cooling when no case "
      "was named: the cards may not fit, or may cook each other, in the case you end up using.",
      R"({"chassis": null})",
      R"({})",
      "The chassis rules' own sources (FIT001-FIT007, THM002-THM010); nothing is assumed in "
      "their place for a complete build. The stand-ins carry only what a standard fixes: the ATX "
      "Specification 2.2 (ATX board mounting, seven expansion-slot positions) and EIA-310's rack unit "
      "(44.45 mm) for the 4U chassis."};
  return d;
}

void Bld002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.chassis && std::find(b.assumed_parts.begin(), b.assumed_parts.end(), b.chassis->id) != b.assumed_parts.end()) {
    bool server = b.chassis->airflow == "server";
    out.push_back(make(
        fmt::format("no chassis named: the partial build is judged in {}, an assumed generic {} ({} expansion "
                    "slots, ATX boards and smaller, {}); no standard fixes its card length, cooler height or "
                    "airflow rating for passive cards, so the checks that need them say not verified",
                    b.chassis->id, server ? "4U rack server chassis" : "ATX desktop tower", b.chassis->expansion_slots,
                    server ? "forced front-to-back airflow" : "cooled by its own fans"),
        {b.chassis->id}, "name the case you will use to have these checks judged on its figures"));
    return;
  }
  if (b.chassis) return;
  out.push_back(
      make(fmt::format("no chassis named: nothing is assumed in its place, and the checks that need one did "
                       "not run {}",
                       bld002_chassis_rules()),
           {}, "name the case (or an open frame such as generic-open-frame-8gpu for an open bench)"));
}

}  // namespace rigplan::rules

// DATA001: a part in the build carries catalog values that are not yet confirmed against the
// maker's documents (its `verify` list). The check still uses them; the user should know which
// conclusions rest on them before buying.
#include <algorithm>

#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Data001)

const RuleDoc& Data001::doc() const {
  static const RuleDoc d{"DATA001", "unverified-data", Severity::Info, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "the flagged fields confirmed against the maker's documents (`rigplan catalog show "
                         "PART` says why each is flagged)",
                         "Whether any part of the build has catalog fields marked as not yet confirmed against the "
                         "maker's documents (the part's `verify` list).",
                         "The slot wiring, clearances or ratings behind a verdict are only as good as the data; a "
                         "marked field was read from a secondary source or not read at all, so check it in the "
                         "maker's manual before you buy.",
                         R"({})",
                         R"({"board": "gigabyte-b650m-ds3h", "outlet": "eu-230v-16a", "cooler": null})",
                         "The catalog part's `verify` and `notes` fields (`rigplan catalog show ID`)."};
  return d;
}

void Data001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  std::vector<const PartBase*> parts{b.cpu, b.board, b.psu, b.chassis, b.cooler, b.bridge, b.outlet};
  for (const auto& e : b.bridges) parts.push_back(e.part);
  for (const auto& m : b.memory) parts.push_back(m.part);
  for (const auto& g : b.gpus) parts.push_back(g.part);
  for (const auto& g : b.gpus) parts.push_back(g.riser);  // null when the cards sit in their slots
  for (const auto& s : b.storage) parts.push_back(s.part);
  for (const auto& n : b.nics) parts.push_back(n.part);
  std::vector<std::string> seen;
  for (const PartBase* p : parts) {
    if (!p || p->verify.empty() || std::find(seen.begin(), seen.end(), p->id) != seen.end()) continue;
    seen.push_back(p->id);
    std::string fields;
    for (const auto& f : p->verify) fields += (fields.empty() ? "" : ", ") + f;
    out.push_back(make(fmt::format("{}: {} not yet confirmed from a primary source", p->id, fields), {p->id},
                       fmt::format("`rigplan catalog show {}` says why; check the maker's documents before relying on it", p->id)));
  }
}

}  // namespace rigplan::rules

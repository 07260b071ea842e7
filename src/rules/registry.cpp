// The rule registry: every rule, sorted by code. RIGPLAN_RULES is the one list to edit when adding a
// rule (docs/contributing.md); it both declares each rule's factory and builds the registry.
// Codes are permanent; a retired code is never reused.
#include <algorithm>

#include "rigplan/rules.hpp"

#define RIGPLAN_RULES(X) \
  X(Bld001) \
  X(Bld002) \
  X(Con001) \
  X(Con002) \
  X(Con003) \
  X(Con004) \
  X(Con005) \
  X(Cpu001) \
  X(Cpu002) \
  X(Cpu010) \
  X(Data001) \
  X(Fit001) \
  X(Fit002) \
  X(Fit003) \
  X(Fit004) \
  X(Fit005) \
  X(Fit006) \
  X(Fit007) \
  X(Fit008) \
  X(Mem001) \
  X(Mem002) \
  X(Mem003) \
  X(Mem004) \
  X(Mem005) \
  X(Mem006) \
  X(Net001) \
  X(Net002) \
  X(Nvl001) \
  X(Nvl002) \
  X(Nvl003) \
  X(Nvl004) \
  X(Nvl010) \
  X(Pcie001) \
  X(Pcie002) \
  X(Pcie003) \
  X(Pcie004) \
  X(Pcie005) \
  X(Pcie006) \
  X(Pwr001) \
  X(Pwr002) \
  X(Pwr003) \
  X(Pwr004) \
  X(Pwr005) \
  X(Pwr006) \
  X(Pwr007) \
  X(Pwr008) \
  X(Pwr010) \
  X(Rsr001) \
  X(Rsr002) \
  X(Rsr003) \
  X(Sw001) \
  X(Sw002) \
  X(Sw003) \
  X(Sw004) \
  X(Sw005) \
  X(Sw006) \
  X(Sw007) \
  X(Sw008) \
  X(Sw010) \
  X(Sw030) \
  X(Thm001) \
  X(Thm002) \
  X(Thm003) \
  X(Thm004) \
  X(Thm005) \
  X(Thm010)

namespace rigplan {
namespace rules {
#define RIGPLAN_DECLARE(Class) std::unique_ptr<Rule> make_##Class();
RIGPLAN_RULES(RIGPLAN_DECLARE)
#undef RIGPLAN_DECLARE
}  // namespace rules

const std::vector<std::unique_ptr<Rule>>& rule_registry() {
  static const std::vector<std::unique_ptr<Rule>> all = [] {
    std::vector<std::unique_ptr<Rule>> v;
#define RIGPLAN_MAKE(Class) v.push_back(rules::make_##Class());
    RIGPLAN_RULES(RIGPLAN_MAKE)
#undef RIGPLAN_MAKE
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a->doc().code < b->doc().code; });
    return v;
  }();
  return all;
}

}  // namespace rigplan

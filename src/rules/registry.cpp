// The rule registry: every rule, sorted by code (the one list to edit when adding a rule).
// Codes are permanent; a retired code is never reused.
#include <algorithm>

#include "rigplan/rules.hpp"

namespace rigplan {
namespace rules {
#define RIGPLAN_DECLARE(Class) std::unique_ptr<Rule> make_##Class();
RIGPLAN_DECLARE(Bld001)
RIGPLAN_DECLARE(Con001)
RIGPLAN_DECLARE(Con002)
RIGPLAN_DECLARE(Con003)
RIGPLAN_DECLARE(Con004)
RIGPLAN_DECLARE(Cpu001)
RIGPLAN_DECLARE(Cpu002)
RIGPLAN_DECLARE(Data001)
RIGPLAN_DECLARE(Fit001)
RIGPLAN_DECLARE(Fit002)
RIGPLAN_DECLARE(Fit003)
RIGPLAN_DECLARE(Fit004)
RIGPLAN_DECLARE(Fit005)
RIGPLAN_DECLARE(Fit006)
RIGPLAN_DECLARE(Fit007)
RIGPLAN_DECLARE(Mem001)
RIGPLAN_DECLARE(Mem002)
RIGPLAN_DECLARE(Mem003)
RIGPLAN_DECLARE(Mem004)
RIGPLAN_DECLARE(Mem005)
RIGPLAN_DECLARE(Mem006)
RIGPLAN_DECLARE(Net001)
RIGPLAN_DECLARE(Net002)
RIGPLAN_DECLARE(Nvl001)
RIGPLAN_DECLARE(Nvl002)
RIGPLAN_DECLARE(Nvl003)
RIGPLAN_DECLARE(Nvl004)
RIGPLAN_DECLARE(Pcie001)
RIGPLAN_DECLARE(Pcie002)
RIGPLAN_DECLARE(Pcie003)
RIGPLAN_DECLARE(Pcie004)
RIGPLAN_DECLARE(Pcie005)
RIGPLAN_DECLARE(Pwr001)
RIGPLAN_DECLARE(Pwr002)
RIGPLAN_DECLARE(Pwr003)
RIGPLAN_DECLARE(Pwr004)
RIGPLAN_DECLARE(Pwr005)
RIGPLAN_DECLARE(Pwr006)
RIGPLAN_DECLARE(Pwr007)
RIGPLAN_DECLARE(Sw001)
RIGPLAN_DECLARE(Sw002)
RIGPLAN_DECLARE(Sw003)
RIGPLAN_DECLARE(Sw004)
RIGPLAN_DECLARE(Sw005)
RIGPLAN_DECLARE(Sw006)
RIGPLAN_DECLARE(Thm001)
RIGPLAN_DECLARE(Thm002)
RIGPLAN_DECLARE(Thm003)
RIGPLAN_DECLARE(Thm004)
RIGPLAN_DECLARE(Cpu010)
RIGPLAN_DECLARE(Nvl010)
RIGPLAN_DECLARE(Pwr010)
RIGPLAN_DECLARE(Rsr001)
RIGPLAN_DECLARE(Rsr002)
RIGPLAN_DECLARE(Sw010)
RIGPLAN_DECLARE(Thm010)
#undef RIGPLAN_DECLARE
}  // namespace rules

const std::vector<std::unique_ptr<Rule>>& rule_registry() {
  static const std::vector<std::unique_ptr<Rule>> all = [] {
    std::vector<std::unique_ptr<Rule>> v;
    using namespace rules;
    for (auto make : {make_Bld001, make_Con001, make_Con002, make_Con003, make_Con004, make_Cpu001, make_Cpu002, make_Data001, make_Fit001, make_Fit002,
                      make_Fit003, make_Fit004, make_Fit005, make_Fit006, make_Fit007, make_Mem001, make_Mem002, make_Mem003,
                      make_Mem004, make_Mem005, make_Mem006, make_Net001, make_Net002, make_Nvl001, make_Nvl002, make_Nvl003, make_Nvl004,
                      make_Pcie001, make_Pcie002, make_Pcie003, make_Pcie004, make_Pcie005, make_Pwr001, make_Pwr002, make_Pwr003, make_Pwr004,
                      make_Pwr005, make_Pwr006, make_Pwr007, make_Sw001, make_Sw002, make_Sw003, make_Sw004, make_Sw005, make_Sw006, make_Thm001, make_Thm002, make_Thm003, make_Thm004,
                      make_Cpu010, make_Nvl010, make_Pwr010, make_Rsr001, make_Rsr002, make_Sw010, make_Thm010})
      v.push_back(make());
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a->doc().code < b->doc().code; });
    return v;
  }();
  return all;
}

}  // namespace rigplan

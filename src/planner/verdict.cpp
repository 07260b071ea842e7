// What a check's errors mean for the planner's search (see explain.hpp): which part to swap next.
// A PSU or cable error tries the next PSU, an outlet error cannot be fixed by parts, a fit or
// cooling error tries the next chassis, a bridge error the next bridge (or none); anything else
// rules the GPU x CPU x board configuration out.
#include "planner/explain.hpp"

#include <algorithm>

namespace rigplan::planner {

Blame blame_of(std::string_view code) {
  if (code == "PWR003") return Blame::Outlet;
  if (code.rfind("PWR", 0) == 0 || code.rfind("CON", 0) == 0) return Blame::Psu;
  for (std::string_view c : {"FIT001", "FIT003", "FIT004", "FIT006", "FIT007", "THM002", "THM004"})
    if (code == c) return Blame::Chassis;
  if (code == "NVL001" || code == "NVL003") return Blame::Bridge;
  return Blame::Platform;
}

Verdict judge(const CheckResult& res) {
  Verdict v;
  for (const auto& d : res.diagnostics) {
    if (d.severity == Severity::Error) {
      v.sound = false;
      v.blame = std::max(v.blame, blame_of(d.code));
    } else if (d.severity == Severity::Warning && blame_of(d.code) == Blame::Psu) {
      v.psu_warnings = true;
    }
  }
  return v;
}

}  // namespace rigplan::planner

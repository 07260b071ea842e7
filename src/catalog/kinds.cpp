// Kind names as they appear in catalog files.
#include "rigplan/parts.hpp"

namespace rigplan {

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Gpu: return "gpu";
    case Kind::Cpu: return "cpu";
    case Kind::Board: return "board";
    case Kind::Memory: return "memory";
    case Kind::Psu: return "psu";
    case Kind::Chassis: return "chassis";
    case Kind::Cooler: return "cooler";
    case Kind::Storage: return "storage";
    case Kind::NvlinkBridge: return "nvlink_bridge";
    case Kind::Nic: return "nic";
    case Kind::Switch: return "switch";
    case Kind::Node: return "node";
    case Kind::Outlet: return "outlet";
    case Kind::Cloud: return "cloud";
    case Kind::Riser: return "riser";
    case Kind::Barebone: return "barebone";
    case Kind::UnifiedSystem: return "unified_system";
  }
  return "?";
}

std::optional<Kind> kind_from_name(const std::string& name) {
  for (Kind k : kAllKinds)
    if (name == kind_name(k)) return k;
  return std::nullopt;
}

}  // namespace rigplan

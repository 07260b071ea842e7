// Validated part JSON → typed structs, one function per kind. The schema has already checked
// types and bounds; these only copy fields (see fields.hpp for how absent optionals read).
#pragma once

#include "catalog/fields.hpp"
#include "rigplan/parts.hpp"

namespace rigplan {

Gpu parse_gpu(const Fields& f);
Cpu parse_cpu(const Fields& f);
Board parse_board(const Fields& f);
Memory parse_memory(const Fields& f);
Psu parse_psu(const Fields& f);
Chassis parse_chassis(const Fields& f);
Cooler parse_cooler(const Fields& f);
Storage parse_storage(const Fields& f);
NvlinkBridge parse_nvlink_bridge(const Fields& f);
Nic parse_nic(const Fields& f);
Switch parse_switch(const Fields& f);
Node parse_node(const Fields& f);
Outlet parse_outlet(const Fields& f);
Cloud parse_cloud(const Fields& f);
Riser parse_riser(const Fields& f);
Barebone parse_barebone(const Fields& f);
UnifiedSystem parse_unified_system(const Fields& f);

}  // namespace rigplan

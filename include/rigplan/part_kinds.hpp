// The kinds of part the catalog holds, declared once (see kKinds below): the enum the code uses,
// the name catalog files, build files and `--kind` use, and whether a part of the kind is bought.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>

namespace rigplan {

enum class Kind { Gpu, Cpu, Board, Memory, Psu, Chassis, Cooler, Storage, NvlinkBridge, Nic, Switch, Node, Outlet, Cloud, Riser, Barebone, UnifiedSystem };

// The part kinds, declared once: the name catalog files, build files and `--kind` use, and
// whether the part is bought (outlets are where power comes from, cloud offers are rented: neither
// has a purchase price, and price coverage, `catalog prices` and price updates leave them out).
// In enum order (checked below), so a kind's row is kKinds[int(kind)].
struct KindSpec {
  Kind kind;
  const char* name;
  bool purchasable;
};
inline constexpr KindSpec kKinds[] = {
    {Kind::Gpu, "gpu", true},         {Kind::Cpu, "cpu", true},
    {Kind::Board, "board", true},     {Kind::Memory, "memory", true},
    {Kind::Psu, "psu", true},         {Kind::Chassis, "chassis", true},
    {Kind::Cooler, "cooler", true},   {Kind::Storage, "storage", true},
    {Kind::NvlinkBridge, "nvlink_bridge", true}, {Kind::Nic, "nic", true},
    {Kind::Switch, "switch", true},   {Kind::Node, "node", true},
    {Kind::Outlet, "outlet", false},  {Kind::Cloud, "cloud", false},
    {Kind::Riser, "riser", true},     {Kind::Barebone, "barebone", true},
    {Kind::UnifiedSystem, "unified_system", true},
};
constexpr bool kinds_in_enum_order() {
  for (std::size_t i = 0; i < std::size(kKinds); ++i)
    if (static_cast<std::size_t>(kKinds[i].kind) != i) return false;
  return std::size(kKinds) == static_cast<std::size_t>(Kind::UnifiedSystem) + 1;
}
static_assert(kinds_in_enum_order(), "kKinds lists every Kind once, in enum order");

inline constexpr auto kAllKinds = [] {
  std::array<Kind, std::size(kKinds)> all{};
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = kKinds[i].kind;
  return all;
}();

inline constexpr const char* kind_name(Kind k) { return kKinds[static_cast<std::size_t>(k)].name; }  // "gpu", ...
inline constexpr bool purchasable(Kind k) { return kKinds[static_cast<std::size_t>(k)].purchasable; }
std::optional<Kind> kind_from_name(const std::string&);  // inverse of kind_name

}  // namespace rigplan

// The table of a build file's part fields (see include/rigplan/build_fields.hpp).
#include "rigplan/build_fields.hpp"

#include <type_traits>

namespace rigplan {

const std::vector<BuildField>& build_fields() {
  static const std::vector<BuildField> f = {
      {"cpu", Kind::Cpu, &Build::cpu, "cpu_count", &Build::cpu_count},
      {"board", Kind::Board, &Build::board},
      {"memory", Kind::Memory, &Build::memory},
      {"gpus", Kind::Gpu, &Build::gpus},
      {"psu", Kind::Psu, &Build::psu, "psu_count", &Build::psu_count},
      {"chassis", Kind::Chassis, &Build::chassis},
      {"cooler", Kind::Cooler, &Build::cooler},
      {"storage", Kind::Storage, &Build::storage},
      {"nics", Kind::Nic, &Build::nics},
      {"nvlink_bridge", Kind::NvlinkBridge, &Build::bridges},
      {"outlet", Kind::Outlet, &Build::outlet},
  };
  return f;
}

const BuildField* build_field(std::string_view key) {
  for (const auto& f : build_fields())
    if (f.key == key) return &f;
  return nullptr;
}

namespace {
template <class M>
struct IsPartMember : std::false_type {};
template <class T>
struct IsPartMember<const T * Build::*> : std::true_type {};
}  // namespace

PartRef part_at(const Build& b, const BuildField& f) {
  return std::visit(
      [&](auto m) -> PartRef {
        if constexpr (IsPartMember<decltype(m)>::value)
          return b.*m;
        else
          return std::monostate{};
      },
      f.member);
}

bool set_part(Build& b, const BuildField& f, const PartRef& p) {
  return std::visit(
      [&](auto m) {
        if constexpr (IsPartMember<decltype(m)>::value) {
          using Ptr = std::remove_reference_t<decltype(b.*m)>;
          if (std::holds_alternative<std::monostate>(p)) return (b.*m = nullptr, true);
          if (!std::holds_alternative<Ptr>(p)) return false;
          b.*m = std::get<Ptr>(p);
          return true;
        } else {
          return false;
        }
      },
      f.member);
}

std::string_view part_id(const PartRef& p) {
  return std::visit(
      [](auto q) -> std::string_view {
        if constexpr (std::is_same_v<decltype(q), std::monostate>)
          return {};
        else
          return q ? std::string_view(q->id) : std::string_view();
      },
      p);
}

}  // namespace rigplan

// The fields of a build file that name catalog parts, as one table: the key, the kind of part it
// names, and the Build member that holds it (typed, through member pointers). The build loader,
// the build writer (`plan --emit`) and the compiled `check` sweep all read this table, so a new
// part field is declared once and the three cannot disagree on its key, kind or member.
#pragma once

#include <string_view>
#include <variant>
#include <vector>

#include "rigplan/build.hpp"

namespace rigplan {

// A Build member holding one part, or a list of entries.
template <class T>
using PartMember = const T* Build::*;
template <class E>
using ListMember = std::vector<E> Build::*;

using FieldMember = std::variant<PartMember<Cpu>, PartMember<Board>, PartMember<Psu>, PartMember<Chassis>,
                                 PartMember<Cooler>, PartMember<Outlet>, ListMember<Counted<Memory>>,
                                 ListMember<GpuEntry>, ListMember<Counted<Storage>>, ListMember<NicEntry>,
                                 ListMember<Counted<NvlinkBridge>>>;

// Any one catalog part a build can name, typed; monostate is "none".
using PartRef = std::variant<std::monostate, const Cpu*, const Board*, const Psu*, const Chassis*, const Cooler*,
                             const Outlet*, const Memory*, const Gpu*, const Storage*, const Nic*, const NvlinkBridge*>;

struct BuildField {
  std::string_view key;  // the build file's key, also a sweep axis name
  Kind kind;             // what the ids under it must be
  FieldMember member;
  // "<key>_count" for a part that may be several (cpu, psu): its key and member; else empty.
  std::string_view count_key = {};
  int Build::*count = nullptr;
};

// Every part field, in the order of data/schema/build.schema.json (the writer's order).
// nvlink_bridge holds Build::bridges; it is also written as one id or {part, count}.
const std::vector<BuildField>& build_fields();
// The row with this key, or null.
const BuildField* build_field(std::string_view key);

// The part a single-part field holds (monostate for a list field).
PartRef part_at(const Build& b, const BuildField& f);
// Sets a single-part field; false when the field is a list or `p` is of another kind.
bool set_part(Build& b, const BuildField& f, const PartRef& p);
// The id of a part reference ("" for none).
std::string_view part_id(const PartRef& p);

}  // namespace rigplan

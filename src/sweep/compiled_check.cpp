// The compiled path for `check` sweeps (see src/sweep/compiled.hpp). Axes that name a part or a
// count of the build are supported, as the build-field table (rigplan/build_fields.hpp) declares
// them: a single-part field (cpu, board, psu, chassis, cooler, outlet) or its count (cpu_count,
// psu_count), nvlink_bridge, and part/count (and a GPU's power_limit_w) of an existing gpus, nics,
// memory or storage entry. A part value is checked once, by loading the base build with that value
// alone; a count or power limit is checked per point by the schema node that governs it. A value
// that is not valid input sends its points to the general path, which writes the same error row
// it always did. Values combine field by field because a build file's fields
// resolve independently; the only checks between fields tie a GPU or NIC entry's slot names to
// the board and to its count, and slot lists are never compiled axes.
#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <type_traits>

#include "rigplan/build.hpp"
#include "rigplan/build_fields.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "sweep/compiled.hpp"
#include "util/embedded_schema.hpp"
#include "util/utf8.hpp"

namespace rigplan::sweep {

namespace {

// Each value of a part axis is loaded once up front; longer such axes take the general path.
// Numbers (counts, power limits) are judged per point by the schema node that governs them.
constexpr std::size_t kMaxCompiledAxisValues = 4096;

// What an axis changes: a single-part field or its count (cpu, cpu_count ...), the bridge (as
// a whole, its part or its count), or the part, count or power limit of one list entry.
enum class Field { Part, Count, Bridge, BridgePart, BridgeCount, EntryPart, EntryCount, PowerLimit };

struct Value {
  PartRef part;
  double number = 0;
  std::optional<double> limit;
};

struct CompiledAxis {
  Field field;
  const BuildField* of = nullptr;  // the build field (for Entry*: the list; null for the bridge)
  std::size_t entry = 0;
  std::vector<std::optional<Value>> values;          // nullopt: not valid input on its own
  const nlohmann::json* node = nullptr;              // numbers judged per point: the schema node
  const std::vector<nlohmann::json>* raw = nullptr;  // ... and the axis' values
};

bool numeric(Field f) {
  return f == Field::Count || f == Field::EntryCount || f == Field::PowerLimit;
}

bool is_index(const std::string& t) {
  return !t.empty() && t.find_first_not_of("0123456789") == std::string::npos;
}

template <class M>
inline constexpr bool kIsList = !std::is_pointer_v<M>;

std::optional<std::pair<Field, const BuildField*>> field_of(const std::vector<std::string>& t) {
  if (t.size() == 1 && t[0] == "nvlink_bridge") return std::pair{Field::Bridge, nullptr};
  if (t.size() == 2 && t[0] == "nvlink_bridge" && t[1] == "part")
    return std::pair{Field::BridgePart, nullptr};
  if (t.size() == 2 && t[0] == "nvlink_bridge" && t[1] == "count")
    return std::pair{Field::BridgeCount, nullptr};
  for (const BuildField& f : build_fields()) {
    if (f.key == "nvlink_bridge") continue;
    bool list =
        std::visit([](auto m) { return kIsList<std::remove_reference_t<decltype(Build().*m)>>; }, f.member);
    if (!list && t.size() == 1 && t[0] == f.key) return std::pair{Field::Part, &f};
    if (!list && f.count && t.size() == 1 && t[0] == f.count_key) return std::pair{Field::Count, &f};
    if (list && t.size() == 3 && t[0] == f.key && is_index(t[1])) {
      if (t[2] == "part") return std::pair{Field::EntryPart, &f};
      if (t[2] == "count") return std::pair{Field::EntryCount, &f};
      if (t[2] == "power_limit_w" && f.kind == Kind::Gpu) return std::pair{Field::PowerLimit, &f};
    }
  }
  return std::nullopt;
}

std::size_t entries(const Build& b, const BuildField& f) {
  return std::visit(
      [&](auto m) -> std::size_t {
        if constexpr (kIsList<std::remove_reference_t<decltype(b.*m)>>)
          return (b.*m).size();
        else
          return 0;
      },
      f.member);
}

// Reads or writes the part or count of entry i of a list field.
void entry_value(const Build& b, const CompiledAxis& a, Value& v) {
  std::visit(
      [&](auto m) {
        if constexpr (kIsList<std::remove_reference_t<decltype(b.*m)>>) {
          const auto& e = (b.*m)[a.entry];
          if (a.field == Field::EntryPart)
            v.part = e.part;
          else
            v.number = e.count;
        }
      },
      a.of->member);
}

void set_entry(Build& b, const CompiledAxis& a, const Value& v) {
  std::visit(
      [&](auto m) {
        if constexpr (kIsList<std::remove_reference_t<decltype(b.*m)>>) {
          auto& e = (b.*m)[a.entry];
          if (a.field == Field::EntryPart)
            e.part = std::get<std::remove_reference_t<decltype(e.part)>>(v.part);
          else
            e.count = static_cast<int>(v.number);
        }
      },
      a.of->member);
}

// What a loaded build holds at an axis' field.
Value read(const Build& b, const CompiledAxis& a) {
  Value v;
  switch (a.field) {
    case Field::Part:
      v.part = part_at(b, *a.of);
      break;
    case Field::Count:
      v.number = b.*(a.of->count);
      break;
    case Field::Bridge:
      v.part = b.bridge;
      v.number = b.bridge_count;
      break;
    case Field::BridgePart:
      v.part = b.bridge;
      break;
    case Field::BridgeCount:
      v.number = b.bridge_count;
      break;
    case Field::PowerLimit:
      v.limit = b.gpus[a.entry].power_limit_w;
      break;
    case Field::EntryPart:
    case Field::EntryCount:
      entry_value(b, a, v);
      break;
  }
  return v;
}

const NvlinkBridge* bridge_of(const PartRef& p) {
  return std::holds_alternative<const NvlinkBridge*>(p) ? std::get<const NvlinkBridge*>(p) : nullptr;
}

void apply(Build& b, const CompiledAxis& a, const Value& v) {
  int n = static_cast<int>(v.number);
  switch (a.field) {
    case Field::Part:
      set_part(b, *a.of, v.part);
      break;
    case Field::Count:
      b.*(a.of->count) = n;
      break;
    // A swept bridge is the build's one bridge model (a list of models becomes this one).
    case Field::Bridge:
      b.bridge = bridge_of(v.part);
      b.bridge_count = n;
      b.bridges.clear();
      break;
    case Field::BridgePart:
      b.bridge = bridge_of(v.part);
      b.bridges.clear();
      break;
    case Field::BridgeCount:
      b.bridge_count = n;
      b.bridges.clear();
      break;
    case Field::PowerLimit:
      b.gpus[a.entry].power_limit_w = v.limit;
      break;
    case Field::EntryPart:
    case Field::EntryCount:
      set_entry(b, a, v);
      break;
  }
}

std::vector<std::string> tokens(const std::string& pointer) {
  std::vector<std::string> t;
  for (std::size_t i = 0; i < pointer.size();) {
    std::size_t next = pointer.find('/', i + 1);
    if (next == std::string::npos) next = pointer.size();
    t.push_back(pointer.substr(i + 1, next - i - 1));
    i = next;
  }
  return t;
}

class CompiledCheck : public CompiledSweep {
 public:
  CompiledCheck(Build base, std::vector<CompiledAxis> axes, std::vector<std::string> metrics)
      : base_(std::move(base)), axes_(std::move(axes)), names_(std::move(metrics)) {
    for (const auto& m : names_) fields_.push_back(find_field(check_fields(), path_to_pointer(m)));
  }

  bool metrics(const std::size_t* coords, const RowWriter& w, std::string& out) const override {
    Build b = base_;
    for (std::size_t i = 0; i < axes_.size(); ++i) {
      const CompiledAxis& a = axes_[i];
      if (a.node) {
        const nlohmann::json& raw = (*a.raw)[coords[i]];
        if (!embedded_schema("build.schema.json").accepts(*a.node, raw)) return false;
        Value v;
        v.number = raw.get<double>();
        v.limit = v.number;
        apply(b, a, v);
        continue;
      }
      const auto& v = a.values[coords[i]];
      if (!v) return false;
      apply(b, a, *v);
    }
    CheckedBuild checked = run_check(std::move(b), Assumptions{});
    CheckView view{&checked, false};
    std::string codes;
    for (std::size_t m = 0; m < names_.size(); ++m) {
      if (names_[m] == "verdict") {
        w.metric(out, m, Scalar(std::string_view(checked.result.ok(false) ? "pass" : "fail")));
      } else if (names_[m] == "codes") {
        codes.clear();
        for (const auto& d : checked.result.diagnostics)
          if (d.severity == Severity::Error) codes += (codes.empty() ? "" : " ") + d.code;
        w.metric(out, m, Scalar(std::string_view(codes)));
      } else {
        w.metric(out, m, fields_[m]->get(view));
      }
    }
    return true;
  }

 private:
  Build base_;
  std::vector<CompiledAxis> axes_;
  std::vector<std::string> names_;
  std::vector<const ReportField<CheckView>*> fields_;
};

}  // namespace

std::unique_ptr<CompiledSweep> compile_check(const SweepSpec& s, const Catalog& c) {
  if (s.command != "check") return nullptr;
  for (const auto& m : s.metrics)
    if (m != "verdict" && m != "codes" && !find_field(check_fields(), path_to_pointer(m))) return nullptr;
  try {
    Build base = parse_build(dump_json(s.base), s.base_file, c);
    std::vector<CompiledAxis> axes;
    std::set<std::string> seen;
    for (const auto& a : s.axes) {
      std::string ptr = path_to_pointer(a.path);
      auto f = field_of(tokens(ptr));
      if (!f || !seen.insert(ptr).second) return nullptr;
      CompiledAxis ca{f->first, f->second, 0, {}};
      bool entry =
          ca.field == Field::EntryPart || ca.field == Field::EntryCount || ca.field == Field::PowerLimit;
      if (entry) {
        ca.entry = std::stoul(tokens(ptr)[1]);
        if (ca.entry >= entries(base, *ca.of)) return nullptr;
      }
      // A count must also match the entry's slot list when it has one: load such values instead.
      bool slots = entry && ((ca.of->kind == Kind::Gpu && !base.gpus[ca.entry].slots.empty()) ||
                             (ca.of->kind == Kind::Nic && !base.nics[ca.entry].slots.empty()));
      if (numeric(ca.field) && !(ca.field == Field::EntryCount && slots)) {
        ca.node = embedded_schema("build.schema.json").node_at(ptr);
        ca.raw = &a.values;
      }
      if (ca.node) {
        axes.push_back(std::move(ca));
        continue;
      }
      if (a.values.size() > kMaxCompiledAxisValues) return nullptr;
      nlohmann::json::json_pointer p(ptr);
      for (const auto& v : a.values) {
        nlohmann::json doc = s.base;
        doc[p] = v;
        try {
          ca.values.push_back(read(parse_build(dump_json(doc), s.base_file, c), ca));
        } catch (const InputError&) {
          ca.values.push_back(std::nullopt);
        }
      }
      axes.push_back(std::move(ca));
    }
    return std::make_unique<CompiledCheck>(std::move(base), std::move(axes), s.metrics);
  } catch (const InputError&) {
    return nullptr;
  } catch (const nlohmann::json::exception&) {
    return nullptr;
  } catch (const std::out_of_range&) {
    return nullptr;
  }
}

}  // namespace rigplan::sweep

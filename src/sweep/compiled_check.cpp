// The compiled path for `check` sweeps (see src/sweep/compiled.hpp). Axes that name a part or a
// count of the build are supported: cpu, board, psu, chassis, cooler, outlet, nvlink_bridge,
// cpu_count, psu_count, and part/count (and a GPU's power_limit_w) of an existing gpus, nics,
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

#include "catalog/catalog_schema.hpp"
#include "rigplan/build.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "sweep/compiled.hpp"

namespace rigplan::sweep {

namespace {

// Each value of a part axis is loaded once up front; longer such axes take the general path.
// Numbers (counts, power limits) are judged per point by the schema node that governs them.
constexpr std::size_t kMaxCompiledAxisValues = 4096;

enum class Field { Cpu, Board, Psu, Chassis, Cooler, Outlet, Bridge, BridgePart, BridgeCount, CpuCount, PsuCount,
                   EntryPart, EntryCount, PowerLimit };
enum class List { None, Gpus, Nics, Memory, Storage };

struct Value {
  const void* part = nullptr;
  double number = 0;
  std::optional<double> limit;
};

struct CompiledAxis {
  Field field;
  List list = List::None;
  std::size_t entry = 0;
  std::vector<std::optional<Value>> values;  // nullopt: not valid input on its own
  const nlohmann::json* node = nullptr;       // numbers judged per point: the schema node
  const std::vector<nlohmann::json>* raw = nullptr;  // ... and the axis' values
};

bool numeric(Field f) {
  return f == Field::CpuCount || f == Field::PsuCount || f == Field::EntryCount || f == Field::PowerLimit;
}

std::optional<std::pair<Field, List>> field_of(const std::vector<std::string>& t) {
  static const std::map<std::string, Field> top = {
      {"cpu", Field::Cpu},         {"board", Field::Board},   {"psu", Field::Psu},
      {"chassis", Field::Chassis}, {"cooler", Field::Cooler}, {"outlet", Field::Outlet},
      {"nvlink_bridge", Field::Bridge}, {"cpu_count", Field::CpuCount}, {"psu_count", Field::PsuCount}};
  static const std::map<std::string, List> lists = {
      {"gpus", List::Gpus}, {"nics", List::Nics}, {"memory", List::Memory}, {"storage", List::Storage}};
  if (t.size() == 1 && top.count(t[0])) return std::pair{top.at(t[0]), List::None};
  if (t.size() == 2 && t[0] == "nvlink_bridge" && t[1] == "part") return std::pair{Field::BridgePart, List::None};
  if (t.size() == 2 && t[0] == "nvlink_bridge" && t[1] == "count") return std::pair{Field::BridgeCount, List::None};
  if (t.size() == 3 && lists.count(t[0]) && !t[1].empty() && t[1].find_first_not_of("0123456789") == std::string::npos) {
    List l = lists.at(t[0]);
    if (t[2] == "part") return std::pair{Field::EntryPart, l};
    if (t[2] == "count") return std::pair{Field::EntryCount, l};
    if (t[2] == "power_limit_w" && l == List::Gpus) return std::pair{Field::PowerLimit, l};
  }
  return std::nullopt;
}

std::size_t entries(const Build& b, List l) {
  switch (l) {
    case List::Gpus: return b.gpus.size();
    case List::Nics: return b.nics.size();
    case List::Memory: return b.memory.size();
    case List::Storage: return b.storage.size();
    case List::None: return 0;
  }
  return 0;
}

template <class Entry>
void read_entry(const Entry& e, bool part, Value& v) {
  if (part) v.part = e.part;
  else v.number = e.count;
}

template <class Entry>
void apply_entry(Entry& e, bool part, const Value& v) {
  if (part) e.part = static_cast<decltype(e.part)>(v.part);
  else e.count = static_cast<int>(v.number);
}

// What a loaded build holds at an axis' field.
Value read(const Build& b, const CompiledAxis& a) {
  Value v;
  std::size_t i = a.entry;
  switch (a.field) {
    case Field::Cpu: v.part = b.cpu; break;
    case Field::Board: v.part = b.board; break;
    case Field::Psu: v.part = b.psu; break;
    case Field::Chassis: v.part = b.chassis; break;
    case Field::Cooler: v.part = b.cooler; break;
    case Field::Outlet: v.part = b.outlet; break;
    case Field::Bridge: v.part = b.bridge; v.number = b.bridge_count; break;
    case Field::BridgePart: v.part = b.bridge; break;
    case Field::BridgeCount: v.number = b.bridge_count; break;
    case Field::CpuCount: v.number = b.cpu_count; break;
    case Field::PsuCount: v.number = b.psu_count; break;
    case Field::PowerLimit: v.limit = b.gpus[i].power_limit_w; break;
    case Field::EntryPart:
    case Field::EntryCount: {
      bool part = a.field == Field::EntryPart;
      switch (a.list) {
        case List::Gpus: read_entry(b.gpus[i], part, v); break;
        case List::Nics: read_entry(b.nics[i], part, v); break;
        case List::Memory: read_entry(b.memory[i], part, v); break;
        case List::Storage: read_entry(b.storage[i], part, v); break;
        case List::None: break;
      }
      break;
    }
  }
  return v;
}

template <class T>
const T* as(const void* p) { return static_cast<const T*>(p); }

void apply(Build& b, const CompiledAxis& a, const Value& v) {
  std::size_t i = a.entry;
  int n = static_cast<int>(v.number);
  switch (a.field) {
    case Field::Cpu: b.cpu = as<Cpu>(v.part); break;
    case Field::Board: b.board = as<Board>(v.part); break;
    case Field::Psu: b.psu = as<Psu>(v.part); break;
    case Field::Chassis: b.chassis = as<Chassis>(v.part); break;
    case Field::Cooler: b.cooler = as<Cooler>(v.part); break;
    case Field::Outlet: b.outlet = as<Outlet>(v.part); break;
    // A swept bridge is the build's one bridge model (a list of models becomes this one).
    case Field::Bridge: b.bridge = as<NvlinkBridge>(v.part); b.bridge_count = n; b.bridges.clear(); break;
    case Field::BridgePart: b.bridge = as<NvlinkBridge>(v.part); b.bridges.clear(); break;
    case Field::BridgeCount: b.bridge_count = n; b.bridges.clear(); break;
    case Field::CpuCount: b.cpu_count = n; break;
    case Field::PsuCount: b.psu_count = n; break;
    case Field::PowerLimit: b.gpus[i].power_limit_w = v.limit; break;
    case Field::EntryPart:
    case Field::EntryCount: {
      bool part = a.field == Field::EntryPart;
      switch (a.list) {
        case List::Gpus: apply_entry(b.gpus[i], part, v); break;
        case List::Nics: apply_entry(b.nics[i], part, v); break;
        case List::Memory: apply_entry(b.memory[i], part, v); break;
        case List::Storage: apply_entry(b.storage[i], part, v); break;
        case List::None: break;
      }
      break;
    }
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
    Build base = parse_build(s.base.dump(), s.base_file, c);
    std::vector<CompiledAxis> axes;
    std::set<std::string> seen;
    for (const auto& a : s.axes) {
      std::string ptr = path_to_pointer(a.path);
      auto f = field_of(tokens(ptr));
      if (!f || !seen.insert(ptr).second) return nullptr;
      CompiledAxis ca{f->first, f->second, 0, {}};
      if (ca.list != List::None) {
        ca.entry = std::stoul(tokens(ptr)[1]);
        if (ca.entry >= entries(base, ca.list)) return nullptr;
      }
      // A count must also match the entry's slot list when it has one: load such values instead.
      bool slots = (ca.list == List::Gpus && !base.gpus[ca.entry].slots.empty()) ||
                   (ca.list == List::Nics && !base.nics[ca.entry].slots.empty());
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
          ca.values.push_back(read(parse_build(doc.dump(), s.base_file, c), ca));
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

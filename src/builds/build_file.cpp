// Loading build files: schema validation, then id resolution with kind checks and did-you-mean
// (see include/rigplan/build.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "builds/psu_groups.hpp"
#include "rigplan/build.hpp"
#include "rigplan/build_fields.hpp"
#include "rigplan/error.hpp"
#include "util/embedded_schema.hpp"
#include "util/json_text.hpp"
#include "util/suggest.hpp"

namespace rigplan {

using nlohmann::json;

int Build::gpu_count() const {
  int n = 0;
  for (const auto& e : gpus) n += e.count;
  return n;
}

double Build::gpu_memory_gib() const {
  double g = 0;
  for (const auto& e : gpus) g += e.part->memory_gib * e.count;
  return g;
}

double Build::system_memory_gib() const {
  double g = 0;
  for (const auto& m : memory) g += m.part->capacity_gib * m.count;
  return g;
}

int Build::dimm_count() const {
  int n = 0;
  for (const auto& m : memory) n += m.count;
  return n;
}

double Build::card_power_w(const GpuEntry& e) {
  return e.power_limit_w.value_or(e.part->tdp_w);
}

PsuConnectors Build::psu_cables() const {
  if (barebone && barebone->gpu_power_cables) return *barebone->gpu_power_cables;
  // A barebone feeds its cards from its power distribution board; without the maker's cable list
  // the cables are unknown (CON004 warns), never the bare modules' zero.
  if (barebone || !psu) return PsuConnectors{0, 0, 0, false};
  if (!psu_groups.empty()) {  // each group's units of its own model
    PsuConnectors sum{0, 0, 0, true};
    bool rating_known = true;  // every model with native 16-pin cables states their rating
    for (const auto& g : psu_groups) {
      const PsuConnectors& m = (g.psu ? g.psu : psu)->connectors;
      sum.pcie_8pin += m.pcie_8pin * g.psus;
      sum.hpwr_12v += m.hpwr_12v * g.psus;
      sum.eps_8pin += m.eps_8pin * g.psus;
      sum.known = sum.known && m.known;
      if (m.hpwr_12v == 0) continue;
      if (!m.hpwr_cable_w) rating_known = false;
      else if (!sum.hpwr_cable_w || *m.hpwr_cable_w < *sum.hpwr_cable_w) sum.hpwr_cable_w = m.hpwr_cable_w;
    }
    if (!rating_known) sum.hpwr_cable_w.reset();  // the lowest rating holds for every cable only when all are known
    return sum;
  }
  PsuConnectors c = psu->connectors;
  c.pcie_8pin *= psu_count;
  c.hpwr_12v *= psu_count;
  c.eps_8pin *= psu_count;
  return c;
}

std::vector<Counted<NvlinkBridge>> Build::bridge_models() const {
  if (!bridges.empty()) return bridges;
  if (bridge && bridge_count > 0) return {{bridge, bridge_count}};
  return {};
}

std::vector<const NvlinkBridge*> Build::bridges_for_gaps(const std::vector<int>& gaps) const {
  std::vector<const NvlinkBridge*> pool;  // one entry per physical bridge, in build order
  for (const auto& e : bridge_models())
    for (int k = 0; k < e.count; ++k) pool.push_back(e.part);
  std::vector<bool> used(pool.size(), false);
  std::vector<const NvlinkBridge*> out(gaps.size(), nullptr);
  for (std::size_t i = 0; i < gaps.size(); ++i)  // first the bridges that span the pair's gap
    for (std::size_t j = 0; j < pool.size() && !out[i]; ++j)
      if (!used[j] && pool[j] && pool[j]->slot_spacing == gaps[i]) {
        used[j] = true;
        out[i] = pool[j];
      }
  for (std::size_t i = 0; i < gaps.size(); ++i)  // then any bridge left, for the rules to judge
    for (std::size_t j = 0; j < pool.size() && !out[i]; ++j)
      if (!used[j]) {
        used[j] = true;
        out[i] = pool[j];
      }
  return out;
}

namespace {

class Resolver {
 public:
  Resolver(std::string_view text, const std::string& file, const Catalog& c)
      : text_(text), file_(file), cat_(c) {}

  template <class T>
  const T* part(const json& doc, const std::string& ptr, Kind want) {
    json::json_pointer p(ptr);
    if (!doc.contains(p)) return nullptr;
    std::string id = doc.at(p).get<std::string>();
    if (auto problem = cat_.id_problem(id, want)) {
      add(ptr, *problem);
      return nullptr;
    }
    return cat_.find<T>(id);
  }

  void add(const std::string& ptr, std::string msg) {
    InputIssue issue{file_, ptr, 0, 0, std::move(msg)};
    locate_issue(text_, issue);
    issues_.push_back(std::move(issue));
  }

  std::vector<InputIssue>& issues() { return issues_; }

 private:
  std::string_view text_;
  const std::string& file_;
  const Catalog& cat_;
  std::vector<InputIssue> issues_;
};

std::vector<std::string> strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key))
    for (const auto& s : j[key]) out.push_back(s.get<std::string>());
  return out;
}

// The NVLink bridges: an id, {part, count}, or a list of {part, count}.
std::vector<Counted<NvlinkBridge>> bridges(const json& doc, Resolver& r) {
  std::vector<Counted<NvlinkBridge>> out;
  if (!doc.contains("nvlink_bridge")) return out;
  const json& nb = doc["nvlink_bridge"];
  auto add = [&](const std::string& at, int count) {
    out.push_back({r.part<NvlinkBridge>(doc, at, Kind::NvlinkBridge), count});
  };
  if (nb.is_array()) {
    for (std::size_t i = 0; i < nb.size(); ++i)
      add(fmt::format("/nvlink_bridge/{}/part", i), nb[i].value("count", 1));
  } else if (nb.is_object()) {
    add("/nvlink_bridge/part", nb.value("count", 1));
  } else {
    add("/nvlink_bridge", 1);
  }
  return out;
}

GpuEntry gpu_entry(const json& doc, const json& e, const std::string& at, Resolver& r) {
  GpuEntry g{r.part<Gpu>(doc, at + "/part", Kind::Gpu), e.value("count", 1), std::nullopt,
             strings(e, "slots")};
  if (e.contains("power_limit_w")) g.power_limit_w = e["power_limit_w"].get<double>();
  if (e.contains("riser")) {
    g.riser = r.part<Riser>(doc, at + "/riser", Kind::Riser);
    if (g.riser && g.part && g.part->form_factor != "pcie")
      r.add(at + "/riser", fmt::format("{} is an {} module: it has no PCIe edge connector to sit on riser {}",
                                       g.part->id, g.part->form_factor, g.riser->id));
  }
  if (!g.slots.empty() && static_cast<int>(g.slots.size()) != g.count)
    r.add(at + "/slots", fmt::format("{} slots given for {} cards", g.slots.size(), g.count));
  return g;
}

// A barebone supplies the board, chassis and PSUs: a file that also names one of them must name
// the barebone's own (anything else is a contradiction, reported at the key), and psu_count must
// be the unit's module count.
void apply_barebone(const json& doc, Build& b, const Catalog& cat, Resolver& r) {
  const Barebone& u = *b.barebone;
  auto take = [&](const char* key, auto*& member, const std::string& id, auto* part) {
    if (doc.contains(key) && doc[key].get<std::string>() != id)
      r.add(std::string("/") + key, fmt::format("barebone {} comes with {} {}; drop \"{}\" or name {}", u.id, key, id,
                                               key, id));
    member = part;
  };
  take("board", b.board, u.board, cat.find<Board>(u.board));
  take("chassis", b.chassis, u.chassis, cat.find<Chassis>(u.chassis));
  take("psu", b.psu, u.psu, cat.find<Psu>(u.psu));
  if (doc.contains("psu_count") && doc["psu_count"].get<int>() != u.psu_count)
    r.add("/psu_count", fmt::format("barebone {} has {} PSU modules installed; drop \"psu_count\" or make it {}", u.id,
                                    u.psu_count, u.psu_count));
  b.psu_count = u.psu_count;
  b.psu_redundant = u.psu_redundant;
}

NicEntry nic_entry(const json& doc, const json& e, const std::string& at, Resolver& r) {
  NicEntry n{r.part<Nic>(doc, at + "/part", Kind::Nic), e.value("count", 1), strings(e, "slots")};
  if (!n.slots.empty() && static_cast<int>(n.slots.size()) != n.count)
    r.add(at + "/slots", fmt::format("{} slots given for {} cards", n.slots.size(), n.count));
  if (n.part && !n.part->takes_pcie_slot() && !n.slots.empty())
    r.add(at + "/slots",
          fmt::format("{} is an {} mezzanine card: it takes the board's OCP slot, not a PCIe slot",
                      n.part->id, n.part->ocp_name()));
  return n;
}
}  // namespace

Build parse_build(std::string_view text, const std::string& file, const Catalog& catalog) {
  json doc = parse_json(text, file);
  Resolver r(text, file, catalog);
  for (const auto& e : embedded_schema("build.schema.json").validate(doc)) r.add(e.pointer, e.message);
  if (!r.issues().empty()) throw InputError(std::move(r.issues()));

  Build b;
  b.file = file;
  b.name = doc.value("name", "");
  b.partial = doc.value("partial", false);
  auto each = [&](const std::string& key, auto&& fn) {
    if (!doc.contains(key)) return;
    for (std::size_t i = 0; i < doc[key].size(); ++i) fn(doc[key][i], fmt::format("/{}/{}", key, i));
  };
  for (const BuildField& f : build_fields()) {
    const std::string key(f.key), at = "/" + key;
    std::visit(
        [&](auto m) {
          using M = std::remove_reference_t<decltype(b.*m)>;
          if constexpr (std::is_pointer_v<M>) {
            b.*m = r.part<std::remove_const_t<std::remove_pointer_t<M>>>(doc, at, f.kind);
            if (f.count) b.*(f.count) = doc.value(std::string(f.count_key), 1);
          } else if constexpr (std::is_same_v<M, std::vector<Counted<NvlinkBridge>>>) {
            b.*m = bridges(doc, r);
          } else if constexpr (std::is_same_v<M, std::vector<GpuEntry>>) {
            each(key, [&](const json& e, const std::string& entry) {
              (b.*m).push_back(gpu_entry(doc, e, entry, r));
            });
          } else if constexpr (std::is_same_v<M, std::vector<NicEntry>>) {
            each(key, [&](const json& e, const std::string& entry) {
              (b.*m).push_back(nic_entry(doc, e, entry, r));
            });
          } else {  // a list of {part, count}
            using T = std::remove_const_t<std::remove_pointer_t<decltype(M().front().part)>>;
            each(key, [&](const json& e, const std::string& entry) {
              (b.*m).push_back({r.part<T>(doc, entry + "/part", f.kind), e.value("count", 1)});
            });
          }
        },
        f.member);
  }
  if (doc.contains("barebone")) {
    b.barebone = r.part<Barebone>(doc, "/barebone", Kind::Barebone);
    if (b.barebone) apply_barebone(doc, b, catalog, r);
  }
  if (doc.contains("psu_redundant")) {  // overrides the barebone's: e.g. a 2+2 unit run as 4+0
    b.psu_redundant = doc["psu_redundant"].get<int>();
    if (b.psu_redundant >= b.psu_count)
      r.add("/psu_redundant", fmt::format("{} of {} PSU modules redundant leaves none to carry the load "
                                          "(2+2 is psu_count 4, psu_redundant 2)",
                                          b.psu_redundant, b.psu_count));
  }
  for (auto& [at, msg] : read_psu_groups(doc, catalog, b)) r.add(at, std::move(msg));
  for (const auto& e : b.bridges) b.bridge_count += e.count;
  if (!b.bridges.empty()) b.bridge = b.bridges.front().part;
  if (doc.contains("software")) {
    const json& s = doc["software"];
    b.software = Software{s.value("driver", ""), s.value("cuda", ""), s.value("cudnn", ""), s.value("pytorch", ""),
                          "", s.value("rocm", ""), std::nullopt};
    // "2.7.0+cu128": the release and the wheel's build (the schema holds the form).
    if (auto plus = b.software.pytorch.find('+'); plus != std::string::npos) {
      b.software.pytorch_variant = b.software.pytorch.substr(plus + 1);
      b.software.pytorch.resize(plus);
    }
    if (s.contains("p2p")) b.software.p2p = s["p2p"].get<bool>();
  }
  // Slot names must exist on the board.
  if (b.board) {
    std::vector<std::string> names;
    for (const auto& s : b.board->slots) names.push_back(s.name);
    auto check_slots = [&](const char* key) {
      if (!doc.contains(key)) return;
      for (std::size_t i = 0; i < doc[key].size(); ++i) {
        auto slots = strings(doc[key][i], "slots");
        for (std::size_t j = 0; j < slots.size(); ++j)
          if (std::find(names.begin(), names.end(), slots[j]) == names.end())
            r.add(fmt::format("/{}/{}/slots/{}", key, i, j),
                  fmt::format("board {} has no slot \"{}\"{}", b.board->id, slots[j],
                              did_you_mean(slots[j], names)));
      }
    };
    check_slots("gpus");
    check_slots("nics");
    // A riser's plug must go into the slot: an x16 riser cannot reach into a shorter, closed slot.
    for (std::size_t i = 0; i < b.gpus.size(); ++i) {
      const Riser* riser = b.gpus[i].riser;
      if (!riser) continue;
      for (std::size_t j = 0; j < b.gpus[i].slots.size(); ++j)
        for (const auto& s : b.board->slots)
          if (s.name == b.gpus[i].slots[j] && s.physical < riser->host_connector)
            r.add(fmt::format("/gpus/{}/slots/{}", i, j),
                  fmt::format("riser {} has an x{} plug; slot {} of {} is x{} physically, so the riser "
                              "cannot reach into it",
                              riser->id, riser->host_connector, s.name, b.board->id, s.physical));
      if (!riser->bifurcates()) continue;
      // A bifurcation riser needs its split in the slot's BIOS options, and carries at most its outputs.
      std::map<std::string, int> in_slot;
      for (std::size_t j = 0; j < b.gpus[i].slots.size(); ++j) {
        const std::string& name = b.gpus[i].slots[j];
        std::string at = fmt::format("/gpus/{}/slots/{}", i, j);
        if (++in_slot[name] > riser->outputs)
          r.add(at, fmt::format("riser {} carries {} cards; slot {} is given {} times", riser->id,
                                riser->outputs, name, in_slot[name]));
        for (const auto& s : b.board->slots)
          if (s.name == name && in_slot[name] == 1 && s.bifurcation_stated() &&
              !s.offers(riser->bifurcation_mode()))
            r.add(at,
                  fmt::format("riser {} needs slot {} split {}; {} offers only {} for it", riser->id, name,
                              riser->bifurcation_mode(), b.board->id, fmt::join(s.bifurcation, ", ")));
      }
    }
  }
  if (!r.issues().empty()) throw InputError(std::move(r.issues()));
  return b;
}

Build load_build(const std::string& path, const Catalog& catalog) {
  return parse_build(read_input_file(path), path, catalog);
}

}  // namespace rigplan

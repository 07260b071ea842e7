// Writing a build back out as a build file (data/schema/build.schema.json): what `rigplan plan
// --emit` saves and what its JSON output embeds. The inverse of parse_build — every field the
// loader reads is written, in the schema's order, so an emitted file checks unchanged and a
// round trip (parse → write → parse) gives the same build.
#include <algorithm>
#include <nlohmann/json.hpp>

#include <type_traits>

#include "rigplan/document.hpp"
#include "rigplan/build.hpp"
#include "rigplan/build_fields.hpp"

namespace rigplan {

namespace {

template <class T>
nlohmann::ordered_json entry_json(const Counted<T>& e) {
  return {{"part", e.part->id}, {"count", e.count}};
}

nlohmann::ordered_json entry_json(const GpuEntry& g) {
  nlohmann::ordered_json e{{"part", g.part->id}, {"count", g.count}};
  if (g.power_limit_w) e["power_limit_w"] = *g.power_limit_w;
  if (!g.slots.empty()) e["slots"] = g.slots;
  if (g.riser) e["riser"] = g.riser->id;
  if (!g.psu_group.empty()) e["psu_group"] = g.psu_group;
  return e;
}

nlohmann::ordered_json entry_json(const NicEntry& n) {
  nlohmann::ordered_json e{{"part", n.part->id}, {"count", n.count}};
  if (!n.slots.empty()) e["slots"] = n.slots;
  return e;
}

}  // namespace

nlohmann::ordered_json build_to_json(const Build& b) {
  nlohmann::ordered_json j = new_document(DocumentKind::BuildFile);
  if (!b.name.empty()) j["name"] = b.name;
  if (b.partial) j["partial"] = true;
  if (b.barebone) j["barebone"] = b.barebone->id;  // it supplies board, chassis, psu and psu_count
  for (const BuildField& f : build_fields()) {
    const std::string key(f.key);
    if (b.barebone && (key == "board" || key == "chassis" || key == "psu")) continue;
    std::visit(
        [&](auto m) {
          using M = std::remove_reference_t<decltype(b.*m)>;
          const auto& v = b.*m;
          if constexpr (std::is_pointer_v<M>) {
            if (!v) return;
            // A generic stand-in a partial build was judged with is not part of the file.
            if (std::find(b.assumed_parts.begin(), b.assumed_parts.end(), v->id) != b.assumed_parts.end()) return;
            j[key] = v->id;
            if (f.count && b.*(f.count) != 1) j[std::string(f.count_key)] = b.*(f.count);
          } else if constexpr (std::is_same_v<M, std::vector<Counted<NvlinkBridge>>>) {
            // One model is written as {part, count}; a build made in memory sets only `bridge`.
            auto models = b.bridge_models();
            if (models.size() == 1) j[key] = {{"part", models[0].part->id}, {"count", models[0].count}};
            if (models.size() > 1)
              for (const auto& e : models) j[key].push_back({{"part", e.part->id}, {"count", e.count}});
          } else {
            if (v.empty() && key != "gpus") return;  // gpus is required, even when empty
            j[key] = nlohmann::ordered_json::array();
            for (const auto& e : v) j[key].push_back(entry_json(e));
          }
        },
        f.member);
  }
  if (b.psu_redundant != (b.barebone ? b.barebone->psu_redundant : 0)) j["psu_redundant"] = b.psu_redundant;
  for (const auto& g : b.psu_groups) {
    nlohmann::ordered_json e{{"name", g.name}, {"psus", g.psus}};
    if (g.psu && g.psu != b.psu) e["psu"] = g.psu->id;
    if (g.outlet && g.outlet != b.outlet) e["outlet"] = g.outlet->id;
    e["circuit"] = g.circuit;
    if (g.platform) e["platform"] = true;
    j["psu_groups"].push_back(std::move(e));
  }
  const auto& s = b.software;
  if (!s.driver.empty() || !s.cuda.empty() || !s.cudnn.empty() || !s.pytorch.empty() || !s.rocm.empty() || s.p2p) {
    nlohmann::ordered_json sw;
    if (!s.driver.empty()) sw["driver"] = s.driver;
    if (!s.cuda.empty()) sw["cuda"] = s.cuda;
    if (!s.cudnn.empty()) sw["cudnn"] = s.cudnn;
    if (!s.pytorch.empty())
      sw["pytorch"] = s.pytorch_variant.empty() ? s.pytorch : s.pytorch + "+" + s.pytorch_variant;
    if (!s.rocm.empty()) sw["rocm"] = s.rocm;
    if (s.p2p) sw["p2p"] = *s.p2p;
    j["software"] = std::move(sw);
  }
  return j;
}

}  // namespace rigplan

// Writing a build back out as a build file (data/schema/build.schema.json): what `rigplan plan
// --emit` saves and what its JSON output embeds. The inverse of parse_build — every field the
// loader reads is written, in the schema's order, so an emitted file checks unchanged and a
// round trip (parse → write → parse) gives the same build.
#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"

namespace rigplan {

nlohmann::ordered_json build_to_json(const Build& b) {
  nlohmann::ordered_json j;
  j["schema_version"] = 1;
  if (!b.name.empty()) j["name"] = b.name;
  if (b.cpu) j["cpu"] = b.cpu->id;
  if (b.cpu && b.cpu_count != 1) j["cpu_count"] = b.cpu_count;
  if (b.board) j["board"] = b.board->id;
  if (!b.memory.empty()) {
    j["memory"] = nlohmann::ordered_json::array();
    for (const auto& m : b.memory) j["memory"].push_back({{"part", m.part->id}, {"count", m.count}});
  }
  j["gpus"] = nlohmann::ordered_json::array();
  for (const auto& g : b.gpus) {
    nlohmann::ordered_json e{{"part", g.part->id}, {"count", g.count}};
    if (g.power_limit_w) e["power_limit_w"] = *g.power_limit_w;
    if (!g.slots.empty()) e["slots"] = g.slots;
    if (g.riser) e["riser"] = g.riser->id;
    j["gpus"].push_back(std::move(e));
  }
  if (b.psu) j["psu"] = b.psu->id;
  if (b.psu && b.psu_count != 1) j["psu_count"] = b.psu_count;
  if (b.chassis) j["chassis"] = b.chassis->id;
  if (b.cooler) j["cooler"] = b.cooler->id;
  if (!b.storage.empty()) {
    j["storage"] = nlohmann::ordered_json::array();
    for (const auto& s : b.storage) j["storage"].push_back({{"part", s.part->id}, {"count", s.count}});
  }
  if (!b.nics.empty()) {
    j["nics"] = nlohmann::ordered_json::array();
    for (const auto& n : b.nics) {
      nlohmann::ordered_json e{{"part", n.part->id}, {"count", n.count}};
      if (!n.slots.empty()) e["slots"] = n.slots;
      j["nics"].push_back(std::move(e));
    }
  }
  if (b.bridges.size() > 1) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& e : b.bridges) list.push_back({{"part", e.part->id}, {"count", e.count}});
    j["nvlink_bridge"] = list;
  } else if (b.bridge) {
    j["nvlink_bridge"] = {{"part", b.bridge->id}, {"count", b.bridge_count}};
  }
  if (b.outlet) j["outlet"] = b.outlet->id;
  const auto& s = b.software;
  if (!s.driver.empty() || !s.cuda.empty() || !s.cudnn.empty() || !s.pytorch.empty()) {
    nlohmann::ordered_json sw;
    if (!s.driver.empty()) sw["driver"] = s.driver;
    if (!s.cuda.empty()) sw["cuda"] = s.cuda;
    if (!s.cudnn.empty()) sw["cudnn"] = s.cudnn;
    if (!s.pytorch.empty()) sw["pytorch"] = s.pytorch;
    j["software"] = std::move(sw);
  }
  return j;
}

}  // namespace rigplan

// The machine as a build file (data/schema/build.schema.json) that `rigplan check` accepts:
// the GPUs it matched, grouped by part and power limit in the order nvidia-smi lists them, the
// CPU and its socket count, and the driver with the CUDA version nvidia-smi reports (the newest
// CUDA the driver supports — the toolkit in use may be older). What inspect cannot see is left
// out: the board, PSU, chassis, cooler and DIMM models; `notes` says so, and lists what was not
// matched, so the file is honest about being partial.
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "rigplan/inspect.hpp"

namespace rigplan {

namespace {
// The build schema's bounds for power_limit_w; a limit outside them is left out (and noted).
constexpr double kSchemaMinPowerLimit_w = 50, kSchemaMaxPowerLimit_w = 1500;
constexpr int kSchemaMaxCount = 64;
constexpr std::size_t kSchemaMaxName = 200;
}  // namespace

nlohmann::ordered_json as_built_json(const InspectedMachine& m) {
  nlohmann::ordered_json j;
  j["schema_version"] = 1;
  std::string name = m.origin == "live" ? "as built (rigplan inspect)" : "as built (rigplan inspect --from " + m.origin + ")";
  j["name"] = name.size() > kSchemaMaxName ? name.substr(0, kSchemaMaxName) : name;
  std::vector<std::string> notes{"Written by rigplan inspect: only what the machine reports about itself. Board, PSU, "
                                 "chassis, cooler and DIMM models are not visible to it and are left out."};
  if (m.cpu_part) {
    j["cpu"] = m.cpu_part->id;
    if (m.cpu && m.cpu->sockets > 1) j["cpu_count"] = std::min(m.cpu->sockets, 8);
  }
  j["gpus"] = nlohmann::ordered_json::array();
  for (const auto& g : m.gpus) {
    if (!g.part) continue;
    bool has_pl = g.power_limit_w.has_value();
    double pl = g.power_limit_w.value_or(0);
    if (has_pl && (pl < kSchemaMinPowerLimit_w || pl > kSchemaMaxPowerLimit_w)) {
      notes.push_back(fmt::format("GPU{} power limit {:g} W is outside the build format's 50-1500 W and is left out.",
                                  g.index, pl));
      has_pl = false;
    }
    auto& arr = j["gpus"];
    bool joined = false;
    if (!arr.empty()) {
      auto& last = arr.back();
      bool same_limit = has_pl ? (last.contains("power_limit_w") && last["power_limit_w"].get<double>() == pl)
                               : !last.contains("power_limit_w");
      if (last["part"] == g.part->id && same_limit && last["count"].get<int>() < kSchemaMaxCount) {
        last["count"] = last["count"].get<int>() + 1;
        joined = true;
      }
    }
    if (!joined) {
      nlohmann::ordered_json e{{"part", g.part->id}, {"count", 1}};
      if (has_pl) e["power_limit_w"] = pl;
      arr.push_back(std::move(e));
    }
  }
  for (const auto& u : m.unmatched) notes.push_back("Not matched: " + u + ".");
  if (m.memory_gib) notes.push_back(fmt::format("The kernel sees {:.1f} GiB of memory (MemTotal).", *m.memory_gib));
  std::string all;
  for (const auto& n : notes) all += (all.empty() ? "" : " ") + n;
  j["notes"] = all;
  if (!m.driver.empty() || !m.cuda.empty()) {
    nlohmann::ordered_json sw;
    if (!m.driver.empty()) sw["driver"] = m.driver;
    if (!m.cuda.empty()) sw["cuda"] = m.cuda;
    j["software"] = sw;
  }
  return j;
}

}  // namespace rigplan

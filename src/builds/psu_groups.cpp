// The build file's psu_groups, read and checked (see src/builds/psu_groups.hpp).
#include "builds/psu_groups.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "util/suggest.hpp"

namespace rigplan {

std::vector<PsuGroupIssue> read_psu_groups(const nlohmann::json& doc, const Catalog& cat, Build& b) {
  std::vector<PsuGroupIssue> issues;
  auto add = [&](std::string at, std::string msg) { issues.emplace_back(std::move(at), std::move(msg)); };
  std::vector<std::string> names;
  if (doc.contains("psu_groups")) {
    const auto& groups = doc["psu_groups"];
    if (!doc.contains("psu")) add("/psu_groups", "psu_groups divide the build's PSU units: name the model with \"psu\"");
    if (b.barebone)
      add("/psu_groups", fmt::format("barebone {} feeds its cards from its own power backplane; psu_groups describe "
                                     "separate ATX supplies",
                                     b.barebone->id));
    if (b.psu_redundant > 0)
      add("/psu_groups", "a redundant module set (psu_redundant) shares one backplane; it is not split into groups");
    int units = 0, platform = -1;
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const auto& g = groups[i];
      const std::string at = fmt::format("/psu_groups/{}", i);
      PsuGroup pg;
      pg.name = g["name"].get<std::string>();
      pg.psus = g.value("psus", 1);
      pg.circuit = g.value("circuit", std::string("main"));
      pg.platform = g.value("platform", false);
      pg.psu = b.psu;
      if (g.contains("psu")) {
        std::string id = g["psu"].get<std::string>();
        if (auto problem = cat.id_problem(id, Kind::Psu))
          add(at + "/psu", *problem);
        else
          pg.psu = cat.find<Psu>(id);
      }
      pg.outlet = b.outlet;
      if (g.contains("outlet")) {
        std::string id = g["outlet"].get<std::string>();
        if (auto problem = cat.id_problem(id, Kind::Outlet))
          add(at + "/outlet", *problem);
        else
          pg.outlet = cat.find<Outlet>(id);
      }
      for (const auto& n : names)
        if (n == pg.name) add(at + "/name", fmt::format("a second group named \"{}\"", pg.name));
      if (pg.platform) {
        if (platform >= 0)
          add(at + "/platform", fmt::format("group \"{}\" already feeds the platform; only one group does",
                                            groups[platform]["name"].get<std::string>()));
        else
          platform = static_cast<int>(i);
      }
      units += pg.psus;
      names.push_back(pg.name);
      b.psu_groups.push_back(pg);
    }
    if (platform < 0 && !b.psu_groups.empty()) b.psu_groups.front().platform = true;
    if (units != b.psu_count)
      add("/psu_groups", fmt::format("the groups hold {} PSU unit(s) but psu_count is {}; make them agree", units,
                                     b.psu_count));
    for (const auto& g : b.psu_groups)
      if (!g.outlet)
        add("/psu_groups", fmt::format("group \"{}\" names no outlet and the build has none: give the build or the "
                                       "group an \"outlet\"",
                                       g.name));
  }
  if (!doc.contains("gpus")) return issues;
  for (std::size_t i = 0; i < doc["gpus"].size() && i < b.gpus.size(); ++i) {
    const auto& e = doc["gpus"][i];
    const std::string at = fmt::format("/gpus/{}", i);
    if (!e.contains("psu_group")) {
      if (!names.empty())
        add(at, fmt::format("the build has psu_groups: say which feeds these cards with \"psu_group\" (one of: {})",
                            fmt::join(names, ", ")));
      continue;
    }
    std::string g = e["psu_group"].get<std::string>();
    if (names.empty()) {
      add(at + "/psu_group", "the build has no psu_groups to name");
    } else if (std::find(names.begin(), names.end(), g) == names.end()) {
      add(at + "/psu_group", fmt::format("no PSU group \"{}\"{}", g, did_you_mean(g, names)));
    } else {
      b.gpus[i].psu_group = g;
    }
  }
  return issues;
}

}  // namespace rigplan

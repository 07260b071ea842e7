// The HTML report's sections, one file each under src/report/html/: each turns the data a
// command already computed (the structs its JSON document is written from, or that document
// itself) into an HTML fragment with its strings escaped. The reports (reports.cpp) put them
// together per command.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/diagnostics.hpp"
#include "rigplan/placement.hpp"
#include "rigplan/power.hpp"
#include "rigplan/topology.hpp"

namespace rigplan::html {

// The board seen from the side: one row per expansion opening, each slot drawn with its wired
// lanes, each card over the openings its cooler covers (hatched), risers dashed, links narrower
// or slower than the slot marked, openings past the chassis crossed out. "" without a board.
std::string slots_svg(const Build& b, const Placement& p);

// Power as stacked bars: the DC load by part against the PSU rating (transient peak marked), and
// the wall draw against the outlet's continuous limit; a numbered legend table gives the figures.
std::string power_bars(const Build& b, const PowerBudget& p);

// The predicted `nvidia-smi topo -m` matrix as a table, link kinds in words below it.
std::string topology_table(const Topology& t);

// Findings by severity (the word, not only a colour), each with its code, message and hint.
std::string findings_list(const std::vector<Diagnostic>& d);

// `size`: memory per GPU as a stacked bar by component against the GPU's memory, and the
// workload's time and speed, from the size JSON document.
std::string memory_bars(const nlohmann::ordered_json& size_doc);
std::string size_summary(const nlohmann::ordered_json& size_doc);

// `plan`: the ranked table from the plan JSON document.
std::string plan_table(const nlohmann::ordered_json& plan_doc);

// `cluster`: fabric tiers drawn and counted, power, peak compute, cost and training time.
std::string cluster_summary(const nlohmann::ordered_json& cluster_doc);

// `sweep`: the plot (the SVG `--plot` writes) and what was swept.
std::string sweep_plot(const std::string& svg, const std::string& what);

// A key/value list; values are plain text (escaped here).
std::string key_values(const std::vector<std::pair<std::string, std::string>>& kv);

}  // namespace rigplan::html

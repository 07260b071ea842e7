// Machine formats of a check: JSON (schema_version: rigplan/document.hpp), GitHub annotations, JUnit XML.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include "report/ci_text.hpp"
#include "rigplan/check_report.hpp"
#include "util/json_text.hpp"

namespace rigplan {

using nlohmann::ordered_json;

ordered_json topology_json(const Topology& t) {
  ordered_json j;
  j["devices"] = t.devices;
  j["parts"] = t.parts;
  j["matrix"] = t.links;
  j["cpu_affinity"] = t.cpu_affinity;
  j["numa_affinity"] = t.numa_affinity;
  j["nvlink_pairs"] = ordered_json::array();
  for (const auto& pr : t.nvlink)
    j["nvlink_pairs"].push_back({{"devices", {t.devices[pr.a], t.devices[pr.b]}},
                                 {"slots", {pr.slot_a, pr.slot_b}},
                                 {"bridge", pr.bridge},
                                 {"joined", pr.joined},
                                 {"links", pr.links},
                                 {"why", pr.why}});
  // `nvidia-smi topo -p2p r` over the GPUs ("X" on the diagonal), and why a card or pair lost P2P.
  j["p2p"] = ordered_json::array();
  for (std::size_t i = 0; i < t.p2p.status.size(); ++i) {
    ordered_json row = ordered_json::array();
    for (std::size_t k = 0; k < t.p2p.status.size(); ++k) row.push_back(i == k ? "X" : p2p_code(t.p2p.status[i][k]));
    j["p2p"].push_back(row);
  }
  j["p2p_notes"] = t.p2p.notes;
  j["p2p_stated"] = t.p2p.stated;
  return j;
}

namespace {

using V = CheckView;
double tenth(double v) { return std::round(v * 10) / 10; }

ordered_json diagnostics_json(const V& v) {
  ordered_json a = ordered_json::array();
  for (const auto& d : v.checked->result.diagnostics)
    a.push_back({{"code", d.code}, {"severity", severity_name(d.severity)}, {"message", d.message}, {"parts", d.parts}, {"hint", d.hint}});
  return a;
}

// PSU groups and their circuits (build files with psu_groups; both empty otherwise).
ordered_json psu_groups_json(const V& v) {
  ordered_json a = ordered_json::array();
  for (const auto& g : v.checked->result.power.groups)
    a.push_back(ordered_json{{"name", g.name}, {"psus", g.psus}, {"psu", g.psu ? g.psu->id : ""},
                             {"outlet", g.outlet ? g.outlet->id : ""},
                             {"circuit", g.circuit}, {"platform", g.platform}, {"gpu_w", tenth(g.gpu_w)},
                             {"sustained_w", tenth(g.sustained_w)}, {"transient_w", tenth(g.transient_w)},
                             {"transient_ms_w", tenth(g.transient_ms_w)}, {"psu_w", tenth(g.psu_w)},
                             {"efficiency", g.efficiency}, {"wall_w", tenth(g.wall_w)}});
  return a;
}

ordered_json psu_circuits_json(const V& v) {
  ordered_json a = ordered_json::array();
  for (const auto& c : v.checked->result.power.circuits)
    a.push_back(ordered_json{{"name", c.name}, {"outlet", c.outlet ? c.outlet->id : ""}, {"groups", c.groups},
                             {"wall_w", tenth(c.wall_w)}, {"wall_all_core_w", tenth(c.wall_all_core_w)},
                             {"limit_w", tenth(c.limit_w)}});
  return a;
}

ordered_json placement_json(const V& v) {
  ordered_json a = ordered_json::array();
  for (const auto& p : v.checked->result.placement.cards) {
    ordered_json e{{"part", p.part}, {"kind", p.is_gpu ? "gpu" : "nic"}};
    e["slot"] = p.slot.empty() ? ordered_json(nullptr) : ordered_json(p.slot);
    e["position"] = p.position;
    e["gen"] = p.gen;
    e["lanes"] = p.lanes;
    e["bandwidth_gb_s"] = std::round(p.bandwidth_gb_s * 100) / 100;  // GB/s per direction (bandwidth_gbps before schema 2)
    e["source"] = p.source;
    a.push_back(e);
  }
  return a;
}

}  // namespace

const std::vector<ReportField<CheckView>>& check_fields() {
  static const std::vector<ReportField<V>> f = {
      {"/file", [](const V& v) { return Scalar(std::string_view(v.checked->build.file)); }},
      {"/name", [](const V& v) { return Scalar(std::string_view(v.checked->build.name)); }},
      {"/ok", [](const V& v) { return Scalar(v.checked->result.ok(v.strict)); }},
      {"/errors", [](const V& v) { return Scalar(static_cast<long long>(v.checked->result.count(Severity::Error))); }},
      {"/warnings", [](const V& v) { return Scalar(static_cast<long long>(v.checked->result.count(Severity::Warning))); }},
      {"/diagnostics", nullptr, nullptr, 0, diagnostics_json},
      {"/placement", nullptr, nullptr, 0, placement_json},
      {"/power/sustained_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.sustained_w)); }},  // peak_w before schema 2
      {"/power/transient_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.transient_w)); }},
      {"/power/transient_ms_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.transient_ms_w)); }},
      {"/power/gpu_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.gpu_w)); }},
      {"/power/psu_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.psu_w)); }},
      {"/power/efficiency", [](const V& v) { return Scalar(v.checked->result.power.efficiency); }},
      {"/power/wall_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.wall_w)); }},
      {"/power/workload_dc_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.workload_dc_w)); }},
      {"/power/wall_all_core_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.wall_all_core_w)); }},
      {"/power/outlet_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.outlet_w)); }},
      {"/power/groups", nullptr, nullptr, 0, psu_groups_json},
      {"/power/circuits", nullptr, nullptr, 0, psu_circuits_json},
      {"/power/cpu_load", [](const V& v) { return Scalar(v.checked->result.power.cpu_load); }},
      // wall_w is the one wall figure (the CPUs at cpu_load); wall_workload_w, its old name, stays
      // in schema 2 with the same value.
      {"/power/wall_workload_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.wall_w)); }},
      {"/power/heat_w", [](const V& v) { return Scalar(tenth(v.checked->result.power.wall_w)); }},
      {"/power/heat_btu_h", [](const V& v) { return Scalar(tenth(heat_btu_per_hour(v.checked->result.power.wall_w))); }},
      {"/topology", nullptr, nullptr, 0, [](const V& v) { return topology_json(v.checked->topology); }},
  };
  return f;
}

std::map<std::string, int> part_lines_of(std::string_view text) {
  std::map<std::string, int> lines;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    return lines;
  }
  if (!doc.is_object()) return lines;
  TextLocator loc(text);
  auto note = [&](const nlohmann::json& v, const std::string& ptr) {
    if (!v.is_string() || lines.count(v.get<std::string>())) return;
    if (auto off = loc.locate(nlohmann::json::json_pointer(ptr))) lines[v.get<std::string>()] = loc.position(*off).line;
  };
  // Catalog ids sit in top-level strings ("cpu", "board", …) and in "part" of list entries.
  for (const auto& [key, v] : doc.items()) {
    if (key == "$schema" || key == "name" || key == "notes") continue;
    std::string at = "/" + key;
    if (v.is_string()) note(v, at);
    else if (v.is_object() && v.contains("part")) note(v["part"], at + "/part");
    else if (v.is_array())
      for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i].is_object() && v[i].contains("part")) note(v[i]["part"], fmt::format("{}/{}/part", at, i));
  }
  return lines;
}

const std::vector<std::pair<std::string, std::string>>& check_renamed_keys() {
  static const std::vector<std::pair<std::string, std::string>> r = {{"peak_w", "sustained_w"}, {"bandwidth_gbps", "bandwidth_gb_s"}};
  return r;
}

ordered_json check_json(const CheckedBuild& c, bool strict) { return document_from_fields(check_fields(), CheckView{&c, strict}); }


std::string check_github(const std::vector<CheckedBuild>& all) {
  std::string out;
  for (const auto& c : all)
    for (const auto& d : c.result.diagnostics) {
      const char* level = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "notice";
      std::string msg = d.message + (d.hint.empty() ? "" : " — hint: " + d.hint);
      // The line of the first of the diagnostic's parts that the build file names.
      int line = 0;
      for (const auto& id : d.parts)
        if (auto it = c.part_lines.find(id); it != c.part_lines.end()) {
          line = it->second;
          break;
        }
      std::string at = line > 0 ? fmt::format(",line={}", line) : "";
      out += fmt::format("::{} file={}{},title={}::{}\n", level, gh_prop(c.build.file), at, gh_prop("rigplan " + d.code),
                         gh_escape(msg));
    }
  return out;
}

std::string check_junit(const std::vector<CheckedBuild>& all, bool strict, const std::vector<UnreadableBuild>& unreadable) {
  int failures = 0;
  for (const auto& c : all) failures += !c.result.ok(strict);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuite name=\"rigplan check\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n",
                     all.size() + unreadable.size(), failures, unreadable.size());
  for (const auto& u : unreadable) {  // JUnit's <error>: the test could not run (bad input)
    std::string text;
    for (const auto& m : u.messages) text += m + "\n";
    out += fmt::format("  <testcase classname=\"rigplan.check\" name=\"{}\" file=\"{}\">\n", xml(u.file), xml(u.file));
    out += fmt::format("    <error message=\"not a valid build file\">{}</error>\n  </testcase>\n", xml(text));
  }
  for (const auto& c : all) {
    out += fmt::format("  <testcase classname=\"rigplan.check\" name=\"{}\" file=\"{}\">\n",
                       xml(c.build.name.empty() ? c.build.file : c.build.name), xml(c.build.file));
    if (!c.result.ok(strict)) {
      std::string text;
      for (const auto& d : c.result.diagnostics)
        if (d.severity == Severity::Error || (strict && d.severity == Severity::Warning))
          text += fmt::format("{} {}: {}\n", severity_name(d.severity), d.code, d.message);
      out += fmt::format("    <failure message=\"{} error(s), {} warning(s)\">{}</failure>\n",
                         c.result.count(Severity::Error), c.result.count(Severity::Warning), xml(text));
    }
    out += "  </testcase>\n";
  }
  return out + "</testsuite>\n";
}

}  // namespace rigplan

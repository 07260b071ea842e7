// The machine as a build file (data/schema/build.schema.json) that `rigplan check` accepts:
// the GPUs it matched, grouped by part and power limit in the order nvidia-smi lists them, the
// CPU and its socket count, and the driver with the CUDA version nvidia-smi reports (the newest
// CUDA the driver supports — the toolkit in use may be older). What inspect cannot see is left
// out: the board, PSU, chassis, cooler and DIMM models; `notes` says so, and lists what was not
// matched, and "partial": true tells `check` so: it judges what is named, and the missing
// essentials are notes there. Whatever it writes, `check` reads: names
// are cut to the schema's lengths at a character boundary, notes to kMaxEmittedNotes, and a
// driver or CUDA version that is not a version number is left out (and noted), never written.
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "rigplan/document.hpp"
#include "rigplan/inspect.hpp"
#include "util/utf8.hpp"

namespace rigplan {

namespace {
// The build schema's bounds for power_limit_w; a limit outside them is left out (and noted).
constexpr double kSchemaMinPowerLimit_w = 50, kSchemaMaxPowerLimit_w = 1500;
constexpr int kSchemaMaxCount = 64;
constexpr std::size_t kSchemaMaxName = 200;
// The notes: each unmatched item cut to kMaxNoteItem bytes, the first kMaxNoteItems of them, and
// the whole under kMaxEmittedNotes — far below the 1 MiB (kMaxStringBytes) any input string may
// hold, so a report of 256 GPUs with 10 MB names still writes a build `check` reads.
constexpr std::size_t kMaxNoteItem = 300, kMaxNoteItems = 50, kMaxEmittedNotes = 64u << 10;

// build.schema.json's version pattern, ^[0-9]+(\.[0-9]+){0,3}$, up to 40 characters.
bool is_version(const std::string& v) {
  if (v.empty() || v.size() > 40 || v.front() == '.' || v.back() == '.') return false;
  int dots = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '.') {
      if (v[i - 1] == '.') return false;
      ++dots;
    } else if (v[i] < '0' || v[i] > '9') {
      return false;
    }
  }
  return dots <= 3;
}

std::string cut(const std::string& s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return valid_utf8(s);
  return valid_utf8(utf8_prefix(s, max_bytes)) + fmt::format("... ({} bytes)", s.size());
}
}  // namespace

nlohmann::ordered_json as_built_json(const InspectedMachine& m) {
  nlohmann::ordered_json j = new_document(DocumentKind::BuildFile);
  std::string name = m.origin == "live" ? "as built (rigplan inspect)" : "as built (rigplan inspect --from " + m.origin + ")";
  j["name"] = valid_utf8(utf8_prefix(valid_utf8(name), kSchemaMaxName));
  j["partial"] = true;  // board, PSU, chassis and DIMMs are not visible: check judges what is named
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
  for (std::size_t i = 0; i < m.unmatched.size() && i < kMaxNoteItems; ++i)
    notes.push_back("Not matched: " + cut(m.unmatched[i], kMaxNoteItem) + ".");
  if (m.unmatched.size() > kMaxNoteItems)
    notes.push_back(fmt::format("And {} more not matched.", m.unmatched.size() - kMaxNoteItems));
  if (m.memory_gib) notes.push_back(fmt::format("The kernel sees {:.1f} GiB of memory (MemTotal).", *m.memory_gib));
  nlohmann::ordered_json sw;
  for (const auto& [key, v] : {std::pair<const char*, const std::string*>{"driver", &m.driver}, {"cuda", &m.cuda}}) {
    if (v->empty()) continue;
    if (is_version(*v)) sw[key] = *v;
    else notes.push_back(fmt::format("The {} version \"{}\" is not a version number and is left out.", key, cut(*v, 80)));
  }
  std::string all;
  for (const auto& n : notes) {
    if (all.size() + n.size() + 1 > kMaxEmittedNotes) break;
    all += (all.empty() ? "" : " ") + n;
  }
  j["notes"] = all;
  if (!sw.empty()) j["software"] = sw;
  return j;
}

}  // namespace rigplan

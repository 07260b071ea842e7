// Words for a plot's title, axes and legend (see include/rigplan/sweep_plot.hpp): a sweep names
// its quantities by JSON path ("memory.per_gpu.total_bytes"); a reader wants "Memory per GPU
// (GiB)". Known paths have their words here; any other is spelled from its last name (unit
// suffix off, underscores as spaces, the parent's name before a generic last one). The unit
// comes from the name's suffix; bytes are shown in GiB, seconds in hours or days when the values
// run that long, and fractions such as MFU in per cent.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "rigplan/sweep_plot.hpp"

namespace rigplan {

namespace {

// Path components without array indices: "gpus[0].power_limit_w" → {"gpus", "power_limit_w"}.
std::vector<std::string> names_of(const std::string& path) {
  std::vector<std::string> out(1);
  bool in_index = false;
  for (char c : path) {
    if (c == '[') in_index = true;
    else if (c == ']') in_index = false;
    else if (in_index) continue;
    else if (c == '.') out.emplace_back();
    else out.back() += c;
  }
  out.erase(std::remove(out.begin(), out.end(), std::string()), out.end());
  return out;
}

std::string spaced(std::string s) {
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

// Words for paths (or their endings) that have a better name than their spelling.
const std::pair<const char*, const char*> kWords[] = {
    {"power.sustained_w", "Sustained power draw"},
    {"power.transient_w", "Transient peak power"},
    {"power.wall_w", "Power drawn from the wall"},
    {"power.outlet_w", "Outlet continuous rating"},
    {"power.psu_w", "PSU rating"},
    {"power.gpu_w", "GPU power"},
    {"power.it_kw", "IT power"},
    {"power.racks", "Racks"},
    {"power_limit_w", "GPU power limit"},
    {"memory.per_gpu.total_bytes", "Memory per GPU"},
    {"training.days", "Time to train"},
    {"time.days", "Time to train"},
    {"time.seconds", "Time to train"},
    {"performance.step_seconds", "Step time"},
    {"performance.tokens_per_s", "Throughput"},
    {"performance.mfu", "Predicted MFU"},
    {"performance.hfu", "Predicted HFU"},
    {"performance.clock_share", "Clock share held in the step"},
    {"fabric.levels", "Fabric levels"},
    {"gpus.count", "GPU count"},
    {"fewest_gpus.zero0", "Fewest GPUs at ZeRO-0"},
    {"fewest_gpus.zero1", "Fewest GPUs at ZeRO-1"},
    {"fewest_gpus.zero2", "Fewest GPUs at ZeRO-2"},
    {"fewest_gpus.zero3", "Fewest GPUs at ZeRO-3"},
    {"gpus", "GPUs"},
    {"nodes", "Nodes"},
    {"seq", "Sequence length"},
    {"zero", "ZeRO stage"},
    {"tp", "Tensor-parallel degree"},
    {"pp", "Pipeline-parallel degree"},
    {"dp", "Data-parallel degree"},
    {"sp", "Sequence parallelism"},
    {"outlet", "Outlet"},
    {"psu", "PSU"},
    {"micro_batch", "Micro-batch"},
    {"batch", "Global batch"},
};

const char* const kGeneric[] = {"count", "part", "total", "days", "seconds", "levels", "w", "bytes"};

}  // namespace

PlotQuantity describe(const std::string& path, double max_abs) {
  PlotQuantity q;
  std::string unit = unit_of(path);
  q.unit = unit;
  if (unit == "bytes") q.unit = "GiB", q.scale = 1.0 / (1ull << 30);
  if (unit == "s" && max_abs >= 2 * 86400) q.unit = "days", q.scale = 1.0 / 86400;
  else if (unit == "s" && max_abs >= 2 * 3600) q.unit = "h", q.scale = 1.0 / 3600;
  auto names = names_of(path);
  std::string dotted;
  for (const auto& n : names) dotted += (dotted.empty() ? "" : ".") + n;
  for (const auto& [key, words] : kWords)
    if (dotted == key || dotted.ends_with(std::string(".") + key)) {
      q.words = words;
      break;
    }
  if (q.words.empty() && !names.empty()) {
    std::string last = names.back();
    static const char* const suffixes[] = {"_per_s", "_gb_s", "_gbps", "_bytes", "_usd", "_gib", "_percent", "_kw", "_w", "_gb",
                                           "_tb", "_mm", "_ms", "_hz", "_s"};
    for (const char* s : suffixes)
      if (last.ends_with(s)) {
        last.resize(last.size() - std::string(s).size());
        break;
      }
    bool generic = last.empty() || std::any_of(std::begin(kGeneric), std::end(kGeneric), [&](const char* g) { return last == g; });
    q.words = spaced(last);
    if (generic && names.size() > 1) q.words = spaced(names[names.size() - 2]) + (last.empty() ? "" : " " + spaced(last));
    if (!q.words.empty()) q.words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(q.words[0])));
  }
  if (q.words.empty()) q.words = path;
  if ((dotted.ends_with("mfu") || dotted.ends_with("hfu")) && q.unit.empty()) q.unit = "%", q.scale = 100;
  return q;
}

std::string PlotQuantity::label() const { return unit.empty() ? words : fmt::format("{} ({})", words, unit); }

}  // namespace rigplan

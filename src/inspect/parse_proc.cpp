// /proc/cpuinfo and /proc/meminfo, as Linux prints them (Documentation/filesystems/proc.rst):
// "key<TAB>: value" lines, one block per logical CPU. From cpuinfo: the first "model name", the
// number of logical CPUs ("processor" lines) and of sockets (distinct "physical id" values; ARM
// kernels print none, and the count stays unknown). From meminfo: MemTotal, which is what the
// kernel can use — a little below the installed DIMMs (firmware and the kernel keep some), so it
// is compared with the plan with a tolerance (see compare.cpp). A line without ':' is an error.
#include <fmt/format.h>

#include <set>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

namespace {

struct KeyValue {
  std::string_view key, value;
};

std::optional<KeyValue> key_value(std::string_view line, const std::string& file, int lno) {
  if (trim(line).empty()) return std::nullopt;
  auto colon = line.find(':');
  if (colon == std::string_view::npos)
    throw InputError(InputIssue{file, "", lno, 1, fmt::format("\"{}\" is not a \"key: value\" line", trim(line).substr(0, 60))});
  return KeyValue{trim(line.substr(0, colon)), trim(line.substr(colon + 1))};
}

}  // namespace

CpuReport parse_cpuinfo(std::string_view text, const std::string& file) {
  require_text(text, file);
  CpuReport r;
  std::set<std::string> sockets;
  auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    int lno = static_cast<int>(i) + 1;
    auto kv = key_value(lines[i], file, lno);
    if (!kv) continue;
    if (kv->key == "processor") ++r.logical_cpus;
    else if (kv->key == "model name" && r.model.empty()) {
      require_name(kv->value, "CPU model name", file, lno, 1);
      r.model = std::string(kv->value);
    }
    else if (kv->key == "physical id") sockets.insert(std::string(kv->value));
  }
  if (r.logical_cpus == 0) throw InputError(InputIssue{file, "", 1, 1, "no \"processor\" line: this is not /proc/cpuinfo"});
  r.sockets = static_cast<int>(sockets.size());
  return r;
}

double parse_meminfo(std::string_view text, const std::string& file) {
  require_text(text, file);
  auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    int lno = static_cast<int>(i) + 1;
    auto kv = key_value(lines[i], file, lno);
    if (!kv || kv->key != "MemTotal") continue;
    std::string_view unit;
    auto kb = leading_number(kv->value, &unit);
    if (!kb || trim(unit) != "kB")
      throw InputError(InputIssue{file, "", lno, 1, fmt::format("MemTotal \"{}\" is not a number of kB", kv->value)});
    return *kb / (1024.0 * 1024.0);
  }
  throw InputError(InputIssue{file, "", 1, 1, "no MemTotal line: this is not /proc/meminfo"});
}

}  // namespace rigplan::inspect

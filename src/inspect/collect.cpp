// Where `rigplan inspect` gets its reports: saved files in a directory (`--from DIR`, the file
// names in InspectFiles) or the commands themselves, run on this machine. A report that is absent
// (no file, command not installed, command failed) is skipped and said; one that is present but
// malformed stops the inspection with exit 2, since reading half of it would report a machine
// that is not there. Commands are fixed strings run through /bin/sh, never built from input.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>

#include "inspect/assemble.hpp"
#include "rigplan/error.hpp"
#include "util/json_text.hpp"

namespace rigplan {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxCommandOutput = 64u << 20;

struct Source {
  const char* name;     // what it is, for the report
  const char* file;     // the saved file's name
  const char* command;  // the command run live ("" = a file read live)
  const char* live_path;
};

const Source kSources[] = {
    {"nvidia-smi -q -x", InspectFiles::kNvsmiXml, "nvidia-smi -q -x", ""},
    {"nvidia-smi topo -m", InspectFiles::kTopo, "nvidia-smi topo -m", ""},
    {"nvidia-smi nvlink -s", InspectFiles::kNvlink, "nvidia-smi nvlink -s", ""},
    {"lspci -vv", InspectFiles::kLspci, "lspci -vv", ""},
    {"/proc/cpuinfo", InspectFiles::kCpuinfo, "", "/proc/cpuinfo"},
    {"/proc/meminfo", InspectFiles::kMeminfo, "", "/proc/meminfo"},
    {"rocm-smi --showtopo --json", InspectFiles::kRocm, "rocm-smi --showtopo --json", ""},
};

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string p = path;
  std::size_t start = 0;
  while (start <= p.size()) {
    std::size_t colon = p.find(':', start);
    std::string dir = p.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    std::error_code ec;
    if (!dir.empty() && fs::is_regular_file(fs::path(dir) / program, ec)) return true;
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return false;
}

// Runs `command`; its stdout, or nullopt with `why` set.
std::optional<std::string> run(const std::string& command, std::string& why) {
  std::string program = command.substr(0, command.find(' '));
  if (!on_path(program)) {
    why = program + " is not installed (not on PATH)";
    return std::nullopt;
  }
  FILE* p = popen((command + " 2>/dev/null").c_str(), "r");
  if (!p) {
    why = "could not be started";
    return std::nullopt;
  }
  std::string out;
  char buf[65536];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) {
    if (out.size() + n > kMaxCommandOutput) {
      pclose(p);
      why = fmt::format("printed more than {} MiB", kMaxCommandOutput >> 20);
      return std::nullopt;
    }
    out.append(buf, n);
  }
  int status = pclose(p);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    why = fmt::format("failed (exit status {})", status == -1 || !WIFEXITED(status) ? -1 : WEXITSTATUS(status));
    return std::nullopt;
  }
  return out;
}

}  // namespace

InspectedMachine inspect_from_dir(const std::string& dir, const Catalog& catalog) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(InputIssue{dir, "", 0, 0, "--from needs a directory of saved reports (see docs/inspect.md)"});
  inspect::Reports r;
  bool any = false;
  for (const auto& s : kSources) {
    std::string path = (fs::path(dir) / s.file).string();
    SourceNote note{s.name, path, false, ""};
    if (fs::exists(fs::symlink_status(path, ec))) {
      r.texts[s.file] = {read_input_file(path), path};  // refuses directories, FIFOs, devices, huge files
      note.read = any = true;
    } else {
      note.why = "no " + std::string(s.file) + " in the directory";
    }
    r.notes.push_back(note);
  }
  if (!any)
    throw InputError(InputIssue{dir, "", 0, 0,
                                "holds none of the reports inspect reads (nvidia-smi-q.xml, topo-m.txt, nvlink-s.txt, "
                                "lspci-vv.txt, cpuinfo, meminfo, rocm-smi-topo.json)"});
  InspectedMachine m = inspect::assemble(r, catalog);
  m.origin = dir;
  return m;
}

InspectedMachine inspect_live(const Catalog& catalog) {
  inspect::Reports r;
  for (const auto& s : kSources) {
    SourceNote note{s.name, *s.command ? s.command : s.live_path, false, ""};
    std::string why;
    std::optional<std::string> text;
    if (*s.command) {
      text = run(s.command, why);
    } else {
      std::error_code ec;
      if (fs::exists(s.live_path, ec)) {
        // /proc files report size 0; read them as streams.
        FILE* f = std::fopen(s.live_path, "r");
        if (f) {
          std::string out;
          char buf[65536];
          std::size_t n;
          while ((n = fread(buf, 1, sizeof buf, f)) > 0 && out.size() < kMaxCommandOutput) out.append(buf, n);
          std::fclose(f);
          text = out;
        } else {
          why = "could not be read";
        }
      } else {
        why = "absent (not Linux?)";
      }
    }
    if (text) {
      r.texts[s.file] = {*text, note.file};
      note.read = true;
    } else {
      note.why = why;
    }
    r.notes.push_back(note);
  }
  InspectedMachine m = inspect::assemble(r, catalog);
  m.origin = "live";
  return m;
}

}  // namespace rigplan

// Where `rigplan inspect` gets its reports: saved files in a directory (`--from DIR`, the file
// names in InspectFiles) or the commands themselves, run on this machine. A report that is absent
// (no file, command not installed, command failed) is skipped and said; one that is present but
// malformed stops the inspection with exit 2, since reading half of it would report a machine
// that is not there. Commands are fixed strings run directly (no shell), never built from input,
// each with a time limit (kDefaultCommandTimeout_s, or inspect's --command-timeout).
#include <fmt/format.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "inspect/assemble.hpp"
#include "rigplan/error.hpp"
#include "util/json_text.hpp"

namespace rigplan {

namespace {

// How to get a missing report command, by the package that ships it on Debian/Ubuntu and Fedora.
std::string install_hint(const std::string& program) {
  if (program == "lspci") return ": install pciutils (apt install pciutils, dnf install pciutils)";
  if (program == "nvidia-smi") return ": it comes with NVIDIA's driver (no NVIDIA GPU, or the driver is not installed)";
  if (program == "rocm-smi") return ": it comes with ROCm (no AMD GPU, or ROCm is not installed)";
  return "";
}

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

// Runs `command` (a fixed string: the program and its arguments, split on blanks) with its
// stderr discarded; its stdout, or nullopt with `why` set. A command still running after
// `timeout_s` seconds is killed (with anything it started: it runs in a process group of its
// own) and reported as timed out: nvidia-smi waits forever when a GPU has fallen off the bus.
std::optional<std::string> run(const std::string& command, double timeout_s, std::string& why) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < command.size();) {
    std::size_t sp = command.find(' ', i);
    if (sp == std::string::npos) sp = command.size();
    if (sp > i) words.push_back(command.substr(i, sp - i));
    i = sp + 1;
  }
  if (!on_path(words.front())) {
    why = words.front() + " is not installed (not on PATH)" + install_hint(words.front());
    return std::nullopt;
  }
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    why = "could not be started";
    return std::nullopt;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    why = "could not be started";
    return std::nullopt;
  }
  if (pid == 0) {  // the child: only async-signal-safe calls until exec
    ::setpgid(0, 0);
    ::dup2(fds[1], STDOUT_FILENO);
    int devnull = ::open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      ::dup2(devnull, STDIN_FILENO);
      ::dup2(devnull, STDERR_FILENO);
    }
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so the group exists before any kill below
  ::close(fds[1]);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  std::string out;
  char buf[65536];
  bool timed_out = false, too_long = false;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    struct pollfd pfd {fds[0], POLLIN, 0};
    int ready = ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // end of output (or a read error)
    if (out.size() + static_cast<std::size_t>(n) > kMaxCommandOutput) {
      too_long = true;
      break;
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out || too_long) ::kill(-pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    why = fmt::format("timed out after {:g} s (killed; a GPU that has fallen off the bus makes nvidia-smi hang)", timeout_s);
    return std::nullopt;
  }
  if (too_long) {
    why = fmt::format("printed more than {} MiB", kMaxCommandOutput >> 20);
    return std::nullopt;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    why = fmt::format("failed (exit status {})", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
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

InspectedMachine inspect_live(const Catalog& catalog, double command_timeout_s) {
  inspect::Reports r;
  for (const auto& s : kSources) {
    SourceNote note{s.name, *s.command ? s.command : s.live_path, false, ""};
    std::string why;
    std::optional<std::string> text;
    if (*s.command) {
      text = run(s.command, command_timeout_s, why);
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

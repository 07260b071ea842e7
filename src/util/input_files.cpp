// The set of files this run has read (see input_files.hpp). A process-wide set, guarded by a
// mutex: sweeps read their files before the worker threads start, but nothing here relies on it.
#include "util/input_files.hpp"

#include <sys/stat.h>

#include <map>
#include <mutex>
#include <utility>

namespace rigplan {

namespace {

using FileId = std::pair<dev_t, ino_t>;

std::mutex& lock() {
  static std::mutex m;
  return m;
}

std::map<FileId, std::string>& inputs() {
  static std::map<FileId, std::string> files;
  return files;
}

}  // namespace

void note_input_file(const std::string& path) {
  if (path.empty() || path == "-") return;
  struct ::stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
  std::lock_guard<std::mutex> g(lock());
  inputs().emplace(FileId{st.st_dev, st.st_ino}, path);
}

std::optional<std::string> input_file_at(const std::string& path) {
  std::lock_guard<std::mutex> g(lock());
  if (inputs().empty()) return std::nullopt;
  struct ::stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  auto it = inputs().find(FileId{st.st_dev, st.st_ino});
  if (it == inputs().end()) return std::nullopt;
  return it->second;
}

}  // namespace rigplan

// Atomic, link-safe output files (see atomic_file.hpp).
#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <signal.h>

#include <atomic>
#include <cerrno>
#include <cstdio>  // renameat2, RENAME_NOREPLACE (glibc 2.28)
#include <cstring>
#include <filesystem>

#include "rigplan/error.hpp"
#include "util/input_files.hpp"

namespace rigplan {

namespace fs = std::filesystem;

namespace {

// The temporary files being written now, for the signal handler: a signal that ends the process
// (SIGPIPE when `sweep --plot f | head -1` closes the pipe, SIGINT, SIGTERM, SIGHUP) runs no
// destructor, so the handler removes them (unlink is async-signal-safe) and then dies of the same
// signal with its default action, as the shell expects. A slot holds the c_str() of an AtomicFile's
// temp_, which does not change while registered. plan --emit holds up to --top (1,000) at once.
constexpr std::size_t kMaxLiveTemps = 1100;
std::atomic<const char*> g_live_temps[kMaxLiveTemps];

void remove_temps_and_die(int sig) {
  for (auto& slot : g_live_temps)
    if (const char* p = slot.load()) ::unlink(p);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_signal_cleanup() {
  static const bool installed = [] {
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;  // keep nohup's choice
      struct sigaction sa {};
      sa.sa_handler = remove_temps_and_die;
      sigemptyset(&sa.sa_mask);
      ::sigaction(sig, &sa, nullptr);
    }
    return true;
  }();
  (void)installed;
}

void register_temp(const std::string& temp) {
  install_signal_cleanup();
  for (auto& slot : g_live_temps) {
    const char* expected = nullptr;
    if (slot.compare_exchange_strong(expected, temp.c_str())) return;
  }
}

void unregister_temp(const std::string& temp) {
  for (auto& slot : g_live_temps) {
    const char* expected = temp.c_str();
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

}  // namespace

AtomicFile::AtomicFile(std::string path, std::string flag, bool overwrite)
    : path_(std::move(path)), flag_(std::move(flag)), overwrite_(overwrite) {
  struct ::stat st {};
  if (::lstat(path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail("is a directory");
    if (S_ISLNK(st.st_mode) && !overwrite_)
      fail("is a symbolic link; rigplan does not write through links (give --force to replace the link itself)");
    if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) fail("exists and is not a regular file");
    if (!overwrite_) fail("already exists; rigplan does not overwrite files unless given --force");
  }
  refuse_input();
  fs::path dir = fs::path(path_).parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) fail(fmt::format("the directory {} does not exist", dir.string()));
  // Exclusive and link-free: a name someone planted (even a dangling link) is never opened.
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temp_ = (dir / fmt::format(".{}.tmp-{}-{}", fs::path(path_).filename().string(), ::getpid(), attempt)).string();
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0 && errno != EEXIST) {
      temp_.clear();
      fail(fmt::format("cannot write in {} ({})", dir.string(), std::strerror(errno)));
    }
  }
  if (fd_ < 0) {
    temp_.clear();
    fail("cannot create a temporary file beside it");
  }
  register_temp(temp_);
}

void AtomicFile::refuse_input() {
  if (auto in = input_file_at(path_))
    fail(fmt::format("is an input of this command ({}); rigplan does not write over the files it reads", *in));
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) {
    unregister_temp(temp_);
    ::unlink(temp_.c_str());
  }
}

void AtomicFile::fail(const std::string& why) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) {
    unregister_temp(temp_);
    ::unlink(temp_.c_str());
  }
  temp_.clear();
  throw InputError(InputIssue{"", "", 0, 0, fmt::format("{} {}: {}", flag_, path_, why)});
}

void AtomicFile::write(std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(fmt::format("write failed ({})", std::strerror(errno)));
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void AtomicFile::seal() {
  if (fd_ < 0) return;
  int fd = fd_;
  fd_ = -1;
  if (::fsync(fd) != 0) {
    int err = errno;
    ::close(fd);
    fail(fmt::format("write failed ({})", std::strerror(err)));
  }
  if (::close(fd) != 0) fail(fmt::format("write failed ({})", std::strerror(errno)));
}

void AtomicFile::commit() {
  seal();
  refuse_input();  // an input read since the file was opened
  if (!overwrite_) {
    // Refuses a name that exists, so a file that appeared since the check is kept. Where the
    // file system cannot do that in one step, check again just before the rename.
    if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, path_.c_str(), RENAME_NOREPLACE) != 0) {
      if (errno == EEXIST) fail("appeared while rigplan was writing; not overwritten (give --force)");
      struct ::stat st {};
      if (errno != EINVAL && errno != ENOSYS) fail(fmt::format("cannot create it ({})", std::strerror(errno)));
      if (::lstat(path_.c_str(), &st) == 0) fail("appeared while rigplan was writing; not overwritten (give --force)");
      if (::rename(temp_.c_str(), path_.c_str()) != 0) fail(fmt::format("cannot create it ({})", std::strerror(errno)));
    }
  } else if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    fail(fmt::format("cannot replace it ({})", std::strerror(errno)));
  }
  unregister_temp(temp_);
  temp_.clear();
}

}  // namespace rigplan

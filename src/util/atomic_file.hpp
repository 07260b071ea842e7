// Writing output files the one way rigplan writes them (plan --emit, sweep --plot): into a
// temporary file beside the target, created exclusively and never through a symbolic link, then
// renamed over the target in one step. A reader (or a crash) sees the old file or the whole new
// one, never half of it; a symlink planted where the file goes is replaced, never followed; and
// a file that is already there is overwritten only when the caller says so (--force). Problems
// are found when the file is opened, before any work, so a command can fail before printing.
// A path that is one of the command's inputs (util/input_files.hpp) is refused, when the file is
// opened and again before it is renamed into place; the temporary file is removed on every exit
// path, including the signals that end the process (SIGPIPE, SIGINT, SIGTERM, SIGHUP).
#pragma once

#include <string>
#include <string_view>

namespace rigplan {

class AtomicFile {
 public:
  // Opens a temporary file in `path`'s directory. Throws InputError naming `flag` and `path` when
  // the directory does not exist or is not writable, when `path` is a directory or other
  // non-regular file, when it is an input read so far, or when `path` exists (a file or a link)
  // and `overwrite` is false.
  AtomicFile(std::string path, std::string flag, bool overwrite);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // removes the temporary file unless committed

  void write(std::string_view data);  // throws InputError on a short write
  void seal();                        // flushes to disk and closes (commit does it too)
  // Flushes, then renames the temporary file onto `path` (refusing, without --force, a file that
  // appeared there meanwhile). Throws InputError; the temporary file is then removed.
  void commit();

  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(const std::string& why);
  void refuse_input();
  std::string path_, flag_, temp_;
  bool overwrite_ = false;
  int fd_ = -1;
};

}  // namespace rigplan

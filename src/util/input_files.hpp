// The files a command has read, by device and inode, so that no output flag (--report, --plot,
// --emit) can write over one of them: `check b.json --report b.json` turned the build into HTML
// and exited 0. A path is the same file as an input when it names the same device and inode,
// through any symbolic links, hard links or different spellings of the path.
#pragma once

#include <optional>
#include <string>

namespace rigplan {

// Records `path` (stat'ed through links) as an input of this run. read_input_file calls it for
// every file it reads; a command may call it earlier for files it will read later. A path that
// does not exist (yet) is not recorded.
void note_input_file(const std::string& path);

// The input (as the command named it) that is the file `path` names, following links; nullopt
// when `path` is none of them or does not exist.
std::optional<std::string> input_file_at(const std::string& path);

}  // namespace rigplan

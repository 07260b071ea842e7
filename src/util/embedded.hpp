// Data files compiled into the binary: the built-in catalog (data/catalog), the JSON schemas
// (data/schema) and the workload presets (data/models). The .cpp is generated at build time by
// cmake/embed_data.cmake from the files themselves, so there is never a hand-kept copy.
#pragma once

#include <string_view>
#include <vector>

namespace rigplan::embedded {

struct File {
  std::string_view path;     // relative to the source tree, e.g. "data/catalog/cpus.json"
  std::string_view content;  // the file's bytes
};

// Every embedded file, sorted by path.
const std::vector<File>& files();

}  // namespace rigplan::embedded

// Putting the parsed reports together into one InspectedMachine (see assemble.cpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rigplan/inspect.hpp"

namespace rigplan::inspect {

struct Reports {
  struct Text {
    std::string body;
    std::string cite;  // the file path, or the command, named in messages
  };
  std::map<std::string, Text> texts;  // by InspectFiles name
  std::vector<SourceNote> notes;             // one per source, in the order read
};

// Parses each report present (throws InputError on a malformed one or on reports that disagree,
// such as topo -m naming more GPUs than nvidia-smi -q) and matches the parts to the catalog.
InspectedMachine assemble(const Reports& r, const Catalog& catalog);

}  // namespace rigplan::inspect

// Matching reported hardware to catalog parts (see match.cpp for the rules).
#pragma once

#include "rigplan/inspect.hpp"

namespace rigplan::inspect {

// Sets g.part and g.matched_by when the GPU is in the catalog.
void match_gpu(InspectedGpu& g, const Catalog& c);
// A GPU as lspci alone describes it (when nvidia-smi's report is absent, or for AMD cards).
InspectedGpu gpu_from_lspci(const PciFunction& f, int index);
// The catalog CPU a /proc/cpuinfo model name is, or null.
const Cpu* match_cpu(const std::string& model, const Catalog& c);

}  // namespace rigplan::inspect

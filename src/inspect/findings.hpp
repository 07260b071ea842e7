// The INS findings, split by what they compare (see compare_links.cpp and compare_plan.cpp).
#pragma once

#include <fmt/format.h>

#include "rigplan/inspect.hpp"

namespace rigplan::inspect {

// A finding with `code`'s usual severity (or `sev`).
Diagnostic finding(const char* code, std::string message, std::vector<std::string> parts = {}, std::string hint = "");
Diagnostic finding(const char* code, Severity sev, std::string message, std::vector<std::string> parts = {},
                   std::string hint = "");

// Links against each card's own maximum and the catalog part (INS003, INS004, INS009) and,
// with a plan, against the planned lanes.
void compare_links(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out);
// Everything else against the plan (INS001, 002, 005-008, 010, 011); the plan-free parts
// (power below default, NVLink links down, GPUs on two NUMA nodes) run without one.
void compare_plan(const InspectedMachine& m, const Build* plan, std::vector<Diagnostic>& out);

std::string gpu_label(const InspectedGpu& g);  // "GPU0 (NVIDIA GeForce RTX 3090, 00000000:01:00.0)"

}  // namespace rigplan::inspect

// A checked build: the build, what the rules found, and the predicted topology, as one value that
// every renderer (text, JSON, annotations, JUnit, the HTML report) and the sweep take. Running the
// check is the rules layer's job (src/rules/run_check.cpp); showing it is the report layer's.
#pragma once

#include <map>
#include <string>

#include "rigplan/assumptions.hpp"
#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "rigplan/topology.hpp"

namespace rigplan {

struct CheckedBuild {
  Build build;
  CheckResult result;
  Topology topology;
  std::map<std::string, int> part_lines;  // part id → line of its first mention in the build file (where known)
};

// Runs every rule on the build and predicts its topology from the same placement.
CheckedBuild run_check(Build b, const Assumptions& a);

}  // namespace rigplan

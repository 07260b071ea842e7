// Compiled sweeps: the fast path for points whose axes set typed fields of the input and whose
// metrics are scalars of the command's field table. The base input is read once; each point
// applies its axis values to a copy of the typed input (a SizeFields or a Build) and reads its
// metrics straight from the report, with no JSON per point. A point the compiled path cannot
// answer exactly (an axis value that is not valid input) returns false, and the runner evaluates
// it the general way, so the output is the same bytes either way (tests compare the two).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "rigplan/catalog.hpp"
#include "rigplan/sweep.hpp"
#include "sweep/rows.hpp"

namespace rigplan::sweep {

class CompiledSweep {
 public:
  virtual ~CompiledSweep() = default;
  // Writes point `coords`' metrics (coords[i] = the value index of axis i); false = not answered.
  virtual bool metrics(const std::size_t* coords, const RowWriter& w, std::string& out) const = 0;
};

// nullptr when the spec has an axis or metric the compiled path does not cover.
std::unique_ptr<CompiledSweep> compile_size(const SweepSpec& s, const Catalog& c);
std::unique_ptr<CompiledSweep> compile_check(const SweepSpec& s, const Catalog& c);

}  // namespace rigplan::sweep

// AMD's ROCm support matrix (see rocm_tables.hpp for the sources of each row).
#include "rules/rocm_tables.hpp"

#include <vector>

namespace rigplan::rules {

namespace {

struct RocmRow {
  const char* gfx;      // the LLVM target
  const char* part_id;  // "" = every GPU of the target; else this catalog part only (a later addition)
  Version first;
};

const std::vector<RocmRow>& rocm_rows() {
  static const std::vector<RocmRow> t = {
      {"gfx942", "amd-instinct-mi325x", {6, 3, 1}},  // product rows first: they refine their target's
      {"gfx1100", "", {5, 7, 1}},
      {"gfx942", "", {6, 0, 0}},
      {"gfx950", "", {7, 0, 0}},
  };
  return t;
}

}  // namespace

Version first_rocm_for(const Gpu& g) {
  if (g.gfx_target.empty()) return {};
  for (const auto& r : rocm_rows()) {
    if (g.gfx_target != r.gfx) continue;
    if (*r.part_id && g.id != r.part_id) continue;
    return r.first;
  }
  return {};
}

}  // namespace rigplan::rules

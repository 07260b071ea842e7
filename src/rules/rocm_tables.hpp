// AMD's ROCm support matrix: the first ROCm release that supports each Radeon and Instinct GPU on
// Linux, by its LLVM target (gfx1100, gfx942, gfx950) and, where AMD added a product of an
// already supported target later, by the product. From AMD's own pages:
// - Radeon RX 7900 XTX and Radeon PRO W7900 (gfx1100): ROCm 5.7.1, whose Linux install notes
//   added "ROCm and PyTorch installation processes to pair with the Radeon RX 7900 XTX GPU or the
//   Radeon PRO W7900 GPU" (ROCm/ROCm commit 74d8f95a, 2023-10-13; the GPU table rows in ef93b5e1,
//   2023-10-17, "Ubuntu 22.04 only").
// - Instinct MI300X (gfx942): ROCm 6.0.0 ("MI300X (gfx942) is only supported on Ubuntu 22.04.3",
//   compatibility matrix footnote for 6.0.0).
// - Instinct MI325X (gfx942): ROCm 6.3.1 ("ROCm 6.3.1 enables support for AMD Instinct MI325X
//   accelerator", ROCm RELEASE.md, 2024-12-19).
// - Instinct MI350X and MI355X (gfx950): ROCm 7.0.0 ("ROCm 7.0.0 adds support for AMD Instinct
//   MI355X and MI350X", ROCm 7.0.0 release notes); gfx950 is in no 6.x column of the matrix.
// https://rocm.docs.amd.com/en/latest/compatibility/compatibility-matrix.html
#pragma once

#include <string>

#include "rigplan/parts.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

// The first ROCm release that supports `g` on Linux; empty when the matrix as held here does not
// list it (no gfx target, or a target no row names).
Version first_rocm_for(const Gpu& g);

// The URL of AMD's compatibility matrix, for messages and docs.
inline constexpr const char* kRocmMatrixUrl =
    "https://rocm.docs.amd.com/en/latest/compatibility/compatibility-matrix.html";

}  // namespace rigplan::rules

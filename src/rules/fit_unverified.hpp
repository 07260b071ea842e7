// When a fit verdict hangs on a figure the catalog lacks (issue 29: "a decisive figure that is
// unknown must not pass as OK"). A card's height decides whether it goes into half-height slots:
// a chassis that takes cards lower than PCIe CEM full height (111.15 mm) turns away every
// full-height card, and passive data-centre cards are full height. An air cooler's height decides
// whether the lid closes where the chassis clears less than the tallest tower coolers stand
// (Noctua NH-U14S and NH-D15: 165 mm on Noctua's spec sheets). In those cases FIT008 warns that
// the fit is not verified; elsewhere FIT006 and FIT007 keep their note that a check was skipped.
#pragma once

#include "rigplan/build.hpp"

namespace rigplan::rules {

inline constexpr double kCemFullHeightMm = 111.15;  // PCI Express CEM: full-height card
inline constexpr double kTallTowerCoolerMm = 165;   // Noctua NH-U14S / NH-D15 height

// A card's unknown height is decisive: the chassis states a limit below full height.
inline bool card_height_decisive(const Build& b, const GpuEntry& g) {
  if (!b.chassis || b.chassis->open_frame() || g.part->form_factor != "pcie" || g.riser) return false;
  double max = b.chassis->max_card_height_mm;
  return g.part->height_mm <= 0 && max > 0 && max < kCemFullHeightMm;
}

// An air cooler's unknown height is decisive: the chassis clears less than a tall tower cooler.
inline bool cooler_height_decisive(const Build& b) {
  if (!b.cooler || !b.chassis || b.chassis->open_frame() || b.cooler->type == "aio") return false;
  double max = b.chassis->max_cpu_cooler_height_mm;
  return b.cooler->height_mm <= 0 && max > 0 && max < kTallTowerCoolerMm;
}

}  // namespace rigplan::rules

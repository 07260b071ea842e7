// Power-cable accounting shared by the CON rules. Ratings are the PCI-SIG CEM ones: slot 75 W,
// 6-pin 75 W, 8-pin 150 W, 12VHPWR / 12V-2x6 up to 600 W. An EPS12V (CPU 8-pin) feeding a
// data-centre card is counted at 300 W: NVIDIA powers 300 W cards (A100 PCIe 80GB, RTX A6000)
// through the slot and a single CPU 8-pin. Every socket on a card needs its own cable from the
// PSU: a pigtail's second plug is not a second cable.
#pragma once

#include <cmath>

#include "rigplan/build.hpp"

namespace rigplan::rules {

inline constexpr double kSlotW = 75, kSixPinW = 75, kEightPinW = 150, kHpwrW = 600, kEpsGpuW = 300;
inline constexpr int kCpuEpsCables = 1;  // one EPS12V cable per CPU socket at minimum
// NVIDIA ships A-series/A100 PCIe cards with an adapter from two PCIe 8-pin cables to one CPU 8-pin.
inline constexpr int kEpsAdapterPcieCables = 2;

struct CableNeeds {
  int pcie_8pin = 0;  // 8-pin and 6-pin sockets on the cards (a 6+2 cable serves either)
  int hpwr = 0;       // 12VHPWR / 12V-2x6 sockets
  int eps = 0;        // EPS12V sockets on cards
};

// What supplies the GPU cables, for messages: the barebone when its maker lists the unit's cables
// (its power distribution board), else the PSU.
inline std::string cable_supplier(const Build& b) {
  if (b.barebone && b.barebone->gpu_power_cables) return b.barebone->id;
  return b.psu ? b.psu->id : std::string();
}

inline CableNeeds cable_needs(const Build& b) {
  CableNeeds n;
  for (const auto& g : b.gpus) {
    const auto& pc = g.part->power_connectors;
    n.pcie_8pin += (pc.pcie_8pin + pc.pcie_6pin) * g.count;
    n.hpwr += pc.hpwr_12v * g.count;
    n.eps += pc.eps_8pin * g.count;
  }
  return n;
}

// 8-pin cables an adapter needs to feed one 12VHPWR socket at `card_w` (150 W each, 2 to 4).
inline int adapter_cables(double card_w) {
  int k = static_cast<int>(std::ceil(card_w / kEightPinW));
  return k < 2 ? 2 : (k > 4 ? 4 : k);
}

}  // namespace rigplan::rules

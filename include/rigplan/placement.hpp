// Where the cards go: GPUs and NICs placed into the board's slots the way a careful builder
// would — every card by its bandwidth need (the least bandwidth lost over all cards: a 400 Gb/s
// NIC on CPU lanes before a chipset x2 slot), then GPUs on CPU lanes, most lanes first, honouring the board's lane
// sharing (x16 alone, x8/x8 when the second slot is used), never putting a card in a slot that
// another card's cooler covers, and, with an NVLink bridge, spacing the bridged cards as the
// bridge needs — or the user's own placement, taken as given. The result says each card's slot,
// negotiated link (generation and width) and bandwidth per direction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rigplan/build.hpp"

namespace rigplan {

// PCIe payload bandwidth per lane and direction, GB/s, after line encoding (PCI-SIG base specs:
// 2.5/5 GT/s with 8b/10b; 8/16/32 GT/s with 128b/130b; 64 GT/s PAM4 with 242/256 FLIT).
double pcie_gb_s_per_lane(int gen);

struct PlacedCard {
  bool is_gpu = true;
  int entry = 0;         // index into build.gpus or build.nics
  std::string part;      // part id
  std::string slot;      // "" = no slot could take it
  int position = 0;      // expansion opening of the slot
  int covers_to = 0;     // last opening the card covers (its cooler; only the slot itself when on a riser)
  int slot_lanes = 0;    // the slot's lanes after sharing (0 = disabled)
  int lanes = 0;         // negotiated link width
  int gen = 0;           // negotiated link generation
  int lanes_without_riser = 0, gen_without_riser = 0;  // the link card and slot alone would train at
  std::string riser;     // riser part id ("" = card in the slot)
  std::string source;    // cpu | cpu2 | chipset | switch
  double bandwidth_gb_s = 0;  // per direction
  bool user_placed = false;
};

struct Placement {
  std::vector<PlacedCard> cards;     // GPUs in build order, then NICs
  std::vector<std::string> m2_used;  // M.2 sockets taken by the build's M.2 drives, in board order
  bool automatic = true;             // false when the user gave every card's slot
  bool search_truncated = false;     // the search hit kMaxPlacementSteps: best found, maybe not best
};

// Steps (partial assignments) the automatic placement may try. Alike cards are interchangeable
// and branches that cannot place as many cards as the best so far are cut, so real builds take a
// few thousand; many different cards on a board of many slots (the schema allows 20) would
// otherwise take billions.
inline constexpr std::uint64_t kMaxPlacementSteps = 200'000;

// Requires build.board; without one, returns every card unplaced.
Placement place_cards(const Build& build);

}  // namespace rigplan

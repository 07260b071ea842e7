// Peer-to-peer prediction (see include/rigplan/p2p.hpp): each card's PCIe verdict from the table,
// each pair the worse of its two cards (a bridged pair the rules accept: OK over NVLink; two
// architectures: NS, NVIDIA's peer protocol joins one generation), or what the build states.
#include "rigplan/p2p.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rigplan/topology.hpp"

namespace rigplan {

const char* p2p_code(P2pStatus s) {
  switch (s) {
    case P2pStatus::Ok: return "OK";
    case P2pStatus::ChipsetNotSupported: return "CNS";
    case P2pStatus::GpuNotSupported: return "GNS";
    case P2pStatus::NotSupported: return "NS";
    case P2pStatus::Unknown: return "U";
  }
  return "U";
}

namespace {

// Two architectures: no peer access on NVIDIA's driver. simpleP2P on a mixed machine: RTX 4090 to
// RTX A6000 "No", RTX 3090 to RTX A6000 (both Ampere) "Yes"; the forks that patch P2P in say
// NVIDIA's own PCIe P2P protocol does not work across generations.
constexpr const char* kP2pMixedSource =
    "simpleP2P with a driver patched for P2P on a machine with RTX 4090, RTX 3090 and RTX A6000 cards: 4090 to "
    "A6000 No, 3090 to A6000 Yes (github.com/aikitoria/"
    "open-gpu-kernel-modules/pull/5); the README of that driver fork ('unlike NVIDIA's proprietary PCIe P2P "
    "protocol, this works across GPU generations')";

bool p2p_row_matches(const P2pRow& r, const Gpu& g, const std::string& socket, bool any_platform_only) {
  if (g.vendor != r.vendor || g.architecture != r.architecture) return false;
  if (g.name.find(r.product_line) == std::string::npos) return false;
  if (r.sockets.empty()) return true;
  if (any_platform_only || socket.empty()) return false;
  return std::find(r.sockets.begin(), r.sockets.end(), socket) != r.sockets.end();
}

P2pVerdict p2p_verdict(const Gpu& g, const std::string& socket, bool any_platform_only) {
  for (const auto& r : p2p_table())
    if (p2p_row_matches(r, g, socket, any_platform_only)) return {r.status, &r};
  // NVIDIA's statement (the RTX 50 row): the professional and data-centre lines have P2P.
  if (g.vendor == "nvidia" && g.name.find("GeForce") == std::string::npos) return {P2pStatus::Ok, nullptr};
  return {P2pStatus::Unknown, nullptr};
}

bool p2p_able(P2pStatus s) { return s == P2pStatus::Ok || s == P2pStatus::Unknown; }

// The worse of two statuses: a refusal beats OK, OK beats Unknown.
P2pStatus p2p_worse(P2pStatus a, P2pStatus b) {
  if (!p2p_able(a)) return a;
  if (!p2p_able(b)) return b;
  return a == P2pStatus::Unknown || b == P2pStatus::Unknown ? P2pStatus::Unknown : P2pStatus::Ok;
}

}  // namespace

P2pVerdict pcie_p2p(const Gpu& g, const std::string& socket) { return p2p_verdict(g, socket, false); }

P2pMatrix predict_p2p(const Build& b, const Placement& p, const std::vector<NvlinkPair>& nvlink) {
  P2pMatrix m;
  std::vector<int> gpus;
  for (std::size_t i = 0; i < p.cards.size(); ++i)
    if (p.cards[i].is_gpu) gpus.push_back(static_cast<int>(i));
  std::size_t n = gpus.size();
  m.status.assign(n, std::vector<P2pStatus>(n, P2pStatus::Ok));
  if (b.software.p2p) {
    m.stated = true;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (i != j) m.status[i][j] = *b.software.p2p ? P2pStatus::Ok : P2pStatus::NotSupported;
    m.notes.push_back(*b.software.p2p ? "software.p2p: the build states its GPUs reach each other peer to peer"
                                      : "software.p2p: the build states its GPUs do not reach each other peer to peer");
    return m;
  }
  std::string socket = b.cpu ? b.cpu->socket : "";
  std::vector<P2pVerdict> card;
  for (int c : gpus) card.push_back(pcie_p2p(*b.gpus[p.cards[c].entry].part, socket));
  std::vector<std::string> noted;
  for (std::size_t i = 0; i < n; ++i) {
    const Gpu& gi = *b.gpus[p.cards[gpus[i]].entry].part;
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const Gpu& gj = *b.gpus[p.cards[gpus[j]].entry].part;
      bool bridged = false;
      for (const auto& pr : nvlink)
        if (pr.joined && ((pr.a == gpus[i] && pr.b == gpus[j]) || (pr.a == gpus[j] && pr.b == gpus[i]))) bridged = true;
      P2pStatus s = bridged ? P2pStatus::Ok : p2p_worse(card[i].status, card[j].status);
      if (!bridged && p2p_able(s) && gi.vendor == "nvidia" && gj.vendor == "nvidia" && gi.architecture != gj.architecture) {
        s = P2pStatus::NotSupported;
        std::string note = fmt::format("{} and {} (NS): NVIDIA's PCIe peer protocol joins cards of one architecture "
                                       "({} and {}); source: {}",
                                       gi.id, gj.id, gi.architecture, gj.architecture, kP2pMixedSource);
        if (std::find(noted.begin(), noted.end(), note) == noted.end() && gi.id < gj.id) noted.push_back(note);
      }
      m.status[i][j] = s;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!card[i].row || p2p_able(card[i].status)) continue;
    bool lost = false;
    for (std::size_t j = 0; j < n; ++j) lost |= i != j && !p2p_able(m.status[i][j]);
    if (!lost) continue;
    const Gpu& g = *b.gpus[p.cards[gpus[i]].entry].part;
    std::string note = fmt::format("{} ({}): {}; source: {}", g.id, p2p_code(card[i].status), card[i].row->reason,
                                   card[i].row->source);
    if (std::find(m.notes.begin(), m.notes.end(), note) == m.notes.end()) m.notes.push_back(note);
  }
  m.notes.insert(m.notes.end(), noted.begin(), noted.end());
  return m;
}

bool gpus_peer_to_peer(const Build& b, const Placement& p) {
  P2pMatrix m = predict_p2p(b, p, nvlink_pairs(b, p));
  for (std::size_t i = 0; i < m.status.size(); ++i)
    for (std::size_t j = 0; j < m.status.size(); ++j)
      if (i != j && !p2p_able(m.status[i][j])) return false;
  return true;
}

bool gpus_peer_to_peer(const Gpu& g, int count) {
  return count < 2 || p2p_able(p2p_verdict(g, "", true).status);
}

}  // namespace rigplan

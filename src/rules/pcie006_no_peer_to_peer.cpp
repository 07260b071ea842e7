// PCIE006: several GPUs that cannot reach each other peer to peer. NVIDIA's driver refuses PCIe
// peer access to GeForce RTX 40 and RTX 50 cards, and to RTX 30 cards on some platforms
// (include/rigplan/p2p.hpp has the model, src/builds/p2p_table.cpp the sourced rows). NCCL then
// stages every copy through host memory: the all-reduce runs at a fraction of the link (the
// performance model times such a build host-staged, as `size --no-p2p` does), and hangs of NCCL
// all-reduce and locked-up tensor-parallel serving are reported until NCCL_P2P_DISABLE=1 is set.
// A build that states what its machine does (software.p2p) gets no finding.
#include <fmt/format.h>

#include <algorithm>

#include "rigplan/p2p.hpp"
#include "rigplan/topology.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pcie006)

const RuleDoc& Pcie006::doc() const {
  static const RuleDoc d{
      "PCIE006", "no-peer-to-peer", Severity::Warning, PlannerAction::RuleOutPlatform,
      needs({}),
      "pairs joined by an NVLink bridge the rules accept, GPUs and a platform with peer-to-peer access "
      "(`rigplan topo` shows the matrix), or host-staged copies accepted",
      "Two or more GPUs of which some pair cannot reach each other peer to peer on NVIDIA's driver, as "
      "`nvidia-smi topo -p2p r` would report it (CNS, GNS or NS; `rigplan topo` shows the predicted matrix): "
      "GeForce RTX 40 and RTX 50 cards on any platform, RTX 30 cards on EPYC 7002/7003 (SP3) boards, cards of "
      "two architectures. A pair joined by an NVLink bridge the rules accept keeps P2P over NVLink.",
      "Without peer access NCCL stages every copy through host memory (its SHM transport), so collectives run "
      "at about a quarter of the PCIe link (the performance model and the planner time such builds so); NCCL "
      "all-reduce hangs and locked-up tensor-parallel serving on such cards are widely reported, and setting "
      "NCCL_P2P_DISABLE=1 avoids them.",
      R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})",
      R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
      "NVIDIA developer forum: 'Peer to Peer is not supported on 4090' (t/233202, Feb 2023) and 'RTX 50-series "
      "are GeForce GPU series, and p2p is not supported' (t/326776, Mar 2025); NCCL all_reduce_perf hangs on 4x "
      "RTX 4090 and runs with NCCL_P2P_DISABLE=1 (github.com/NVIDIA/nccl-tests/issues/117); 2x RTX 3090 on a "
      "ROMED8-2T: CNS (github.com/noonghunna/club-3090/issues/734). NCCL's environment variables "
      "(docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html, NCCL_P2P_DISABLE)."};
  return d;
}

void Pcie006::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  if (b.gpu_count() < 2 || b.software.p2p) return;
  P2pMatrix m = predict_p2p(b, ctx.placement, nvlink_pairs(b, ctx.placement));
  std::vector<std::string> codes, parts;
  int pairs = 0, total = 0;
  std::vector<int> gpu_entry;
  for (const auto& c : ctx.placement.cards)
    if (c.is_gpu) gpu_entry.push_back(c.entry);
  for (std::size_t i = 0; i < m.status.size(); ++i)
    for (std::size_t j = i + 1; j < m.status.size(); ++j) {
      ++total;
      P2pStatus s = m.status[i][j];
      if (s == P2pStatus::Ok || s == P2pStatus::Unknown) continue;
      ++pairs;
      std::string code = p2p_code(s);
      if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
      for (std::size_t k : {i, j}) {
        const std::string& id = b.gpus[gpu_entry[k]].part->id;
        if (std::find(parts.begin(), parts.end(), id) == parts.end()) parts.push_back(id);
      }
    }
  if (pairs == 0) return;
  std::string why;
  for (const auto& n : m.notes) why += (why.empty() ? "" : "; ") + n.substr(0, n.find("; source:"));
  out.push_back(make(fmt::format("{} of {} GPU pairs have no peer-to-peer access ({} in `nvidia-smi topo -p2p r`): "
                                 "NCCL stages their copies through host memory; {}",
                                 pairs, total, fmt::join(codes, "/"), why),
                     parts,
                     "set NCCL_P2P_DISABLE=1 (NCCL all-reduce hangs are reported without it); cards with P2P "
                     "(RTX PRO, data-centre) or NVLink-bridged pairs avoid host staging; a machine whose driver "
                     "gives P2P says so with software.p2p: true"));
}

}  // namespace rigplan::rules

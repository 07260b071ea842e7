// NVL002: mixed GPU models on one bridge, or more cards than one NVLink domain joins.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Nvl002)

const RuleDoc& Nvl002::doc() const {
  static const RuleDoc d{"NVL002", "nvlink-domain", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Bridge}),
                         "bridge only identical cards, one bridge per pair, and no more cards than the "
                         "NVLink domain joins",
                         "With a bridge: all GPUs are one model, bridges pair every card, and the GPU count fits "
                         "the NVLink domain (2 for GA102 and Turing bridges).",
                         "A bridge joins two identical cards. Four RTX 3090s with two bridges form two NVLink pairs, "
                         "and traffic between the pairs still crosses PCIe; there is no 3- or 4-way GA102 bridge.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 4}], "nvlink_bridge": {"part": "nvidia-nvlink-bridge-3090-3slot", "count": 2}})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         "GA102 whitepaper (2-way NVLink only); Hugging Face 'Custom hardware for training'.",
                         Severity::Error};
  return d;
}

void Nvl002::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.gpus.empty()) return;
  if (b.gpus.size() > 1) {
    Diagnostic d = make("a bridge joins two cards of one model; this build mixes GPU models", {b.bridge->id},
                        "bridge only identical cards");
    d.severity = Severity::Error;
    out.push_back(d);
    return;
  }
  const Gpu& g = *b.gpus[0].part;
  int n = b.gpus[0].count;
  if (!g.nvlink) return;  // NVL001
  if (n < 2) {
    out.push_back(make(fmt::format("one {} and a bridge: nothing to join", g.id), {b.bridge->id}, "remove the bridge"));
    return;
  }
  if (n > g.nvlink->max_gpus)
    out.push_back(make(fmt::format("{} GPUs but {} NVLink joins {} per domain: {} separate islands, PCIe between them", n,
                                   g.id, g.nvlink->max_gpus, (n + g.nvlink->max_gpus - 1) / g.nvlink->max_gpus),
                       {g.id, b.bridge->id}, "expect PCIe speed for collectives across islands"));
  int pairs = n / 2;
  if (b.bridge_count < pairs)
    out.push_back(make(fmt::format("{} GPUs form {} pairs but only {} bridge(s)", n, pairs, b.bridge_count),
                       {b.bridge->id}, fmt::format("use {} bridges", pairs)));
}

}  // namespace rigplan::rules

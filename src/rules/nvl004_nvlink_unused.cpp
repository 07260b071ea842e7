// NVL004: several NVLink-capable cards and no bridge.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Nvl004)

const RuleDoc& Nvl004::doc() const {
  static const RuleDoc d{"NVL004", "nvlink-unused", Severity::Info, PlannerAction::RuleOutPlatform,
                         needs({}),
                         "an NVLink bridge of the cards' generation, sold for them (or nothing: a note, not "
                         "a fault)",
                         "Two or more GPUs that are joined by bridges (NVLink via bridge) but no bridge in the build.",
                         "Measured on 2x TITAN RTX training GPT-2 with DDP: 101.9 s with NVLink vs 131.4 s without "
                         "(about 23 % faster); sharded training (ZeRO/FSDP) gains more.",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})",
                         R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})",
                         "Hugging Face, 'Custom hardware for training' (NVLink benchmark)."};
  return d;
}

void Nvl004::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  if (b.bridge || b.gpus.size() != 1) return;
  const auto& g = b.gpus[0];
  if (g.count >= 2 && g.part->nvlink && g.part->nvlink->via == "bridge")
    out.push_back(make(fmt::format("{} {} support NVLink ({:g} GB/s per direction) but the build has no bridge", g.count,
                                   g.part->id, g.part->nvlink->bandwidth_gb_s),
                       {g.part->id}, "a bridge speeds up gradient exchange (about 23 % in a DDP benchmark)"));
}

}  // namespace rigplan::rules

// PWR008: a server's PSU set that has no redundancy left at the build's load. GPU servers ship
// hot-swap modules in N+M sets (2+2, 3+1) so that a failed module or a lost power feed does not
// stop the machine; PWR001 holds the load to the N modules of such a set. A set run without
// redundancy (a barebone whose maker states none, a build file's psu_redundant 0 on a server, a
// hand-made build on server modules) still works, but when the load needs every module, one failed
// module or one tripped feed stops the training run. That is a choice a buyer should make knowingly,
// so it is a warning, not an error. Desktop ATX supplies are not hot-swap modules and have no
// redundancy to lose: the rule looks only at barebones and server (or CRPS) modules.
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Pwr008)

const RuleDoc& Pwr008::doc() const {
  static const RuleDoc d{"PWR008", "psu-no-redundancy", Severity::Warning, PlannerAction::NextPsu,
                         needs({Need::Psu}),
                         "a redundant module (psu_redundant 1, one module more), larger modules, or fewer "
                         "GPUs",
                         "In a barebone or on server PSU modules: whether the sustained load still fits when one "
                         "module fails, for a set with no redundant modules (psu_redundant 0).",
                         "Server PSU sets are sold as N+M (2+2, 3+1) so that a failed module or a lost power feed "
                         "does not stop the machine. A set run as N+0, or a load that needs every module, turns one "
                         "module failure into a crash of every job on the machine; with M redundant modules PWR001 "
                         "already holds the load to the other N.",
                         R"({"barebone": "supermicro-sys-4029gp-trt", "psu_redundant": 0, "board": null, "chassis": null, "psu": null, "cooler": null, "cpu": "intel-xeon-gold-6248", "cpu_count": 2, "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 12}], "gpus": [{"part": "nvidia-l40s", "count": 8}], "outlet": "us-120v-20a"})",
                         R"({"barebone": "supermicro-sys-4029gp-trt", "psu_redundant": 0, "board": null, "chassis": null, "psu": null, "cooler": null, "cpu": "intel-xeon-gold-6248", "cpu_count": 2, "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 12}], "gpus": [{"part": "nvidia-l40s", "count": 6}], "outlet": "us-120v-20a"})",
                         "The server makers' power specifications (e.g. Supermicro SYS-4029GP-TRT: 2000 W 2+2 redundant "
                         "modules; ASUS ESC8000A-E12: 3000 W modules, 2+2); Dive into Deep Learning, 'Selecting servers "
                         "and GPUs' (redundant 2+1 PSUs for a multi-GPU server)."};
  return d;
}

void Pwr008::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {
  const auto& p = ctx.power;
  if (!p.psu_input_ok || b.psu_redundant > 0) return;  // a redundant set is PWR001's
  bool server = b.barebone || b.psu->form_factor == "server" || b.psu->form_factor == "crps";
  if (!server || p.psu_all_w <= 0 || p.sustained_w > p.psu_all_w) return;  // over every module is PWR001
  double module_w = p.psu_all_w / b.psu_count;
  double after_failure = module_w * (b.psu_count - 1);
  if (p.sustained_w <= after_failure) return;
  std::string who = b.barebone ? b.barebone->id : fmt::format("{} x {}", b.psu_count, b.psu->id);
  std::string hint =
      b.psu_count > 1
          ? fmt::format("one failed module leaves {}: add a module, use larger ones, or lower the GPUs' power limits "
                        "to keep a spare",
                        watts(after_failure))
          : "use a set of two or more modules with one to spare (N+1), as GPU servers ship";
  if (b.barebone && b.barebone->psu_redundant > 0)
    hint += fmt::format("; the maker rates {} as {}+{}", b.barebone->id, b.barebone->psu_carrying(),
                        b.barebone->psu_redundant);
  out.push_back(make(fmt::format("no PSU redundancy: the {} sustained load needs all {} module(s) of {} ({} each at this "
                                 "outlet), so one failed module or power feed stops the machine",
                                 watts(p.sustained_w), b.psu_count, who, watts(module_w)),
                     {b.psu->id}, hint));
}

}  // namespace rigplan::rules

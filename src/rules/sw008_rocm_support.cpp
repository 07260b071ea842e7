// SW008: the ROCm release against the GPUs, as SW001 and SW004 judge CUDA. AMD's compatibility
// matrix lists, per ROCm release, the Radeon and Instinct GPUs (by gfx target) it supports on
// Linux (rocm_tables.hpp has the rows and their sources). A ROCm older than the first release that
// lists the GPU is an error: its kernel driver, runtime and libraries (rocBLAS, MIOpen) carry no
// code for the target. An AMD GPU whose target the matrix as held here does not list is a warning
// (not verified). ROCm named for an NVIDIA or Intel GPU is an error, a warning where AMD GPUs in
// the same build use it (as SW005 for CUDA on AMD).
#include "rules/rocm_tables.hpp"
#include "rules/rule_util.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw008)

const RuleDoc& Sw008::doc() const {
  static const RuleDoc d{
      "SW008",
      "rocm-support",
      Severity::Error,
      PlannerAction::RuleOutPlatform,
      needs({Need::Rocm}),
      "a ROCm release that supports each AMD GPU, and ROCm for AMD GPUs only",
      "software.rocm against AMD's ROCm compatibility matrix: the first ROCm release that supports "
      "each AMD GPU on Linux (RX 7900 XTX and PRO W7900, gfx1100: 5.7.1; MI300X, gfx942: 6.0.0; "
      "MI325X: 6.3.1; MI350X and MI355X, gfx950: 7.0.0), and against the GPUs' vendor (ROCm runs "
      "AMD GPUs only; a warning when AMD cards in the same build use it). An AMD GPU the matrix "
      "held here does not list is a warning.",
      "A ROCm release that predates the GPU is not supported on it: its math and deep-learning "
      "libraries (rocBLAS, MIOpen) are built per gfx target, and the release's own list names the GPUs "
      "it was built and validated for. AMD: \"If a GPU is not listed on this table, it's not "
      "officially supported by AMD.\"",
      R"({"gpus": [{"part": "amd-instinct-mi325x"}], "software": {"rocm": "6.2"}})",
      R"({"gpus": [{"part": "amd-instinct-mi325x"}], "software": {"rocm": "6.3.1"}})",
      "AMD ROCm compatibility matrix, https://rocm.docs.amd.com/en/latest/compatibility/"
      "compatibility-matrix.html (gfx942 from 6.0.0, gfx950 from 7.0.0); ROCm RELEASE.md "
      "(6.3.1: MI325X; 7.0.0: MI350X and MI355X); ROCm/ROCm commits 74d8f95a and ef93b5e1 "
      "(5.7.1: RX 7900 XTX and PRO W7900); ROCm system requirements (Linux), https://rocm.docs.amd.com/"
      "projects/install-on-linux/en/latest/reference/system-requirements.html.",
      Severity::Warning};
  return d;
}

void Sw008::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  Version rocm = parse_version(b.software.rocm);
  bool any_amd = false;
  for (const auto& g : b.gpus) any_amd = any_amd || g.part->vendor == "amd";
  for (const auto& e : b.gpus) {
    const Gpu& g = *e.part;
    if (g.vendor != "amd") {
      Diagnostic d =
          make(fmt::format("{} is not an AMD GPU: ROCm {} does not run on it", g.id, b.software.rocm), {g.id},
               g.vendor == "nvidia" ? "use CUDA for the NVIDIA cards" : "use the GPU maker's own stack");
      if (any_amd) {
        d.severity = Severity::Warning;
        d.message += "; the AMD cards in the build can use it";
      }
      out.push_back(d);
      continue;
    }
    Version first = first_rocm_for(g);
    if (first.empty()) {
      Diagnostic d =
          make(fmt::format(
                   "ROCm {} on {} not verified: AMD's compatibility matrix as held here does not list "
                   "{}",
                   b.software.rocm, g.id,
                   g.gfx_target.empty() ? "the card (its gfx target is not in the catalog)" : g.gfx_target),
               {g.id}, fmt::format("check the GPU against {}", kRocmMatrixUrl));
      d.severity = Severity::Warning;
      out.push_back(d);
      continue;
    }
    if (version_less(rocm, first))
      out.push_back(
          make(fmt::format("ROCm {} predates support for {} ({}): AMD's compatibility matrix lists it from "
                           "ROCm {}",
                           b.software.rocm, g.id, g.gfx_target, to_string(first)),
               {g.id}, fmt::format("install ROCm {} or newer", to_string(first))));
  }
}

}  // namespace rigplan::rules

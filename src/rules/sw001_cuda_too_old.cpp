// SW001: the CUDA toolkit against the GPUs' architecture, under NVIDIA's compatibility rules.
// A toolkit that builds for the GPU's own compute capability, or for an older one of the same
// major (a cubin for X.y runs on X.z, z >= y), is fine. An older toolkit still reaches the GPU
// through PTX, which the driver JIT-compiles forward, so it is a warning that names that limit,
// not an error (CUDA C++ Programming Guide, "Binary Compatibility" and "PTX Compatibility").
// A toolkit that predates the GPU's own compute capability but builds for an older minor of its
// major (CUDA 12.8 on a B300, compute capability 10.3, first targeted by CUDA 12.9) reaches it
// through binary compatibility: plain sm_100 cubins and compute_100 PTX run on sm_103. It is still
// a warning: arch-specific code (sm_100a, what tcgen05 kernels are built as) runs only on the
// capability it names (NVIDIA, "NVIDIA Blackwell and NVIDIA CUDA 12.9 Introduce Family-Specific
// Architecture Features", 2025; FBGEMM's sm_100a-only wheels fail on a B300 with "no kernel image
// is available", pytorch/FBGEMM issue 6151), and the GPU needs a driver no older than its first
// toolkit's, newer than the one this toolkit came with. Not an error: with that driver installed,
// code built by the older toolkit runs. Where no arch-specific target exists (before sm_90a) and
// the driver is named, nothing is left to warn about.
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw001)

const RuleDoc& Sw001::doc() const {
  static const RuleDoc d{"SW001", "cuda-too-old", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Cuda}),
                         "a CUDA toolkit that builds for each GPU's compute capability",
                         "software.cuda against the first CUDA toolkit that builds code each GPU runs natively: for "
                         "its compute capability, or for an older one of the same major (binary compatibility: "
                         "sm_80 code runs on sm_86).",
                         "A toolkit older than the architecture cannot build native code for it: only kernels "
                         "shipped as PTX run, JIT-compiled by the driver at first launch; binaries and libraries "
                         "built without PTX fail ('no kernel image is available for execution on the device'). "
                         "Ada and Hopper need CUDA 11.8 for native code, Blackwell (sm_100, sm_120) CUDA 12.8. A toolkit "
                         "that builds only for an older minor of the GPU's major (CUDA 12.8 on a B300, compute "
                         "capability 10.3, first targeted by CUDA 12.9) reaches it through sm_100 code, but "
                         "arch-specific sm_100a kernels do not load on 10.3, and the GPU needs a driver newer than "
                         "the one that toolkit came with: a warning naming both.",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.4"}})",
                         R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.8"}})",
                         "CUDA C++ Programming Guide, compute capabilities, 'Binary Compatibility' and 'PTX "
                         "Compatibility'; CUDA 11.8 and 12.8 release notes; CUDA Features Archive, 12.9 (sm_103, sm_121); "
                         "NVIDIA Technical Blog, 'NVIDIA Blackwell and NVIDIA CUDA 12.9 Introduce Family-Specific "
                         "Architecture Features' (2025)."};
  return d;
}

void Sw001::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  Version cuda = parse_version(b.software.cuda);
  for (const auto& g : b.gpus) {
    const std::string& cc = g.part->compute_capability;
    Version need = min_cuda_cubin_for(cc);
    if (need.empty()) continue;
    if (!version_less(cuda, need)) {
      Version own = min_cuda_for(cc);  // the first toolkit that targets this capability itself
      if (own.empty() || !version_less(cuda, own)) continue;
      std::string older = lowest_compatible_cc(cc);
      Version own_driver = min_driver_for_cuda(own), this_driver = min_driver_for_cuda(cuda);
      std::string driver_note;
      if (b.software.driver.empty() && !own_driver.empty())
        driver_note = fmt::format("; and the GPU needs driver {} or newer (CUDA {}'s){}: software.driver is not given",
                                  driver_to_string(own_driver), to_string(own),
                                  this_driver.empty() ? "" : fmt::format(", not the {} CUDA {} came with",
                                                                         driver_to_string(this_driver), b.software.cuda));
      std::string sm = older.empty() ? "older" : "sm_" + arch_digits(older);
      // Arch-specific targets ("a") exist from sm_90a on (CUDA 12.0); they run on their own
      // capability only.
      std::string arch_note;
      if (!older.empty() && parse_version(older)[0] >= 9)
        arch_note = fmt::format("; arch-specific {}a kernels do not load on {}", sm, cc);
      // With a driver named (SW002 judges it) and no arch-specific target in the way, the older
      // minor's cubins run the GPU as its own would: nothing to say.
      if (driver_note.empty() && arch_note.empty()) continue;
      out.push_back(make(fmt::format("CUDA {} predates compute capability {} of {} (first targeted by CUDA {}): its code "
                                     "runs there only as {} cubins or PTX (binary compatibility){}{}",
                                     b.software.cuda, cc, g.part->id, to_string(own), sm, arch_note, driver_note),
                         {g.part->id},
                         fmt::format("install CUDA {} or newer{}", to_string(own),
                                     own_driver.empty() ? "" : fmt::format(" with driver {} or newer",
                                                                           driver_to_string(own_driver)))));
      continue;
    }
    out.push_back(make(fmt::format("CUDA {} cannot build native code for {} (compute capability {}, first built by "
                                   "CUDA {}): only kernels shipped as PTX run on it, JIT-compiled by the driver; "
                                   "code built without PTX fails",
                                   b.software.cuda, g.part->id, cc, to_string(need)),
                       {g.part->id}, fmt::format("install CUDA {} or newer", to_string(need))));
  }
}

}  // namespace rigplan::rules

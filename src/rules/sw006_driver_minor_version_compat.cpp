// SW006: a driver older than the CUDA toolkit's own but within its major family. The toolkit runs
// on it under minor-version compatibility, with limits the CUDA Compatibility guide names: PTX the
// newer toolkit emits cannot be JIT-compiled by the older driver (cudaErrorUnsupportedPtxVersion),
// so only cubins for each GPU run; and APIs that need the newer driver return
// cudaErrorCallRequiresNewerDriver. A warning, not an error (issue 20: driver 535 with CUDA 12.4).
#include "rules/rule_util.hpp"
#include "rules/software_tables.hpp"

namespace rigplan::rules {

RIGPLAN_RULE(Sw006)

const RuleDoc& Sw006::doc() const {
  static const RuleDoc d{"SW006", "driver-minor-version-compat", Severity::Warning, PlannerAction::RuleOutPlatform,
                         needs({Need::Driver, Need::Cuda}),
                         "the driver the CUDA toolkit ships with, or newer",
                         "software.driver between the minimum of the CUDA toolkit's major family and the driver "
                         "the toolkit ships with (CUDA Toolkit Release Notes, Table 3).",
                         "Under CUDA minor-version compatibility the toolkit's applications run on the older "
                         "driver with a limited feature set: PTX built by the newer toolkit cannot be JIT-compiled "
                         "(only cubins for the GPU run), and calls that need the newer driver fail with "
                         "cudaErrorCallRequiresNewerDriver.",
                         R"({"software": {"driver": "535.54.03", "cuda": "12.4"}})",
                         R"({"software": {"driver": "550.54.14", "cuda": "12.4"}})",
                         "CUDA Compatibility guide, 'Minor Version Compatibility' (Table 1 and its application "
                         "considerations), https://docs.nvidia.com/deploy/cuda-compatibility/; CUDA Toolkit "
                         "Release Notes, Table 3."};
  return d;
}

void Sw006::check(const Build& b, const RuleContext&, std::vector<Diagnostic>& out) const {
  Version drv = parse_version(b.software.driver), cuda = parse_version(b.software.cuda);
  Version own = min_driver_for_cuda(cuda);
  Version family = min_driver_for_cuda_family(cuda.empty() ? 0 : cuda[0]);
  if (own.empty() || family.empty() || version_less(drv, family) || !version_less(drv, own)) return;
  out.push_back(make(fmt::format("driver {} is older than {}, which CUDA {} ships with: it runs under CUDA {}.x "
                                 "minor-version compatibility (driver >= {}) with limits: PTX built by CUDA {} cannot "
                                 "be JIT-compiled by this driver, so only cubins built for each GPU run, and calls "
                                 "that need the newer driver return cudaErrorCallRequiresNewerDriver",
                                 b.software.driver, driver_to_string(own), b.software.cuda, cuda[0], driver_to_string(family),
                                 b.software.cuda),
                     {}, fmt::format("install driver {} or newer for the toolkit's full feature set", driver_to_string(own))));
}

}  // namespace rigplan::rules

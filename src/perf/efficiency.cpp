// What the hardware can reach: the large-GEMM efficiency of each GPU architecture and precision,
// the share of peak memory bandwidth streaming kernels reach, the dense peak a precision runs at
// (one function for every command: a precision the card has no units for runs at its 16-bit
// rate, as frameworks fall back), and the share of a link's figure
// NCCL reaches. The constants are PerfAssumptions' (rigplan/perf_assumptions.hpp, sourced there).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "rigplan/perf.hpp"
#include "rigplan/precision.hpp"

namespace rigplan {

namespace {

// Large-GEMM efficiency (achieved / dense peak) by vendor and precision: the constants in
// PerfAssumptions, each with its source or fit; NVIDIA's 16-bit figure scaled by the card's own
// measured GEMM rate where the catalog has one. AMD's CDNA3 has its own (carried over from NVIDIA's
// by measured GEMM throughputs) except in fp32; RDNA3/RDNA3.5/RDNA4 and Intel's Xe2 take the
// non-NVIDIA assumption (Intel's had NVIDIA's figure by default until an earlier fix).
constexpr std::string_view kOtherVendors[] = {"cdna3", "rdna3", "rdna3.5", "rdna4", "xe2"};
constexpr std::string_view kCdna3 = "cdna3";

// The card's measured share of the 16-bit peak its math runs at (as held under sustained load)
// over its generation's reference card's (PerfAssumptions::reference_*_gemm_share,
// hopper_reference_*): 1 where neither 16-bit type's measurement or the reference is on record,
// and for math on fp32 units. FP8 runs on the same tensor cores at the same clocks under load, so
// it takes the card's 16-bit share: its efficiency was fitted on the H100 SXM5, the Hopper
// reference (a share of 1 over itself).
double measured_gemm_scale(const Gpu& g, const std::string& precision, const PerfAssumptions& a) {
  if (precision == "fp8") return g.tflops.fp8 ? measured_gemm_scale(g, "bf16", a) : 1;
  const PrecisionSpec* p = find_precision(precision);
  if (!p) return 1;
  for (auto peak : p->peaks) {
    const std::optional<double>& rated = g.tflops.*peak;
    if (!rated) continue;
    bool bf16 = peak == &Tflops::bf16;
    if (!bf16 && peak != &Tflops::fp16) return 1;
    std::optional<double> measured = bf16 ? g.measured_matmul.bf16_tflops : g.measured_matmul.fp16_tflops;
    // Where only the other 16-bit type was measured and the card is rated alike in both (Ampere
    // and later: FP16 and BF16 run the same tensor-core paths at one rate, NVIDIA's architecture
    // whitepapers' peak tables), that measurement stands for this one, against its own reference.
    const std::optional<double>& other = bf16 ? g.measured_matmul.fp16_tflops : g.measured_matmul.bf16_tflops;
    const std::optional<double>& other_rated = bf16 ? g.tflops.fp16 : g.tflops.bf16;
    if (!measured && other && other_rated && *other_rated == *rated) {
      measured = other;
      bf16 = !bf16;
    }
    bool hopper = g.architecture == "hopper";
    double reference = hopper ? (bf16 ? a.hopper_reference_bf16_gemm_share : a.hopper_reference_fp16_gemm_share)
                              : (bf16 ? a.reference_bf16_gemm_share : a.reference_fp16_gemm_share);
    if (!measured || reference <= 0 || *rated <= 0) return 1;
    // A card timed in short bursts whose power limit pulls its clocks down under sustained dense
    // math holds only its sustained share of that rate (catalog measured_matmul.sustained_share).
    return *measured * g.measured_matmul.sustained_share / *rated / reference;
  }
  return 1;
}

// The named constant for the card's vendor, generation and precision, and whether it is one of
// NVIDIA's tensor-core figures (16-bit or FP8), the ones a measured GEMM rate scales.
struct BaseEfficiency {
  double value;
  bool nvidia_tensor;
};

BaseEfficiency base_efficiency(const Gpu& g, const std::string& precision, const PerfAssumptions& a) {
  if (a.matmul_efficiency > 0) return {a.matmul_efficiency, false};
  if (g.architecture == kCdna3 && precision != "fp32")
    return {precision == "fp8" && g.tflops.fp8 ? a.cdna3_fp8_matmul_efficiency : a.cdna3_matmul_efficiency, false};
  for (std::string_view arch : kOtherVendors)
    if (arch == g.architecture) return {a.other_matmul_efficiency, false};
  if (precision == "fp32") return {a.fp32_matmul_efficiency, false};
  if (precision == "fp8" && g.tflops.fp8) return {a.fp8_matmul_efficiency, true};
  return {a.nvidia_matmul_efficiency, true};
}

}  // namespace

double matmul_efficiency_for(const Gpu& g, const std::string& precision, const PerfAssumptions& a) {
  BaseEfficiency b = base_efficiency(g, precision, a);
  return b.nvidia_tensor ? b.value * measured_gemm_scale(g, precision, a) : b.value;
}

double measured_gemm_scale_for(const Gpu& g, const std::string& precision, const PerfAssumptions& a) {
  return base_efficiency(g, precision, a).nvidia_tensor ? measured_gemm_scale(g, precision, a) : 1;
}

double inference_matmul_efficiency_for(const Gpu& g, const std::string& precision, const PerfAssumptions& a) {
  double training = matmul_efficiency_for(g, precision, a);
  if (a.matmul_efficiency > 0 || a.fp8_inference_matmul_efficiency <= 0) return training;
  bool nvidia_fp8 = g.vendor == "nvidia" && precision == "fp8" && g.tflops.fp8;  // where training takes fp8_matmul_efficiency
  return nvidia_fp8 ? a.fp8_inference_matmul_efficiency * measured_gemm_scale(g, precision, a) : training;
}

double mmq_int8_efficiency_for(const Gpu& g, const PerfAssumptions& a) {
  if (a.mmq_int8_efficiency <= 0) return 0;
  return g.architecture == "turing" && a.turing_mmq_int8_efficiency > 0 ? a.turing_mmq_int8_efficiency
                                                                       : a.mmq_int8_efficiency;
}

// INT8 tensor operations per SM per cycle (dense) of NVIDIA's GeForce and workstation SMs from
// Turing to Blackwell: each generation's whitepaper peak over SMs x boost clock (RTX 2080 Ti
// 227.7 TOPS / 68 / 1.635 GHz, RTX 3090 284 / 82 / 1.695, RTX 4090 660.6 / 128 / 2.52, RTX 5090
// 838 / 170 / 2.407: 2,048 each). The A100 and A30 have 4,096, the H100 8,192. llama.cpp's MMQ
// reaches about 390-760 operations per SM cycle on Ampere to Blackwell cards of either width
// (the A100's 468, the A30's 515: its scoreboard, docs/performance-model.md "Validation:
// llama.cpp prefill on sixteen cards"): the SMs' other work, not the tensor width, sets its rate.
constexpr double kMmqSmInt8OpsPerCycle = 2048;

double mmq_rate_for(const Gpu& g, const PerfAssumptions& a) {
  double share = mmq_int8_efficiency_for(g, a);
  if (share <= 0 || !g.tflops.int8) return 0;
  double cycles = sm_cycles_per_s(g);
  return cycles > 0 ? share * kMmqSmInt8OpsPerCycle * cycles : share * *g.tflops.int8 * 1e12;
}

double legacy_mma_share_for(const Gpu& g, const PerfAssumptions& a) {
  return g.architecture == "hopper" && a.hopper_legacy_mma_share > 0 ? a.hopper_legacy_mma_share : 1;
}

double training_clock_share(const Gpu& g, long long gpus, const PerfAssumptions& a) {
  // The architecture first, as string views (the length compared before the bytes): most cards
  // leave at once, and this runs for every layout the search times.
  const std::string_view arch = g.architecture;
  bool hopper = arch == std::string_view("hopper");
  if (!hopper && arch != std::string_view("blackwell")) return 1;
  if (std::string_view(g.form_factor) != std::string_view("sxm") || std::string_view(g.vendor) != std::string_view("nvidia"))
    return 1;
  double share = hopper ? (gpus > 1 ? a.hopper_sxm_overlap_clock_share : 1) : a.blackwell_sxm_clock_share;
  return share > 0 ? share : 1;
}

double memory_efficiency_for(const Gpu& g, const PerfAssumptions& a) {
  return g.architecture == kCdna3 ? a.cdna3_memory_efficiency : a.memory_efficiency;
}

// The CUDA C++ Programming Guide's "Throughput of Native Arithmetic Instructions" table: 32-bit
// floating-point add, multiply and multiply-add results per clock cycle per multiprocessor — 64
// on compute capability 6.0, 7.x and 8.0 (GP100, Volta, Turing, GA100), 128 on 5.x, 6.1-6.2,
// 8.6-8.9, 9.0 and the Blackwell parts (10.x, 12.x). NVIDIA's vector fp32 peak is SMs x lanes x 2
// (a multiply-add) x boost clock, so this recovers SMs x clock from figures the catalog holds.
double sm_cycles_per_s(const Gpu& g) {
  if (g.vendor != "nvidia" || !g.tflops.fp32 || *g.tflops.fp32 <= 0) return 0;
  // "major.minor", read by hand: this runs for every step the search times.
  const std::string& cc = g.compute_capability;
  std::size_t i = 0;
  int major = 0, minor = 0;
  for (; i < cc.size() && cc[i] >= '0' && cc[i] <= '9'; ++i) major = major * 10 + (cc[i] - '0');
  if (i == 0 || major < 5) return 0;
  if (i < cc.size() && cc[i] == '.')
    for (++i; i < cc.size() && cc[i] >= '0' && cc[i] <= '9'; ++i) minor = minor * 10 + (cc[i] - '0');
  bool half_lanes = (major == 6 && minor == 0) || major == 7 || (major == 8 && minor == 0);
  double lanes = half_lanes ? 64 : 128;
  return *g.tflops.fp32 * 1e12 / (2 * lanes);
}

OpBandwidths op_bandwidths(const Gpu& g, double speed, const PerfAssumptions& a) {
  OpBandwidths b;
  b.memory = g.memory_bandwidth_gb_s * 1e9 * memory_efficiency_for(g, a);
  double cycles = sm_cycles_per_s(g) * speed;
  auto capped = [&](double bytes_per_cycle) {
    double sm = cycles * bytes_per_cycle;
    return sm > 0 ? std::min(b.memory, sm) : b.memory;
  };
  b.eager_ops = capped(a.eager_op_bytes_per_sm_cycle);
  b.layout_copies = capped(a.eager_layout_copy_bytes_per_sm_cycle);
  return b;
}

double peak_flops(const Gpu& g, const std::string& p) { return peak_tflops_for(g.tflops, p) * 1e12; }

// NVIDIA's whitepapers list FP16 tensor throughput with FP16 and with FP32 accumulation beside the
// INT8 rate, dense: Turing (RTX 2080 Ti Founders Edition 113.8 / 56.9 / 227.7 TOPS; Titan RTX and
// Quadro RTX 130.5 / 130.5 / 261), Ampere GA102 (RTX 3090 142 / 71 / 284; RTX A6000 154.8 / 154.8 /
// 309.7), A100 (312 / 312 / 624), Ada (RTX 4090 330.3 / 165.2 / 660.6; RTX 6000 Ada 364.2 / 364.2 /
// 728.5), Hopper (H100 SXM5 989.5 / 989.5 / 1979), RTX Blackwell (RTX 5090 419 / 209.5 / 838): the
// FP16-accumulate rate is half the INT8 one throughout, and never below the fp16 figure.
double fp16_accumulate_peak_flops(const Gpu& g) {
  if (g.vendor != "nvidia" || !g.tflops.int8 || !g.tflops.fp16) return peak_flops(g, "fp16");
  return std::max(*g.tflops.fp16, *g.tflops.int8 / 2) * 1e12;
}

double link_efficiency(const PerfLink& link, const PerfAssumptions& a) {
  const std::string_view kind = link.kind;
  if (kind == std::string_view("nvlink")) return a.nvlink_efficiency;
  if (kind == std::string_view("network")) return a.network_efficiency;
  if (kind == std::string_view("pcie-host-staged")) return 1;  // the link's figure is already NCCL's staged bus bandwidth
  return a.pcie_efficiency;
}

// Checked in link_efficiency's order, NVLink and the network first: it runs for every collective
// of every layout the search times.
double collective_efficiency(const PerfLink& link, const PerfAssumptions& a) {
  const std::string_view kind = link.kind;
  if (kind == std::string_view("nvlink")) return a.nvlink_efficiency;
  if (kind == std::string_view("network")) return a.network_efficiency;
  if (kind == std::string_view("pcie") || kind == std::string_view("pcie-p2p")) return a.pcie_collective_efficiency;
  return link_efficiency(link, a);
}

}  // namespace rigplan

// The defaults and limits that requests publish: the request keys (rigplan/request_keys.hpp)
// print them in --help and the schemas, and the planner and the cluster sizer start from them.
// They live here, below both, so that the request layer owns what a request means and the layers
// that answer a request read it (docs/architecture.md).
#pragma once

namespace rigplan {

// The planner's tuning: preferences and rules of thumb a plan request may override.
struct PlanTuning {
  // Score multiplier per warning: a build with w warnings scores (1 − penalty)^w of its value
  // (its cost is divided by that for the cost objective). A preference: sound-but-warned builds
  // should lose close calls to clean ones, not be hidden.
  double warning_penalty = 0.05;
  // The planner never proposes a GPU power limit below this share of the card's TDP. With
  // clock ∝ P^(1/3) (see rules/pwr_limits.hpp) 0.7 costs about 11 % of compute-bound speed.
  double min_power_limit_share = 0.7;
  // D2L, "Selecting servers and GPUs": system memory of at least 32 GB per GPU (1 GPU ≥ 32 GB,
  // 2 → 64, 4 → 128, 8 → 256 GB), and at least the GPUs' total memory (the same section).
  double ram_gib_per_gpu = 32;
  // Tokens the time and throughput figures assume when the request gives none.
  double default_tokens = 1e9;
  // Software-stack efficiency factors (planner/stack.cpp has the sources): the share of the
  // performance model's speed an AMD RDNA card reaches under ROCm — MLC-LLM (blog.mlc.ai,
  // 2023-08-09): an RX 7900 XTX decoded at 80 % of an RTX 4090's speed with 95 % of its memory
  // bandwidth, 0.80 / 0.95 = 0.84 — and an Intel Arc card under PyTorch's XPU backend (no
  // published measurement against the card's peak: 1 unless the request sets it).
  double rocm_rdna_factor = 0.84;
  double xpu_factor = 1;
};

// Racks of an AI data hall: 40 kW per rack is a rule of thumb for liquid-assisted, high-density
// rows (a DGX H100 at 10.2 kW fits four per rack); `rack_kw` overrides it.
inline constexpr double kDefaultRackKw = 40;

// The most nodes a cluster request may ask for or the deadline search may return.
inline constexpr int kMaxClusterNodes = 100000;

// A tco request's use and costs when it gives none: a working week of use, an electricity price
// and a lifetime as round starting figures (every one a flag and a request key to replace).
inline constexpr double kDefaultTcoHoursPerWeek = 40;
inline constexpr double kDefaultKwhUsd = 0.15;
inline constexpr double kDefaultTcoYears = 5;
// The most nodes a tco request may own.
inline constexpr int kMaxTcoNodes = 1000000;

}  // namespace rigplan

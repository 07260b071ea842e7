// Parsing of the compute parts: GPUs, CPUs and unified-memory machines (see parse_parts.hpp).
#include "catalog/parse_parts.hpp"

namespace rigplan {

namespace {

// The dense peaks by precision, as a GPU and a unified machine's chip both state them.
Tflops parse_tflops(const Fields& t) {
  return Tflops{t.opt_num("fp64"), t.opt_num("fp32"), t.opt_num("tf32"), t.opt_num("fp16"),
                t.opt_num("bf16"), t.opt_num("fp8"),  t.opt_num("fp4"),  t.opt_num("int8")};
}

}  // namespace

Gpu parse_gpu(const Fields& f) {
  Gpu g;
  f.base(g);
  g.vendor = f.str("vendor");
  g.architecture = f.str("architecture");
  g.compute_capability = f.str("compute_capability");
  g.gfx_target = f.str("gfx_target");
  g.release_year = f.integer("release_year");
  g.memory_gib = f.num("memory_gib");
  g.memory_type = f.str("memory_type");
  g.memory_bandwidth_gb_s = f.num("memory_bandwidth_gb_s");
  g.ecc = f.boolean("ecc");
  g.tflops = parse_tflops(f.sub("tflops"));
  g.tdp_w = f.num("tdp_w");
  Fields pc = f.sub("power_connectors");
  g.power_connectors = PowerConnectors{pc.integer("pcie_6pin"), pc.integer("pcie_8pin"),
                                       pc.integer("eps_8pin"), pc.integer("12vhpwr")};
  g.form_factor = f.str("form_factor");
  g.slot_width = f.num("slot_width");
  g.length_mm = f.num("length_mm");
  g.height_mm = f.num("height_mm");
  g.cooler = f.str("cooler");
  g.pcie = f.pcie("pcie");
  bool has_nvlink = f.has("nvlink");
  Fields nv = f.sub("nvlink");
  Nvlink link{nv.integer("gen"), nv.integer("links"), nv.num("bandwidth_gb_s"),
              nv.integer("max_gpus"), nv.str("via")};
  if (has_nvlink) g.nvlink = link;
  g.mig_instances = f.integer("mig_instances");
  Fields pl = f.sub("power_limits");  // absent: every bound unknown
  g.power_limits = PowerLimitRange{pl.opt_num("min_w"), pl.opt_num("max_w"), pl.opt_num("default_w"), pl.str("source")};
  (void)pl.str("note");
  Fields mm = f.sub("measured_matmul");  // absent: no measurement on record
  g.measured_matmul = MeasuredMatmul{mm.opt_num("fp16_tflops"), mm.opt_num("bf16_tflops"), mm.str("source"),
                                     mm.opt_num("sustained_share").value_or(1), mm.str("sustained_source")};
  (void)mm.str("note");
  return g;
}

Cpu parse_cpu(const Fields& f) {
  Cpu c;
  f.base(c);
  c.vendor = f.str("vendor");
  c.socket = f.str("socket");
  c.cores = f.integer("cores");
  c.threads = f.integer("threads");
  c.base_clock_ghz = f.num("base_clock_ghz");
  c.boost_clock_ghz = f.num("boost_clock_ghz");
  c.pcie_lanes = f.integer("pcie_lanes");
  c.pcie_gen = f.integer("pcie_gen");
  Fields extra = f.sub("pcie_lanes_extra");  // absent: no lanes beyond pcie_lanes are counted
  c.pcie_extra_lanes = extra.integer("lanes");
  c.pcie_extra_gen = extra.integer("gen");
  (void)extra.str("note");
  c.memory_type = f.str("memory_type");
  c.memory_channels = f.integer("memory_channels");
  c.memory_max_gib = f.num("memory_max_gib");
  c.ecc = f.boolean("ecc");
  c.dimm_types = f.strings("dimm_types");
  c.tdp_w = f.num("tdp_w");
  c.package_power_w = f.num("package_power_w");
  c.avx512 = f.boolean("avx512");
  c.max_sockets = f.integer("max_sockets", 1);
  c.release_year = f.integer("release_year");
  c.chipsets = f.strings("chipsets");
  c.memory_types = f.strings("memory_types");
  return c;
}

UnifiedSystem parse_unified_system(const Fields& f) {
  UnifiedSystem u;
  f.base(u);
  u.vendor = f.str("vendor");
  u.chip = f.str("chip");
  u.architecture = f.str("architecture");
  u.compute_capability = f.str("compute_capability");
  u.gfx_target = f.str("gfx_target");
  u.gpu_stack = f.str("gpu_stack");
  u.memory_type = f.str("memory_type");
  u.memory_gib = f.num("memory_gib");
  u.memory_bandwidth_gb_s = f.num("memory_bandwidth_gb_s");
  u.tflops = parse_tflops(f.sub("tflops"));
  u.tdp_w = f.opt_num("tdp_w");
  u.psu_w = f.opt_num("psu_w");
  return u;
}

}  // namespace rigplan

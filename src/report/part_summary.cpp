// Short spec summaries per kind (see include/rigplan/part_summary.hpp).
#include "rigplan/part_summary.hpp"

#include <fmt/format.h>

namespace rigplan {

namespace {

std::string num(double v) { return fmt::format("{:g}", v); }

std::string join(const std::vector<std::string>& v, const char* sep = "/") {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

std::string gpu(const Gpu& g) {
  std::string s = fmt::format("{} GiB {} · {} GB/s · {} W", num(g.memory_gib), g.memory_type,
                              num(g.memory_bandwidth_gb_s), num(g.tdp_w));
  if (g.tflops.bf16) s += fmt::format(" · {} TF bf16", num(*g.tflops.bf16));
  else if (g.tflops.fp16) s += fmt::format(" · {} TF fp16", num(*g.tflops.fp16));
  if (g.form_factor == "pcie") s += fmt::format(" · {}-slot {}", num(g.slot_width), g.cooler);
  else s += " · " + g.form_factor;
  if (g.nvlink) s += fmt::format(" · NVLink{} {}-way", g.nvlink->gen, g.nvlink->max_gpus);
  return s;
}

}  // namespace

std::string part_summary(const Catalog& c, std::string_view id) {
  auto kind = c.kind_of(id);
  if (!kind) return "";
  switch (*kind) {
    case Kind::Gpu: return gpu(*c.find<Gpu>(id));
    case Kind::Cpu: {
      const auto& p = *c.find<Cpu>(id);
      std::string extra = p.pcie_extra_lanes > 0 ? fmt::format(" + {} PCIe{}", p.pcie_extra_lanes, p.pcie_extra_gen) : "";
      return fmt::format("{} · {}C/{}T · {}-{} GHz · {} PCIe{}{} lanes · {}×{} · {} W{}", p.socket, p.cores,
                         p.threads, num(p.base_clock_ghz), num(p.boost_clock_ghz), p.pcie_lanes, p.pcie_gen, extra,
                         p.memory_channels, p.memory_type, num(p.tdp_w), p.avx512 ? " · AVX-512" : "");
    }
    case Kind::Board: {
      const auto& p = *c.find<Board>(id);
      int x16 = 0;
      for (const auto& s : p.slots) x16 += s.physical == 16;
      return fmt::format("{} {} · {} · {} slots ({} x16) · {}×{}", p.socket, p.chipset, p.form_factor,
                         p.slots.size(), x16, p.memory_slots, p.memory_type);
    }
    case Kind::Memory: {
      const auto& p = *c.find<Memory>(id);
      return fmt::format("{} GiB {}-{} {}{}", num(p.capacity_gib), p.type, p.speed_mt_s, p.module,
                         p.ecc ? " ECC" : "");
    }
    case Kind::Psu: {
      const auto& p = *c.find<Psu>(id);
      std::string s = fmt::format("{} W {}", num(p.watts), p.efficiency);
      if (p.watts_115v) s += fmt::format(" ({} W at 115 V)", num(*p.watts_115v));
      if (p.input_volts_min) s += fmt::format(" ({} V input and up)", num(*p.input_volts_min));
      if (!p.connectors.known) return s + " · cables not listed";
      return s + fmt::format(" · {}× PCIe 8-pin · {}× 12V-2x6", p.connectors.pcie_8pin, p.connectors.hpwr_12v);
    }
    case Kind::Chassis: {
      const auto& p = *c.find<Chassis>(id);
      std::string len = p.max_gpu_length_mm > 0 ? fmt::format("GPU ≤ {} mm", num(p.max_gpu_length_mm))
                        : p.open_frame()          ? "GPU length unlimited"
                                                  : "GPU length not stated";
      return fmt::format("{} · {} slots · {} · {} airflow{}", join(p.form_factors), p.expansion_slots, len, p.airflow,
                         p.rack_units ? fmt::format(" · {}U", p.rack_units) : "");
    }
    case Kind::Cooler: {
      const auto& p = *c.find<Cooler>(id);
      return fmt::format("{} · {}", p.type, join(p.sockets));
    }
    case Kind::Storage: {
      const auto& p = *c.find<Storage>(id);
      return fmt::format("{} GB {} · PCIe{} x{} · {}", num(p.capacity_gb), p.form_factor, p.pcie.gen, p.pcie.lanes,
                         p.power_w ? num(*p.power_w) + " W" : "power unknown");
    }
    case Kind::NvlinkBridge: {
      const auto& p = *c.find<NvlinkBridge>(id);
      return fmt::format("NVLink{} · {}-slot spacing · {}", p.gen, p.slot_spacing, join(p.gpus, ", "));
    }
    case Kind::Nic: {
      const auto& p = *c.find<Nic>(id);
      return fmt::format("{}× {} Gb/s {} · PCIe{} x{}{} · {}", p.ports, num(p.speed_gbps), p.protocol, p.pcie.gen,
                         p.pcie.lanes, p.takes_pcie_slot() ? "" : fmt::format(" · {}", p.ocp_name()),
                         p.power_w ? num(*p.power_w) + " W" : "power unknown");
    }
    case Kind::Switch: {
      const auto& p = *c.find<Switch>(id);
      return fmt::format("{}× {} Gb/s {} · {} W · {}U", p.ports, num(p.speed_gbps), p.protocol, num(p.power_w), p.rack_units);
    }
    case Kind::Node: {
      const auto& p = *c.find<Node>(id);
      return fmt::format("{}× {} · {} kW · {}U", p.gpu_count, p.gpu, num(p.power_w / 1000), p.rack_units);
    }
    case Kind::Outlet: {
      const auto& p = *c.find<Outlet>(id);
      return fmt::format("{} V {} A · {:.0f} W continuous", num(p.volts), num(p.amps), p.continuous_w());
    }
    case Kind::Riser: {
      const auto& p = *c.find<Riser>(id);
      return fmt::format("PCIe{} {}riser · {} · {}{} · x{} plug", p.gen,
                         p.bifurcates() ? p.bifurcation_mode() + " bifurcation " : fmt::format("x{} ", p.lanes),
                         p.length_mm > 0 ? num(p.length_mm) + " mm" : std::string("rigid"), p.signal,
                         p.shielded ? ", shielded" : "", p.host_connector);
    }
    case Kind::Barebone: {
      const auto& p = *c.find<Barebone>(id);
      return fmt::format("GPU server · {} GPUs · {} + {} · {}x {} ({}+{})", p.max_gpus, p.board, p.chassis, p.psu_count,
                         p.psu, p.psu_carrying(), p.psu_redundant);
    }
    case Kind::UnifiedSystem: {
      const auto& p = *c.find<UnifiedSystem>(id);
      std::string s = fmt::format("{} · {} GiB {} shared · {} GB/s", p.chip, num(p.memory_gib), p.memory_type,
                                  num(p.memory_bandwidth_gb_s));
      if (p.tflops.bf16) s += fmt::format(" · {} TF bf16", num(*p.tflops.bf16));
      else if (p.tflops.fp16) s += fmt::format(" · {} TF fp16", num(*p.tflops.fp16));
      s += p.tdp_w ? fmt::format(" · {} W chip", num(*p.tdp_w)) : std::string(" · chip power unknown");
      if (p.psu_w) s += fmt::format(" · {} W supply", num(*p.psu_w));
      return s + " · " + p.gpu_stack;
    }
    case Kind::Cloud: {
      const auto& p = *c.find<Cloud>(id);
      return fmt::format("{} {} · {}× {} · ${}/h{}", p.provider, p.instance, p.gpu_count, p.gpu, num(p.usd_per_hour),
                         p.spot_usd_per_hour ? fmt::format(" (spot ${}/h)", num(*p.spot_usd_per_hour)) : "");
    }
  }
  return "";
}

}  // namespace rigplan

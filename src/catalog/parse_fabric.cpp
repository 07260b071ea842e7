// Parsing of the parts that join GPUs and machines, and of what they plug into or are rented
// as: NVLink bridges, NICs, switches, whole nodes, wall outlets and cloud offers.
#include "catalog/parse_parts.hpp"

namespace rigplan {

NvlinkBridge parse_nvlink_bridge(const Fields& f) {
  NvlinkBridge b;
  f.base(b);
  b.gen = f.integer("gen");
  b.slot_spacing = f.integer("slot_spacing");
  b.gpus = f.strings("gpus");
  return b;
}

Nic parse_nic(const Fields& f) {
  Nic n;
  f.base(n);
  n.protocol = f.str("protocol");
  n.ports = f.integer("ports");
  n.speed_gbps = f.num("speed_gbps");
  n.pcie = f.pcie("pcie");
  n.power_w = f.opt_num("power_w");
  n.form_factor = f.str("form_factor", "pcie");
  return n;
}

Switch parse_switch(const Fields& f) {
  Switch s;
  f.base(s);
  s.protocol = f.str("protocol");
  s.ports = f.integer("ports");
  s.speed_gbps = f.num("speed_gbps");
  s.power_w = f.num("power_w");
  s.rack_units = f.integer("rack_units");
  return s;
}

Node parse_node(const Fields& f) {
  Node n;
  f.base(n);
  n.gpu = f.str("gpu");
  n.gpu_count = f.integer("gpu_count");
  n.cpu = f.str("cpu");
  n.cpu_count = f.integer("cpu_count");
  n.memory_gib = f.num("memory_gib");
  n.storage_tb = f.num("storage_tb");
  for (const auto& x : f.each("nics")) n.nics.push_back(NodeNic{x.str("part"), x.integer("count")});
  n.power_w = f.num("power_w");
  n.rack_units = f.integer("rack_units");
  return n;
}

Outlet parse_outlet(const Fields& f) {
  Outlet o;
  f.identity(o);  // a wall circuit: not something rigplan prices
  o.volts = f.num("volts");
  o.amps = f.num("amps");
  o.phases = f.integer("phases", 1);
  o.continuous_factor = f.num("continuous_factor");
  o.plug = f.str("plug");
  return o;
}

Cloud parse_cloud(const Fields& f) {
  Cloud c;
  f.identity(c);  // an hourly rate, not a purchase price: dated by price_seen
  c.price_seen = f.str("price_seen");
  (void)f.str("price_source");
  (void)f.opt_num("price_usd");
  c.provider = f.str("provider");
  c.instance = f.str("instance");
  c.region = f.str("region");
  c.gpu = f.str("gpu");
  c.gpu_count = f.integer("gpu_count");
  c.usd_per_hour = f.num("usd_per_hour");
  c.spot_usd_per_hour = f.opt_num("spot_usd_per_hour");
  c.interconnect_gbps = f.num("interconnect_gbps");
  c.vcpus = f.opt_num("vcpus");
  c.memory_gib = f.opt_num("memory_gib");
  c.source_commit = f.str("source_commit");
  return c;
}

}  // namespace rigplan

// Parsing of the platform parts a workstation is built from: boards, memory, PSUs, chassis,
// coolers, drives and the GPU server barebones that bundle a board, chassis and PSUs (see
// parse_parts.hpp).
#include "catalog/parse_parts.hpp"

namespace rigplan {

Board parse_board(const Fields& f) {
  Board b;
  f.base(b);
  b.socket = f.str("socket");
  b.sockets = f.integer("sockets", 1);
  b.socket_links = f.integer("socket_links", 0);
  if (f.has("ocp_slots")) b.ocp_slots = f.integer("ocp_slots");
  b.chipset = f.str("chipset");
  b.form_factor = f.str("form_factor");
  b.memory_type = f.str("memory_type");
  b.memory_slots = f.integer("memory_slots");
  b.memory_max_gib = f.num("memory_max_gib");
  b.dimm_types = f.strings("dimm_types");
  for (const auto& s : f.each("slots"))
    b.slots.push_back(BoardSlot{s.str("name"), s.integer("position"), s.integer("physical"),
                                s.integer("lanes"), s.integer("gen"), s.str("source"), s.integer("cpu"),
                                s.strings("bifurcation")});
  for (const auto& s : f.each("m2_slots"))
    b.m2_slots.push_back(M2Slot{s.str("name"), s.integer("lanes"), s.integer("gen"), s.str("source")});
  for (const auto& s : f.each("sharing"))
    b.sharing.push_back(LaneSharing{s.strings("when"), s.str("slot"), s.integer("lanes")});
  return b;
}

Memory parse_memory(const Fields& f) {
  Memory m;
  f.base(m);
  m.type = f.str("type");
  m.module = f.str("module");
  m.capacity_gib = f.num("capacity_gib");
  m.speed_mt_s = f.integer("speed_mt_s");
  m.ecc = f.boolean("ecc");
  return m;
}

Barebone parse_barebone(const Fields& f) {
  Barebone b;
  f.base(b);
  b.board = f.str("board");
  b.chassis = f.str("chassis");
  b.psu = f.str("psu");
  b.psu_count = f.integer("psu_count", 1);
  b.psu_redundant = f.integer("psu_redundant");
  b.max_gpus = f.integer("max_gpus");
  if (f.has("gpu_power_cables")) {
    Fields c = f.sub("gpu_power_cables");
    b.gpu_power_cables = PsuConnectors{c.integer("pcie_8pin"), c.integer("12vhpwr"), c.integer("eps_8pin")};
  }
  return b;
}

Psu parse_psu(const Fields& f) {
  Psu p;
  f.base(p);
  p.watts = f.num("watts");
  p.watts_115v = f.opt_num("watts_115v");
  p.input_volts_min = f.opt_num("input_volts_min");
  p.efficiency = f.str("efficiency");
  p.atx_version = f.str("atx_version");
  p.form_factor = f.str("form_factor");
  p.length_mm = f.num("length_mm");
  if (f.has("connectors")) {
    Fields c = f.sub("connectors");
    p.connectors = PsuConnectors{c.integer("pcie_8pin"), c.integer("12vhpwr"), c.integer("eps_8pin")};
    p.connectors.hpwr_cable_w = c.opt_num("12vhpwr_cable_w");
  }
  else
    p.connectors.known = false;
  return p;
}

Chassis parse_chassis(const Fields& f) {
  Chassis c;
  f.base(c);
  c.form_factors = f.strings("form_factors");
  c.psu_form_factors = f.strings("psu_form_factors");
  c.expansion_slots = f.integer("expansion_slots");
  c.max_gpu_length_mm = f.num("max_gpu_length_mm");
  c.max_cpu_cooler_height_mm = f.num("max_cpu_cooler_height_mm");
  c.airflow = f.str("airflow");
  c.rack_units = f.integer("rack_units");
  c.max_card_height_mm = f.num("max_card_height_mm");
  c.passive_gpu_max_w = f.opt_num("passive_gpu_max_w");
  return c;
}

Riser parse_riser(const Fields& f) {
  Riser r;
  f.base(r);
  r.gen = f.integer("gen");
  r.lanes = f.integer("lanes");
  r.host_connector = f.integer("host_connector", 16);
  r.outputs = f.integer("outputs", 1);
  r.length_mm = f.num("length_mm");
  r.signal = f.str("signal");
  r.shielded = f.boolean("shielded");
  r.power = f.str("power", "none");
  return r;
}

Cooler parse_cooler(const Fields& f) {
  Cooler c;
  f.base(c);
  c.type = f.str("type");
  c.sockets = f.strings("sockets");
  c.height_mm = f.num("height_mm");
  c.radiator_mm = f.integer("radiator_mm");
  c.rated_tdp_w = f.num("rated_tdp_w");
  return c;
}

Storage parse_storage(const Fields& f) {
  Storage s;
  f.base(s);
  s.form_factor = f.str("form_factor");
  s.capacity_gb = f.num("capacity_gb");
  s.pcie = f.pcie("pcie");
  s.seq_read_mb_s = f.num("seq_read_mb_s");
  s.seq_write_mb_s = f.num("seq_write_mb_s");
  s.power_w = f.opt_num("power_w");
  return s;
}

}  // namespace rigplan

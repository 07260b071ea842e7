// The seed desktop the rule tests patch (Ryzen 9 7900 on a ProArt X670E with one RTX 3090, the
// source build of the project's first example, examples/builds/seed-desktop.json), the fixture
// parts some cases need, and the helpers that check a patched copy: one definition shared by
// rules_test, rule_examples_test, expert_rules_test and expert_fit_power_test.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"

namespace rigplan::seed_build {

inline nlohmann::json seed() {
  return nlohmann::json::parse(R"({
    "name": "seed", "cpu": "amd-ryzen-9-7900", "board": "asus-proart-x670e-creator",
    "memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 4}],
    "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1}],
    "psu": "asus-rog-thor-1200p2", "chassis": "fractal-design-torrent", "cooler": "noctua-nh-d15-g2",
    "storage": [{"part": "wd-black-sn850x-2tb", "count": 1}], "outlet": "kr-220v-16a"})");
}

// The built-in catalog with parts it lacks that some cases need (test-only ids, "test-..."): an
// in-memory overlay, never shipped.
inline const Catalog& fixture_catalog() {
  static const Catalog c = [] {
    Catalog cat = Catalog::builtin();
    cat.add_layer(R"({"schema_version": 1, "parts": [
      {"id": "test-psu-2000-derated", "kind": "psu", "name": "fixture: 2000 W, 1650 W at 115 V", "source": "https://example.com/t",
       "watts": 2000, "watts_115v": 1650, "efficiency": "platinum", "atx_version": "3.1", "form_factor": "atx",
       "connectors": {"pcie_8pin": 8, "12vhpwr": 2, "eps_8pin": 3}},
      {"id": "test-psu-2200-high-line", "kind": "psu", "name": "fixture: 2200 W, 200-240 V only", "source": "https://example.com/t",
       "watts": 2200, "input_volts_min": 200, "efficiency": "titanium", "atx_version": "3.1", "form_factor": "atx",
       "connectors": {"pcie_8pin": 8, "12vhpwr": 2, "eps_8pin": 3}},
      {"id": "test-psu-atx2-850", "kind": "psu", "name": "fixture: 850 W ATX 2.x", "source": "https://example.com/t",
       "watts": 850, "efficiency": "gold", "atx_version": "2.x", "form_factor": "atx",
       "connectors": {"pcie_8pin": 4, "12vhpwr": 0, "eps_8pin": 2}},
      {"id": "test-psu-1600-cables-unknown", "kind": "psu", "name": "fixture: 1600 W, no cable table", "source": "https://example.com/t",
       "watts": 1600, "efficiency": "platinum", "atx_version": "3.1", "form_factor": "atx"},
      {"id": "test-tower-gpu-length-unknown", "kind": "chassis", "name": "fixture: tower, GPU length not stated",
       "source": "https://example.com/t", "form_factors": ["atx", "e-atx"], "expansion_slots": 9,
       "max_cpu_cooler_height_mm": 185, "airflow": "desktop", "rack_units": 0},
      {"id": "test-chassis-atx-only", "kind": "chassis", "name": "fixture: tower for ATX and smaller boards", "source": "https://example.com/t",
       "form_factors": ["micro-atx", "atx"], "expansion_slots": 7, "max_gpu_length_mm": 360, "max_cpu_cooler_height_mm": 170,
       "airflow": "desktop", "rack_units": 0},
      {"id": "test-chassis-small", "kind": "chassis", "name": "fixture: small ITX case", "source": "https://example.com/t",
       "form_factors": ["mini-itx"], "expansion_slots": 2, "max_gpu_length_mm": 280, "max_cpu_cooler_height_mm": 60,
       "airflow": "desktop", "rack_units": 0},
      {"id": "test-udimm-64gb", "kind": "memory", "name": "fixture: 64 GB DDR5 UDIMM", "source": "https://example.com/t",
       "type": "DDR5", "module": "udimm", "capacity_gib": 64, "speed_mt_s": 5600, "ecc": false},
      {"id": "test-gpu-4slot", "kind": "gpu", "name": "fixture: 4-slot card", "source": "https://example.com/t",
       "vendor": "nvidia", "architecture": "ada", "compute_capability": "8.9", "release_year": 2023,
       "memory_gib": 24, "memory_bandwidth_gb_s": 1000, "tflops": {"fp32": 80}, "tdp_w": 300,
       "power_connectors": {"12vhpwr": 1}, "form_factor": "pcie", "slot_width": 4, "length_mm": 300,
       "cooler": "open_air", "pcie": {"gen": 4, "lanes": 16}, "nvlink": null, "mig_instances": 0},
      {"id": "test-riser-gen4-unshielded", "kind": "riser", "name": "fixture: unshielded passive riser sold as PCIe 4.0",
       "source": "https://example.com/t", "gen": 4, "lanes": 16, "length_mm": 300, "signal": "passive", "shielded": false},
      {"id": "test-chassis-passive-300w", "kind": "chassis", "name": "fixture: server chassis rated for 300 W passive cards",
       "source": "https://example.com/t", "form_factors": ["atx", "e-atx"], "expansion_slots": 8, "max_gpu_length_mm": 350,
       "max_cpu_cooler_height_mm": 170, "airflow": "server", "rack_units": 4, "max_card_height_mm": 120,
       "passive_gpu_max_w": 300},
      {"id": "test-riser-gen4-retimer", "kind": "riser", "name": "fixture: unshielded retimed riser",
       "source": "https://example.com/t", "gen": 4, "lanes": 16, "length_mm": 500, "signal": "retimer", "shielded": false},
      {"id": "test-cooler-am5-height-unknown", "kind": "cooler", "name": "fixture: AM5 tower cooler, height not stated",
       "source": "https://example.com/t", "type": "air", "sockets": ["AM5"]}
    ]})",
                  "fixtures.json");
    return cat;
  }();
  return c;
}

// The seed with a JSON merge patch applied, resolved against `c`.
inline Build make_build(const nlohmann::json& patch, const Catalog& c = Catalog::builtin()) {
  nlohmann::json j = seed();
  j.merge_patch(patch);
  return parse_build(j.dump(), "case.json", c);
}

// The findings of one rule on the patched seed.
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code, const Catalog& c,
                                     const Assumptions& a) {
  std::vector<Diagnostic> out;
  for (const auto& d : check_build(make_build(patch, c), a).diagnostics)
    if (d.code == code) out.push_back(d);
  return out;
}
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code) {
  return found(patch, code, Catalog::builtin(), Assumptions{});
}
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code, const Assumptions& a) {
  return found(patch, code, Catalog::builtin(), a);
}
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code, const Catalog& c) {
  return found(patch, code, c, Assumptions{});
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace rigplan::seed_build

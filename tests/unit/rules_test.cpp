// One table-driven test per rule: each case is a build (the seed desktop with a change), and
// says whether the rule's code must or must not appear. The unchanged seed desktop must pass
// clean. Parts the built-in catalog lacks for a case come from an in-memory fixture overlay
// (seed_build.hpp). Each rule's own doc examples run in rule_examples_test.cpp.
#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <set>

#include "rigplan/build.hpp"
#include "rigplan/error.hpp"
#include "rigplan/rules.hpp"
#include "seed_build.hpp"

using namespace rigplan;
using nlohmann::json;
using rigplan::seed_build::fixture_catalog;
using rigplan::seed_build::seed;

namespace {

std::set<std::string> codes_for(const json& build) {
  Build b = parse_build(build.dump(), "case.json", fixture_catalog());
  std::set<std::string> codes;
  for (const auto& d : check_build(b).diagnostics) codes.insert(d.code);
  return codes;
}

struct Case {
  const char* code;
  const char* what;
  const char* patch;  // JSON merge patch applied to the seed build
  bool fires;
};

}  // namespace

TEST_CASE("the seed desktop passes clean, but for its parts' unconfirmed figures") {
  // The seed's board (slot wiring), outlet (continuous factor) and cooler (its 168 mm height, from
  // a parts database, not Noctua's page) carry `verify` marks in the catalog: DATA001 says so.
  // The cooler clears the Torrent's 188 mm, so FIT006 is silent. Nothing else fires.
  CHECK(codes_for(seed()) == std::set<std::string>{"DATA001"});
  json other = seed();
  other["board"] = "gigabyte-b650m-ds3h";
  other["outlet"] = "eu-230v-16a";
  auto d = seed_build::found(json::parse(R"({"board": "gigabyte-b650m-ds3h", "outlet": "eu-230v-16a"})"), "DATA001");
  REQUIRE(d.size() == 1);  // only the cooler's height is left unconfirmed
  CHECK(d[0].message.find("noctua-nh-d15-g2") != std::string::npos);
  CHECK(d[0].message.find("height_mm") != std::string::npos);
  CHECK(codes_for(other) == std::set<std::string>{"DATA001"});
}

TEST_CASE("every rule fires on its failing case and not on its passing case") {
  const std::vector<Case> cases = {
      {"CPU001", "Threadripper on AM5", R"({"cpu": "amd-threadripper-7960x"})", true},
      {"CPU001", "Ryzen on AM5", R"({"cpu": "amd-ryzen-9-7950x"})", false},
      {"CPU002", "two Ryzens", R"({"cpu_count": 2})", true},
      {"MEM001", "DDR4 on a DDR5 board", R"({"memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}]})", true},
      {"MEM002", "six DIMMs, four slots", R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 6}]})", true},
      {"MEM002", "four DIMMs", R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 4}]})", false},
      {"MEM003", "256 GB on a 192 GB board", R"({"memory": [{"part": "test-udimm-64gb", "count": 4}]})", true},
      {"MEM003", "192 GB", R"({"memory": [{"part": "test-udimm-64gb", "count": 3}]})", false},
      {"MEM004", "RDIMM on a desktop", R"({"memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 2}]})", true},
      {"MEM005", "32 GB RAM, 48 GB VRAM", R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 1}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", true},
      {"MEM005", "64 GB RAM, 48 GB VRAM", R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 2}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", false},
      {"PCIE001", "three 3-slot cards, room for two", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})", true},
      {"PCIE001", "two 3-slot cards", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", false},
      {"PCIE002", "GPU in the x2 chipset slot", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "corsair-7000d-airflow"})", true},
      {"PCIE002", "two GPUs at x8/x8", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", false},
      {"PCIE003", "GPU on chipset lanes", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "corsair-7000d-airflow"})", true},
      {"NET001", "400G NIC in an x2 slot", R"({"nics": [{"part": "nvidia-connectx-7-ndr", "slots": ["PCIEX16_3"]}]})", true},
      {"FIT001", "313 mm card, 280 mm case", R"({"chassis": "test-chassis-small", "board": null, "gpus": [{"part": "nvidia-rtx-3090-fe"}]})", true},
      {"FIT001", "313 mm card, 461 mm case", R"({})", false},
      {"FIT002", "4-slot card covers the next slot", R"({"gpus": [{"part": "test-gpu-4slot", "count": 2, "slots": ["PCIEX16_1", "PCIEX16_2"]}], "chassis": "corsair-7000d-airflow"})", true},
      {"FIT002", "3-slot cards three apart", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "slots": ["PCIEX16_1", "PCIEX16_2"]}]})", false},
      {"FIT003", "3-slot card in opening 7 of 7", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "corsair-4000d-airflow"})", true},
      {"FIT003", "3-slot card in opening 7 of 8", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "corsair-7000d-airflow"})", true},
      {"FIT003", "same card in an 11-slot chassis", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}], "chassis": "supermicro-cse-747btq-r2k04b"})", false},
      {"FIT004", "ATX board in an ITX case", R"({"chassis": "test-chassis-small"})", true},
      {"FIT005", "SXM module", R"({"gpus": [{"part": "nvidia-h100-sxm5-80gb"}]})", true},
      {"FIT006", "sTR5 cooler on AM5", R"({"cooler": "noctua-nh-u14s-tr5-sp6"})", true},
      {"PWR001", "two 5090s on 1200 W", R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})", true},
      {"PWR001", "two 5090s limited to 400 W", R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2, "power_limit_w": 400}]})", false},
      {"PWR002", "two 4090s' spikes on an ATX 2.x 850 W", R"({"psu": "test-psu-atx2-850", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})", true},
      {"PWR002", "3090 on ATX 3.1 2000 W", R"({"psu": "test-psu-2000-derated"})", false},
      {"PWR003", "two 5090s and a 7950X on a US 15 A circuit", R"({"psu": "test-psu-2000-derated", "outlet": "us-120v-15a", "cpu": "amd-ryzen-9-7950x", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})", true},
      {"PWR003", "same on 230 V 16 A", R"({"psu": "test-psu-2000-derated", "outlet": "eu-230v-16a", "cpu": "amd-ryzen-9-7950x", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})", false},
      {"PWR004", "derated PSU on 120 V", R"({"psu": "test-psu-2000-derated", "outlet": "us-120v-20a"})", true},
      {"PWR004", "derated PSU on 230 V", R"({"psu": "test-psu-2000-derated", "outlet": "eu-230v-16a"})", false},
      {"DATA001", "board with unconfirmed slot wiring", R"({"board": "asus-pro-ws-wrx90e-sage-se", "cpu": "amd-threadripper-pro-7975wx", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})", true},
      {"DATA001", "board and outlet without marks, no cooler", R"({"board": "gigabyte-b650m-ds3h", "outlet": "eu-230v-16a", "cooler": null})", false},
      {"NET002", "OCP 3.0 NIC", R"({"nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})", true},
      {"NET002", "PCIe NIC", R"({"nics": [{"part": "nvidia-connectx-7-ndr"}]})", false},
      {"PWR006", "200-240 V-only PSU on 120 V", R"({"psu": "test-psu-2200-high-line", "outlet": "us-120v-20a"})", true},
      {"PWR006", "200-240 V-only PSU on 100 V", R"({"psu": "test-psu-2200-high-line", "outlet": "jp-100v-15a"})", true},
      {"PWR006", "200-240 V-only PSU on 220 V", R"({"psu": "test-psu-2200-high-line", "outlet": "kr-220v-16a"})", false},
      {"PWR006", "universal PSU on 120 V", R"({"outlet": "us-120v-20a"})", false},
      {"PWR005", "two 4090s on 1200 W (89 %)", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})", true},
      {"CON001", "four 3090s, six PCIe cables", R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 4}]})", true},
      {"CON001", "two 3090s, six PCIe cables", R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", false},
      {"CON001", "card limited above what its connectors carry", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "power_limit_w": 400}]})", true},
      {"CON001", "card rated just above its connectors by its maker", R"({"gpus": [{"part": "nvidia-rtx-a5000"}]})", false},
      {"CON002", "two 5090s, no native 12V-2x6", R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})", true},
      {"CON002", "one 5090 on a native cable", R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 1}]})", false},
      {"CON003", "four A6000s on two EPS cables", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})", true},
      {"CON003", "no EPS-powered cards", R"({})", false},
      {"THM001", "two flow-through cards back to back", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", true},
      {"THM001", "two blower cards", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}]})", false},
      {"THM002", "passive L40S in a tower", R"({"gpus": [{"part": "nvidia-l40s"}]})", true},
      {"THM002", "passive L40S in a server chassis", R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "supermicro-cse-747btq-r2k04b"})", false},
      {"THM003", "three flow-through cards", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})", true},
      {"THM003", "three blower cards", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 3}]})", false},
      {"NVL001", "bridge on 4090s", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", true},
      {"NVL001", "3090 bridge on A6000s (same generation)", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", false},
      {"NVL001", "Turing bridge on 3090s", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-rtx-turing-3slot"})", true},
      {"NVL010", "3090 bridge on A6000s (Puget: works)", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", true},
      {"NVL010", "3090 bridge on 3090s", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", false},
      {"NVL010", "Turing bridge on 3090s (NVL001's)", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-rtx-turing-3slot"})", false},
      {"NVL001", "3090 bridge on 3090s", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", false},
      {"NVL002", "four 3090s on 2-way NVLink", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 4}], "nvlink_bridge": {"part": "nvidia-nvlink-bridge-3090-3slot", "count": 2}})", true},
      {"NVL002", "two 3090s, one bridge", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", false},
      {"NVL003", "4-slot bridge, cards 3 apart", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})", true},
      {"NVL003", "3-slot bridge, cards 3 apart", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "nvlink_bridge": "nvidia-nvlink-bridge-3090-3slot"})", false},
      {"NVL004", "two 3090s, no bridge", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", true},
      {"NVL004", "two 4090s (no NVLink)", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})", false},
      {"SW001", "5090 on CUDA 12.4", R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.4"}})", true},
      {"SW001", "5090 on CUDA 12.8", R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"cuda": "12.8"}})", false},
      {"SW001", "3090 (sm_86) on CUDA 11.0, no driver named: sm_80 cubins, and it needs CUDA 11.1's driver", R"({"software": {"cuda": "11.0"}})", true},
      {"SW001", "3090 (sm_86) on CUDA 11.0 with driver 455.23: sm_80 cubins run on it", R"({"software": {"cuda": "11.0", "driver": "455.23"}})", false},
      {"SW001", "4090 (sm_89) on CUDA 11.0 with driver 520.61.05: sm_80 cubins run on it", R"({"gpus": [{"part": "nvidia-rtx-4090-fe"}], "software": {"cuda": "11.0", "driver": "520.61.05"}})", false},
      {"SW001", "B300 (sm_103) on CUDA 12.8 with driver 580.65.06: sm_100a code does not load", R"({"gpus": [{"part": "nvidia-b300-sxm-288gb"}], "software": {"cuda": "12.8", "driver": "580.65.06"}})", true},
      {"SW001", "H100 (sm_90) on CUDA 11.7: no sm_9x cubin", R"({"gpus": [{"part": "nvidia-h100-pcie-80gb"}], "software": {"cuda": "11.7"}})", true},
      {"SW002", "driver 470 for CUDA 12.4 (below the 12.x family minimum)", R"({"software": {"driver": "470.57.02", "cuda": "12.4"}})", true},
      {"SW002", "driver 535 for CUDA 12.4 (minor-version compatibility)", R"({"software": {"driver": "535.54.03", "cuda": "12.4"}})", false},
      {"SW002", "driver 550.54.14 for CUDA 12.4", R"({"software": {"driver": "550.54.14", "cuda": "12.4"}})", false},
      {"SW002", "driver 550 for a 5090", R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"driver": "550.54.14"}})", true},
      {"SW003", "5090 on PyTorch 2.5.1", R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"pytorch": "2.5.1"}})", true},
      {"SW003", "3090 on PyTorch 2.5.1", R"({"software": {"pytorch": "2.5.1"}})", false},
      {"SW003", "3090 on PyTorch 1.7.1 (sm_80 wheels)", R"({"software": {"pytorch": "1.7.1"}})", false},
      {"SW003", "H100 on PyTorch 1.13 (no sm_9x wheels)", R"({"gpus": [{"part": "nvidia-h100-pcie-80gb"}], "software": {"pytorch": "1.13.1"}})", true},
      {"SW004", "V100 on CUDA 13.0", R"({"gpus": [{"part": "nvidia-v100-pcie-32gb"}], "software": {"cuda": "13.0"}})", true},
      {"SW004", "V100 on CUDA 12.9", R"({"gpus": [{"part": "nvidia-v100-pcie-32gb"}], "software": {"cuda": "12.9"}})", false},
      {"SW004", "T4 (Turing) on CUDA 13.0", R"({"gpus": [{"part": "nvidia-t4"}], "software": {"cuda": "13.0"}})", false},
      {"SW005", "CUDA on a Radeon Pro W7900", R"({"gpus": [{"part": "amd-radeon-pro-w7900"}], "software": {"cuda": "12.4"}})", true},
      {"SW005", "W7900 without CUDA", R"({"gpus": [{"part": "amd-radeon-pro-w7900"}], "software": {"pytorch": "2.5.1"}})", false},
      {"SW005", "CUDA on a 3090", R"({"software": {"cuda": "12.4"}})", false},
      {"SW006", "driver 535 for CUDA 12.4", R"({"software": {"driver": "535.54.03", "cuda": "12.4"}})", true},
      {"SW006", "driver 550.54.14 for CUDA 12.4", R"({"software": {"driver": "550.54.14", "cuda": "12.4"}})", false},
      {"SW006", "driver 470 for CUDA 12.4 (SW002's error instead)", R"({"software": {"driver": "470.57.02", "cuda": "12.4"}})", false},
      {"SW030", "CUDA on an Arc B580", R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"cuda": "12.4"}})", true},
      {"SW030", "Arc B580 on PyTorch 2.7 (XPU)", R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"pytorch": "2.7.0"}})", false},
      {"SW030", "CUDA on a 3090", R"({"software": {"cuda": "12.4"}})", false},
      {"MEM006", "4 DIMMs on a 12-channel EPYC", R"({"cpu": "amd-epyc-9124", "board": "supermicro-h13ssl-n", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "cooler": null, "chassis": "silverstone-rm52"})", true},
      {"MEM006", "12 DIMMs on a 12-channel EPYC", R"({"cpu": "amd-epyc-9124", "board": "supermicro-h13ssl-n", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 12}], "cooler": null, "chassis": "silverstone-rm52"})", false},
      {"MEM006", "2 DIMMs on a 2-channel desktop", R"({"memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 2}]})", false},
      {"CON004", "four A6000s on a bare CRPS module", R"({"psu": "artesyn-csu2000ap", "gpus": [{"part": "nvidia-rtx-a6000", "count": 4}]})", true},
      {"CON004", "a bare server module and the CPU's EPS12V", R"({"psu": "supermicro-pws-2k05a-1r", "gpus": [{"part": "nvidia-rtx-a6000", "count": 1}]})", true},
      {"CON004", "A6000 on a desktop PSU with cables", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 1}]})", false},
      {"BLD001", "empty memory list", R"({"memory": []})", true},
      {"BLD001", "no PSU", R"({"psu": null})", true},
      {"BLD001", "no CPU, no board", R"({"cpu": null, "board": null})", true},
      {"BLD001", "the seed has every essential", R"({})", false},
      {"BLD002", "no chassis named", R"({"chassis": null})", true},
      {"BLD002", "the seed names its chassis", R"({})", false},
      {"THM003", "three axial cards and no chassis: not judged (BLD002)", R"({"chassis": null, "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3}]})", false},
      {"PCIE004", "seven x16 GPUs on a 64-lane Xeon w5-2455X", R"({"cpu": "intel-xeon-w5-2455x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "gpus": [{"part": "nvidia-rtx-a4000", "count": 7}], "chassis": "silverstone-rm52", "cooler": "noctua-nh-u14s-dx-4677"})", true},
      {"PCIE004", "the same on a 112-lane w9-3495X", R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-a4000", "count": 7}], "chassis": "silverstone-rm52", "cooler": "noctua-nh-u14s-dx-4677"})", false},
      {"PCIE004", "four x16 GPUs on the w5-2455X", R"({"cpu": "intel-xeon-w5-2455x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "gpus": [{"part": "nvidia-rtx-a4000", "count": 4}], "chassis": "silverstone-rm52", "cooler": "noctua-nh-u14s-dx-4677"})", false},
      {"PCIE004", "the seed desktop: x16 slot and two CPU M.2 on 24 lanes", R"({"storage": [{"part": "wd-black-sn850x-2tb", "count": 2}]})", false},
      // Issue 15 / 20: platforms beyond the socket, risers, open frames, several PSUs, legacy GPUs.
      {"CPU010", "Threadripper 7960X on a WRX90 board", R"({"cpu": "amd-threadripper-7960x", "board": "asus-pro-ws-wrx90e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})", true},
      {"CPU010", "Threadripper PRO 7975WX on a WRX90 board", R"({"cpu": "amd-threadripper-pro-7975wx", "board": "asus-pro-ws-wrx90e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})", false},
      {"CPU010", "Xeon Gold on a W790 board", R"({"cpu": "intel-xeon-gold-6448y", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})", true},
      {"CPU010", "Xeon w9-3495X on a W790 board", R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}]})", false},
      {"CPU010", "EPYC 7443P on ROMED8-2T", R"({"cpu": "amd-epyc-7443p", "board": "asrock-rack-romed8-2t", "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 8}]})", false},
      {"MEM001", "i9-13900K with DDR4 on a DDR4 board", R"({"cpu": "intel-core-i9-13900k", "board": "asus-proart-b760-creator-d4", "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}]})", false},
      {"MEM001", "Core Ultra 9 285K drives DDR5 only", R"({"cpu": "intel-core-ultra-9-285k", "board": "asus-proart-b760-creator-d4", "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}]})", true},
      {"RSR001", "3090 on an x1 mining riser", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "generic-usb-x1-mining-riser"}]})", true},
      {"RSR001", "3090 on a PCIe 4.0 x16 riser", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", false},
      {"RSR002", "PCIe 4.0 over an unshielded passive riser", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "test-riser-gen4-unshielded"}]})", true},
      {"RSR002", "PCIe 4.0 over a shielded riser", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", false},
      {"RSR003", "two 3090s on an x8x8 riser in a slot whose split the board entry does not list", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w"}]})", true},
      {"RSR003", "two 3090s on plain x16 risers", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", false},
      {"RSR002", "PCIe 4.0 over a retimed riser", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "test-riser-gen4-retimer"}]})", false},
      {"THM010", "passive P40 in an open frame", R"({"chassis": "generic-open-frame-8gpu", "gpus": [{"part": "nvidia-tesla-p40", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", true},
      {"THM010", "3090 in an open frame", R"({"chassis": "generic-open-frame-8gpu", "gpus": [{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", false},
      {"FIT001", "no length limit in an open frame", R"({"chassis": "generic-open-frame-8gpu"})", false},
      {"FIT003", "no slot openings in an open frame", R"({"chassis": "generic-open-frame-8gpu", "gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_3"]}]})", false},
      {"THM003", "three axial cards on risers in an open frame", R"({"chassis": "generic-open-frame-8gpu", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 3, "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", false},
      {"THM001", "two 3090s on risers", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "linkup-ultra-pcie4-x16-riser-300"}]})", false},
      {"PWR010", "two ATX PSUs, cards in slots", R"({"psu_count": 2, "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", true},
      {"PWR010", "two ATX PSUs, cards on powered risers", R"({"psu_count": 2, "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "generic-usb-x1-mining-riser"}]})", false},
      {"PWR010", "one PSU", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", false},
      {"SW010", "P40 on CUDA 13.0", R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"cuda": "13.0"}})", true},
      {"SW010", "P40 on a 590 driver", R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"driver": "590.44.01"}})", true},
      {"SW010", "P40 with PyTorch 2.8 cu128 wheels", R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"cuda": "12.8", "pytorch": "2.8.0"}})", true},
      {"SW010", "P40 on CUDA 12.6, driver 580, PyTorch 2.8 cu126", R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"cuda": "12.6", "driver": "580.65.06", "pytorch": "2.8.0"}})", false},
      {"SW010", "3090 on CUDA 13.0", R"({"software": {"cuda": "13.0", "driver": "580.65.06"}})", false},
      {"SW001", "P40 on CUDA 12.6", R"({"gpus": [{"part": "nvidia-tesla-p40"}], "software": {"cuda": "12.6"}})", false},
      // Issue 20, session 7: power-limit range, chipset uplink, card height, passive airflow.
      {"PWR007", "60 W on an RTX 4090 (minimum 150 W)", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "power_limit_w": 60}]})", true},
      {"PWR007", "300 W on an RTX 4090", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "power_limit_w": 300}]})", false},
      {"PCIE005", "two Gen4 drives behind a B760's DMI 4.0 x4", R"({"cpu": "intel-core-i9-13900k", "board": "asus-proart-b760-creator-d4", "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}], "storage": [{"part": "samsung-990-pro-4tb", "count": 3}]})", true},
      {"FIT004", "CEB board (TRX50 SAGE) in a case listing SSI-EEB and E-ATX: CEB nests in EEB", R"({"cpu": "amd-threadripper-7960x", "board": "asus-pro-ws-trx50-sage-wifi", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "chassis": "corsair-9000d-rgb-airflow", "cooler": null})", false},
      {"FIT004", "CEB board in a case for ATX and smaller", R"({"cpu": "amd-threadripper-7960x", "board": "asus-pro-ws-trx50-sage-wifi", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 4}], "chassis": "test-chassis-atx-only", "cooler": null})", true},
      {"PCIE004", "two 3090s on one x8x8 riser share the slot's x16 (not x16 each)", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w"}]})", false},
      {"PCIE006", "two GeForce RTX 4090 (no PCIe P2P on NVIDIA's driver)", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})", true},
      {"PCIE006", "two GeForce RTX 5090 (GNS)", R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})", true},
      {"PCIE006", "one RTX 4090 (no pair)", R"({"gpus": [{"part": "nvidia-rtx-4090-fe"}]})", false},
      {"PCIE006", "two RTX 4090 on a machine stated to have P2P (a patched driver)", R"({"gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}], "software": {"p2p": true}})", false},
      {"PCIE006", "two RTX 3090 on AM5 (P2P over PCIe)", R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}]})", false},
      {"PCIE006", "two RTX 3090 on an EPYC SP3 board (CNS)", R"({"cpu": "amd-epyc-7443p", "board": "asrock-rack-romed8-2t", "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "cooler": null})", true},
      {"PCIE006", "two RTX 3090 bridged on the SP3 board (P2P over NVLink)", R"({"cpu": "amd-epyc-7443p", "board": "asrock-rack-romed8-2t", "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2}], "cooler": null, "nvlink_bridge": "nvidia-nvlink-bridge-3090-4slot"})", false},
      {"PCIE006", "two RTX A6000 (professional cards have P2P)", R"({"gpus": [{"part": "nvidia-rtx-a6000", "count": 2}]})", false},
      {"PCIE006", "an RTX 3090 and an RTX A6000 (two architectures? no: both Ampere)", R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}, {"part": "nvidia-rtx-a6000"}]})", false},
      {"PCIE006", "an RTX A6000 and an RTX 6000 Ada (two architectures)", R"({"gpus": [{"part": "nvidia-rtx-a6000"}, {"part": "nvidia-rtx-6000-ada"}]})", true},
      {"PCIE005", "one drive behind the B760's chipset", R"({"cpu": "intel-core-i9-13900k", "board": "asus-proart-b760-creator-d4", "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 2}], "storage": [{"part": "samsung-990-pro-4tb", "count": 2}]})", false},
      {"FIT007", "full-height RTX A4000 in a 2U half-height chassis", R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-a4000"}], "chassis": "sliger-cx2177a", "cooler": "noctua-nh-u14s-dx-4677"})", true},
      {"FIT007", "the same card in a 4U chassis", R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-rtx-a4000"}], "chassis": "sliger-cx4170a", "cooler": "noctua-nh-u14s-dx-4677"})", false},
      {"FIT008", "passive H100 PCIe (height not in the catalog) in 72 mm half-height slots", R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-h100-pcie-80gb"}], "chassis": "sliger-cx2177a", "cooler": "arctic-liquid-freezer-iii-360"})", true},
      {"FIT008", "the same card in full-height slots", R"({"cpu": "intel-xeon-w9-3495x", "board": "asus-pro-ws-w790e-sage-se", "memory": [{"part": "samsung-ddr5-4800-rdimm-64gb", "count": 8}], "gpus": [{"part": "nvidia-h100-pcie-80gb"}], "chassis": "sliger-cx4170a", "cooler": "arctic-liquid-freezer-iii-360"})", false},
      {"CON005", "575 W RTX 5090 through an 8-pin adapter", R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe"}]})", true},
      {"CON005", "the same card limited to 400 W", R"({"psu": "asus-rog-thor-1200p", "gpus": [{"part": "nvidia-rtx-5090-fe", "power_limit_w": 400}]})", false},
      {"THM004", "350 W passive L40S in a chassis rated for 300 W", R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "test-chassis-passive-300w"})", true},
      {"THM004", "300 W passive L40 there", R"({"gpus": [{"part": "nvidia-l40"}], "chassis": "test-chassis-passive-300w"})", false},
      {"THM005", "passive L40S in a rack case whose maker states no passive rating", R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "silverstone-rm52"})", true},
      {"THM005", "the same card in a case rated for it (THM004 judges the rating)", R"({"gpus": [{"part": "nvidia-l40s"}], "chassis": "test-chassis-passive-300w"})", false},
      {"THM005", "an actively cooled RTX 6000 Ada in the rack case", R"({"gpus": [{"part": "nvidia-rtx-6000-ada"}], "chassis": "silverstone-rm52"})", false},
      {"SW007", "PyTorch 1.7.1+cu101 on an RTX 3090 (wheel stops at sm_75)", R"({"software": {"pytorch": "1.7.1+cu101"}})", true},
      {"SW007", "PyTorch 1.7.1+cu110 on an RTX 3090 (sm_80 cubins)", R"({"software": {"pytorch": "1.7.1+cu110"}})", false},
      {"SW007", "PyTorch 2.7.0+cu124 on an RTX 5090", R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"pytorch": "2.7.0+cu124"}})", true},
      {"SW007", "PyTorch 2.7.0+cu128 on an RTX 5090", R"({"gpus": [{"part": "nvidia-rtx-5090-fe"}], "software": {"pytorch": "2.7.0+cu128"}})", false},
      {"SW007", "PyTorch 2.0.1 on an RX 7900 XTX (rocm5.4 wheels, no gfx1100)", R"({"gpus": [{"part": "amd-radeon-rx-7900-xtx"}], "software": {"pytorch": "2.0.1"}})", true},
      {"SW007", "PyTorch 2.1.0 on an RX 7900 XTX", R"({"gpus": [{"part": "amd-radeon-rx-7900-xtx"}], "software": {"pytorch": "2.1.0"}})", false},
      {"SW008", "ROCm 5.6 on an RX 7900 XTX", R"({"gpus": [{"part": "amd-radeon-rx-7900-xtx"}], "software": {"rocm": "5.6"}})", true},
      {"SW008", "ROCm 5.7.1 on an RX 7900 XTX", R"({"gpus": [{"part": "amd-radeon-rx-7900-xtx"}], "software": {"rocm": "5.7.1"}})", false},
      {"SW008", "ROCm on an RTX 3090", R"({"software": {"rocm": "6.2"}})", true},
      {"NET002", "OCP 3.0 NIC on the seed's desktop board (no OCP slot)", R"({"nics": [{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}]})", true},
      {"PWR008", "8x L40S in a 2+2 server run as 4+0 at 120 V",
       R"({"barebone": "supermicro-sys-4029gp-trt", "psu_redundant": 0, "board": null, "chassis": null, "psu": null, "cooler": null, "cpu": "intel-xeon-gold-6248", "cpu_count": 2, "memory": [{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 12}], "gpus": [{"part": "nvidia-l40s", "count": 8}], "outlet": "us-120v-20a"})",
       true},
  };
  std::set<std::string> covered;
  for (const auto& c : cases) {
    INFO(c.code << ": " << c.what);
    json b = seed();
    b.merge_patch(json::parse(c.patch));
    auto codes = codes_for(b);
    CHECK(codes.count(c.code) == (c.fires ? 1u : 0u));
    if (c.fires) covered.insert(c.code);
  }
  // Every registered rule has at least one case that makes it fire.
  for (const auto& r : rule_registry()) {
    INFO(r->doc().code);
    CHECK(covered.count(std::string(r->doc().code)) == 1);
  }
}

TEST_CASE("power-limit advice: the suggested limit makes PWR001 go away") {
  json b = seed();
  b.merge_patch(json::parse(R"({"gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}]})"));
  Build build = parse_build(b.dump(), "x.json", fixture_catalog());
  auto r = check_build(build);
  const Diagnostic* pwr = nullptr;
  for (const auto& d : r.diagnostics)
    if (d.code == "PWR001") pwr = &d;
  REQUIRE(pwr);
  auto at = pwr->hint.find("limit each GPU to ");
  REQUIRE(at != std::string::npos);
  double limit = std::stod(pwr->hint.substr(at + 18));
  CHECK(limit < 575);
  b["gpus"][0]["power_limit_w"] = limit;
  CHECK(codes_for(b).count("PWR001") == 0);
}

TEST_CASE("the power model adds up") {
  Build build = parse_build(seed().dump(), "x.json", fixture_catalog());
  PowerBudget p = power_budget(build, Assumptions{});
  // 3090 350 W + Ryzen 9 7900 PPT 88 W + SN850X 9 W + platform 75 W.
  CHECK(p.sustained_w == Approx(350 + 88 + 9 + 75));
  // Ampere's excursions: 2x the power limit under 1 ms, 1.33x over 1-10 ms (assumptions transient_ampere_*).
  CHECK(p.transient_w == Approx(p.sustained_w + 350 * 1.0));
  CHECK(p.transient_ms_w == Approx(p.sustained_w + 350 * 0.33));
  // The one wall figure: the DC load with the CPUs at cpu_load (0.5) of package power, over the
  // 80 PLUS platinum curve for 230 V EU internal (a 220 V outlet) at that load on 1200 W: 40 % of
  // the rating, between the 20 % (92 %) and 50 % (94 %) points.
  CHECK(p.workload_dc_w == Approx(p.sustained_w - 88 * 0.5));
  double load = p.workload_dc_w / 1200;
  CHECK(p.efficiency == Approx(0.92 + 0.02 * (load - 0.2) / 0.3).margin(0.0005));
  CHECK(p.wall_w == Approx(p.workload_dc_w / p.efficiency));
  CHECK(p.wall_all_core_w > p.wall_w);
  CHECK(p.outlet_w == Approx(220 * 16 * build.outlet->continuous_factor));
}

TEST_CASE("assumptions can be overridden and bad ones are refused") {
  Assumptions a;
  CHECK_FALSE(set_assumption(a, "gpu_transient_factor=2").has_value());
  CHECK(a.gpu_transient_factor == 2);
  CHECK(set_assumption(a, "gpu_transient=2").value() ==
        "--assume: unknown assumption \"gpu_transient\" (did you mean \"gpu_transient_factor\"?)");
  CHECK(set_assumption(a, "platform_w=abc").has_value());
  CHECK(set_assumption(a, "platform_w").has_value());
}

TEST_CASE("transient advice: the suggested limit makes PWR002's error go away") {
  // Two 4090s (Ada: the generic 1.3x over 1-10 ms) on an 850 W ATX 2.x unit: 900 x 1.3 + 172 W =
  // 1342 W, past the over-current trip point 1020 W (1.2 x 850 W).
  json b = seed();
  b.merge_patch(json::parse(R"({"psu": "test-psu-atx2-850", "gpus": [{"part": "nvidia-rtx-4090-fe", "count": 2}]})"));
  auto pwr002_errors = [](const json& j) {
    int n = 0;
    for (const auto& d : check_build(parse_build(j.dump(), "x.json", fixture_catalog())).diagnostics)
      if (d.code == "PWR002" && d.severity == Severity::Error) ++n;
    return n;
  };
  std::string hint;
  for (const auto& d : check_build(parse_build(b.dump(), "x.json", fixture_catalog())).diagnostics)
    if (d.code == "PWR002") hint = d.hint;
  auto at = hint.find("limit each GPU to ");
  REQUIRE(at != std::string::npos);
  double limit = std::stod(hint.substr(at + 18));
  CHECK(limit < 450);
  b["gpus"][0]["power_limit_w"] = limit;
  CHECK(pwr002_errors(b) == 0);
  b["gpus"][0]["power_limit_w"] = limit + 20;  // and the limit is tight, not arbitrary
  CHECK(pwr002_errors(b) == 1);
}

TEST_CASE("a PSU not rated for the outlet's voltage is one error, not a capacity report") {
  json b = seed();
  b.merge_patch(json::parse(R"({"psu": "test-psu-2200-high-line", "outlet": "us-120v-20a"})"));
  Build build = parse_build(b.dump(), "x.json", fixture_catalog());
  PowerBudget p = power_budget(build, Assumptions{});
  CHECK_FALSE(p.psu_input_ok);
  CHECK(p.psu_w == 0);
  auto codes = codes_for(b);
  CHECK(codes.count("PWR006") == 1);
  CHECK(codes.count("PWR001") == 0);
  CHECK(codes.count("PWR002") == 0);
  b["outlet"] = "us-240v-30a";
  build = parse_build(b.dump(), "x.json", fixture_catalog());
  CHECK(power_budget(build, Assumptions{}).psu_w == 2200);
  // Only the seed's unconfirmed figures (board wiring, outlet factor, cooler height: DATA001).
  CHECK(codes_for(b) == std::set<std::string>{"DATA001"});
}

TEST_CASE("an OCP mezzanine NIC takes no PCIe slot, and naming one for it is refused") {
  json b = seed();
  b["nics"] = json::parse(R"([{"part": "nvidia-connectx-7-ocp3-ndr200-2p"}, {"part": "nvidia-connectx-7-ndr"}])");
  Build build = parse_build(b.dump(), "x.json", fixture_catalog());
  auto r = check_build(build);
  int nic_cards = 0;
  for (const auto& c : r.placement.cards)
    if (!c.is_gpu) {
      ++nic_cards;
      CHECK(c.part == "nvidia-connectx-7-ndr");
    }
  CHECK(nic_cards == 1);
  PowerBudget p = power_budget(build, Assumptions{});
  CHECK(p.sustained_w == Approx(350 + 88 + 9 + 75 + 24.5 + 24.9));  // the OCP card still draws power
  b["nics"][0]["slots"] = {"PCIEX16_2"};
  try {
    parse_build(b.dump(), "x.json", fixture_catalog());
    FAIL("an OCP NIC placed in a PCIe slot was accepted");
  } catch (const InputError& e) {
    CHECK(e.issues().front().pointer == "/nics/0/slots");
    CHECK(e.issues().front().message.find("OCP 3.0 mezzanine") != std::string::npos);
  }
}

TEST_CASE("one wall-draw figure: the power table, PWR003 and the JSON say the same watts") {
  // examples/builds/broken/pwr-us-15a-two-5090.json: two RTX 5090 and a 7950X on a US 15 A circuit.
  json b = seed();
  b.merge_patch(json::parse(R"({"cpu": "amd-ryzen-9-7950x", "gpus": [{"part": "nvidia-rtx-5090-fe", "count": 2}],
                                "outlet": "us-120v-15a"})"));
  Build build = parse_build(b.dump(), "x.json", fixture_catalog());
  auto r = check_build(build);
  const Diagnostic* pwr003 = nullptr;
  for (const auto& d : r.diagnostics)
    if (d.code == "PWR003") pwr003 = &d;
  REQUIRE(pwr003);
  std::string wall = fmt::format("wall draw {:.0f} W", r.power.wall_w);
  CHECK(pwr003->message.find(wall) == 0);
  CHECK(r.power.wall_w < r.power.wall_all_core_w);  // the CPUs at cpu_load, not at full package power
}

// Cross-field and cross-part checks of catalog parts (see part_checks.hpp).
#include "catalog/part_checks.hpp"

#include <fmt/format.h>

#include <set>

#include "util/suggest.hpp"

namespace rigplan {

using nlohmann::json;

namespace {

// A measured GEMM rate above this multiple of the card's dense peak is a typo (see check_gpu).
constexpr double kMeasuredPeakRatioMax = 1.3;

void check_gpu(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  if (p.value("form_factor", "") == "pcie") {
    for (const char* f : {"slot_width", "length_mm"})
      if (!p.contains(f))
        out.push_back({at, fmt::format("missing required field \"{}\" (required for PCIe cards)", f)});
  } else {
    const auto& pc = p.value("power_connectors", json::object());
    if (!pc.empty())
      out.push_back({at + "/power_connectors",
                     "SXM/OAM modules are powered by the baseboard: power_connectors must be {}"});
  }
  const auto& t = p.value("tflops", json::object());
  auto val = [&](const char* k) { return t.contains(k) && t[k].is_number() ? t[k].get<double>() : 0.0; };
  if (val("bf16") > 0 && val("fp8") > 0 && val("fp8") < val("bf16"))
    out.push_back({at + "/tflops/fp8", "fp8 throughput below bf16: check for a sparse/dense mix-up"});
  if (p.contains("nvlink") && p["nvlink"].is_object() && p["nvlink"].value("via", "") == "bridge" &&
      p.value("form_factor", "") != "pcie")
    out.push_back({at + "/nvlink/via", "only PCIe cards are joined by a bridge"});
  // nvidia-smi reports min <= default <= max; anything else is a typo.
  const auto& pl = p.value("power_limits", json::object());
  auto bound = [&](const char* k) { return pl.contains(k) ? pl[k].get<double>() : -1.0; };
  double lo = bound("min_w"), def = bound("default_w"), hi = bound("max_w");
  if (lo >= 0 && hi >= 0 && lo > hi) out.push_back({at + "/power_limits/min_w", "minimum power limit above the maximum"});
  if (def >= 0 && ((lo >= 0 && def < lo) || (hi >= 0 && def > hi)))
    out.push_back({at + "/power_limits/default_w", "default power limit outside the min/max range"});
  // A card's clocks may run above the rated boost (GeForce cards reach about 1.1x their 16-bit
  // peak at FP32 accumulation), never far above it: a sparse figure or a mislabelled precision.
  const auto& mm = p.value("measured_matmul", json::object());
  if (p.contains("measured_matmul") && !mm.contains("fp16_tflops") && !mm.contains("bf16_tflops"))
    out.push_back({at + "/measured_matmul", "a measurement needs fp16_tflops or bf16_tflops"});
  if (mm.contains("sustained_share") != mm.contains("sustained_source"))
    out.push_back({at + "/measured_matmul", "sustained_share and sustained_source go together: the share and the measurement it comes from"});
  for (const char* k : {"fp16", "bf16"}) {
    std::string key = std::string(k) + "_tflops";
    if (mm.contains(key) && mm[key].is_number() && val(k) > 0 && mm[key].get<double>() > kMeasuredPeakRatioMax * val(k))
      out.push_back({at + "/measured_matmul/" + key, fmt::format("measured GEMM rate above {}x the dense {} peak: check for a sparse figure or a mislabelled precision", kMeasuredPeakRatioMax, k)});
  }
}

void check_cpu(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  if (p.value("threads", 0) < p.value("cores", 0))
    out.push_back({at + "/threads", "fewer threads than cores"});
  if (p.value("boost_clock_ghz", 0.0) < p.value("base_clock_ghz", 0.0))
    out.push_back({at + "/boost_clock_ghz", "boost clock below base clock"});
  if (p.value("package_power_w", 0.0) < p.value("tdp_w", 0.0))
    out.push_back({at + "/package_power_w", "package power below TDP"});
  // The extra lanes are the slower ones: at the CPU's own generation they belong in pcie_lanes.
  const auto& extra = p.value("pcie_lanes_extra", json::object());
  if (extra.is_object() && extra.contains("gen") && extra["gen"].is_number_integer() &&
      extra["gen"].get<int>() >= p.value("pcie_gen", 0))
    out.push_back({at + "/pcie_lanes_extra/gen",
                   fmt::format("extra lanes at PCIe {} are not below the CPU's pcie_gen {}: count them in pcie_lanes",
                               extra["gen"].get<int>(), p.value("pcie_gen", 0))});
}

// A bifurcation riser splits its plug's lanes: its outputs cannot carry more lanes than the plug has.
void check_riser(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  int outputs = p.value("outputs", 1), lanes = p.value("lanes", 0), plug = p.value("host_connector", 16);
  if (outputs > 1 && outputs * lanes > plug)
    out.push_back({at + "/outputs", fmt::format("{} outputs of x{} need {} lanes; the x{} plug has {}", outputs, lanes,
                                                outputs * lanes, plug, plug)});
}

void check_board(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  std::set<std::string> names;
  std::set<int> positions;
  const auto& slots = p.value("slots", json::array());
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const auto& s = slots[i];
    std::string where = fmt::format("{}/slots/{}", at, i);
    if (!names.insert(s.value("name", "")).second)
      out.push_back({where + "/name", fmt::format("slot name \"{}\" is used twice", s.value("name", ""))});
    if (!positions.insert(s.value("position", 0)).second)
      out.push_back({where + "/position", "two slots in the same position"});
    if (s.value("lanes", 0) > s.value("physical", 0))
      out.push_back({where + "/lanes", "more electrical lanes than the connector has"});
  }
  const auto& m2 = p.value("m2_slots", json::array());
  for (std::size_t i = 0; i < m2.size(); ++i)
    if (!names.insert(m2[i].value("name", "")).second)
      out.push_back({fmt::format("{}/m2_slots/{}/name", at, i), "name already used by another slot"});
  std::vector<std::string> known(names.begin(), names.end());
  const auto& sharing = p.value("sharing", json::array());
  for (std::size_t i = 0; i < sharing.size(); ++i) {
    const auto& r = sharing[i];
    std::string where = fmt::format("{}/sharing/{}", at, i);
    auto check_name = [&](const std::string& n, const std::string& ptr) {
      if (!names.count(n))
        out.push_back({ptr, fmt::format("no slot or M.2 socket named \"{}\" on this board{}", n,
                                        did_you_mean(n, known))});
    };
    check_name(r.value("slot", ""), where + "/slot");
    const auto& when = r.value("when", json::array());
    for (std::size_t j = 0; j < when.size(); ++j)
      check_name(when[j].get<std::string>(), fmt::format("{}/when/{}", where, j));
  }
}

void check_psu(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  if (p.contains("watts_115v") && p["watts_115v"].get<double>() > p["watts"].get<double>())
    out.push_back({at + "/watts_115v", "the low-line rating cannot exceed the high-line rating"});
  if (p.contains("watts_115v") && p.contains("input_volts_min") && p["input_volts_min"].get<double>() > 127)
    out.push_back({at + "/watts_115v",
                   fmt::format("a unit rated only from {} V input has no low-line (100-127 V) rating",
                               p["input_volts_min"].get<double>())});
}

// A unified-memory machine: the GPU's architecture, target and stack belong to the chip's maker,
// and the chip draws no more than the supply it ships with.
void check_unified_system(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  std::string vendor = p.value("vendor", "");
  bool nvidia = vendor == "nvidia";
  std::string arch = p.value("architecture", "");
  if ((arch == "blackwell") != nvidia)
    out.push_back({at + "/architecture", fmt::format("{} is not a GPU architecture of {}", arch, vendor)});
  if (p.contains("compute_capability") && !nvidia)
    out.push_back({at + "/compute_capability", "a CUDA compute capability belongs to an NVIDIA GPU"});
  if (p.contains("gfx_target") && vendor != "amd") out.push_back({at + "/gfx_target", "an LLVM gfx target belongs to an AMD GPU"});
  std::string stack = p.value("gpu_stack", "");
  if ((stack == "cuda") != nvidia)
    out.push_back({at + "/gpu_stack", fmt::format("{} is not the GPU stack of an {} chip", stack, vendor)});
  if (p.contains("tdp_w") && p.contains("psu_w") && p["tdp_w"].get<double>() > p["psu_w"].get<double>())
    out.push_back({at + "/tdp_w", "the chip's power is above the rating of the machine's power supply"});
  const auto& t = p.value("tflops", json::object());
  auto val = [&](const char* k) { return t.contains(k) && t[k].is_number() ? t[k].get<double>() : 0.0; };
  if (val("bf16") > 0 && val("fp8") > 0 && val("fp8") < val("bf16"))
    out.push_back({at + "/tflops/fp8", "fp8 throughput below bf16: check for a sparse/dense mix-up"});
}

// A barebone keeps at least one PSU module carrying the load.
void check_barebone(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  int count = p.value("psu_count", 1), redundant = p.value("psu_redundant", 0);
  if (redundant >= count)
    out.push_back({at + "/psu_redundant", fmt::format("{} of {} PSU modules redundant leaves none to carry the load "
                                                      "(2+2 is psu_count 4, psu_redundant 2)",
                                                      redundant, count)});
}

// A cloud price says when it was seen, or pins the data file it came from; spot never exceeds on-demand.
void check_cloud(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  if (!p.contains("price_seen") && !p.contains("source_commit"))
    out.push_back({at, "a cloud offer needs price_seen (when the price was seen) or source_commit "
                       "(the data file's commit)"});
  if (p.contains("spot_usd_per_hour") && p.contains("usd_per_hour") &&
      p["spot_usd_per_hour"].get<double>() > p["usd_per_hour"].get<double>())
    out.push_back({at + "/spot_usd_per_hour", "the spot price is above the on-demand price: check for swapped columns"});
}

// `verify` names fields of this very part (a typo would hide the flag).
void check_verify(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  const auto& v = p.value("verify", json::array());
  std::vector<std::string> have;
  for (const auto& [k, _] : p.items())
    if (k != "verify") have.push_back(k);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto& name = v[i].get<std::string>();
    if (name == "verify" || !p.contains(name))
      out.push_back({fmt::format("{}/verify/{}", at, i),
                     fmt::format("\"{}\" is not a field of this part{}", name, did_you_mean(name, have))});
  }
}

// A part has prices or says why it has none, not both; and only a part with prices can say why
// none of them is recent.
void check_prices(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  if (p.contains("prices") && p.contains("no_price"))
    out.push_back({at + "/no_price", "a part with \"prices\" cannot also have \"no_price\" (drop one)"});
  if (p.contains("no_recent_price") && !p.contains("prices"))
    out.push_back({at + "/no_recent_price",
                   "\"no_recent_price\" explains a part's old prices: a part without \"prices\" says why in \"no_price\""});
}

// A market status's date is a real day (the schema checks only its shape: 2025-02-30 passes it).
void check_market(const json& p, const std::string& at, std::vector<SchemaError>& out) {
  auto it = p.find("market");
  if (it == p.end() || !it->is_object() || !it->contains("date") || !(*it)["date"].is_string()) return;
  const auto date = (*it)["date"].get<std::string>();
  if (!is_calendar_date(date))
    out.push_back({at + "/market/date", fmt::format("\"{}\" is not a calendar date (YYYY-MM-DD)", date)});
}

}  // namespace

void check_part_sense(Kind kind, const json& part, const std::string& at, std::vector<SchemaError>& out) {
  check_verify(part, at, out);
  check_prices(part, at, out);
  check_market(part, at, out);
  switch (kind) {
    case Kind::Gpu: check_gpu(part, at, out); break;
    case Kind::Cpu: check_cpu(part, at, out); break;
    case Kind::Board: check_board(part, at, out); break;
    case Kind::Riser: check_riser(part, at, out); break;
    case Kind::Psu: check_psu(part, at, out); break;
    case Kind::Cloud: check_cloud(part, at, out); break;
    case Kind::Barebone: check_barebone(part, at, out); break;
    case Kind::UnifiedSystem: check_unified_system(part, at, out); break;
    default: break;
  }
}

void check_part_references(Kind kind, const json& part, const std::string& at, const KindLookup& kind_of,
                           const std::vector<std::string>& all_ids, std::vector<SchemaError>& out) {
  auto ref = [&](const std::string& id, const std::string& ptr, Kind want) {
    auto k = kind_of(id);
    if (!k) {
      out.push_back({ptr, fmt::format("\"{}\" is not a part in the catalog{}", id, did_you_mean(id, all_ids))});
    } else if (*k != want) {
      out.push_back({ptr, fmt::format("\"{}\" is a {}, not a {}", id, kind_name(*k), kind_name(want))});
    }
  };
  if (kind == Kind::Node || kind == Kind::Cloud) ref(part.value("gpu", ""), at + "/gpu", Kind::Gpu);
  if (kind == Kind::Node) {
    if (part.contains("cpu")) ref(part["cpu"].get<std::string>(), at + "/cpu", Kind::Cpu);
    const auto& nics = part.value("nics", json::array());
    for (std::size_t i = 0; i < nics.size(); ++i)
      ref(nics[i].value("part", ""), fmt::format("{}/nics/{}/part", at, i), Kind::Nic);
  }
  if (kind == Kind::Barebone) {
    ref(part.value("board", ""), at + "/board", Kind::Board);
    ref(part.value("chassis", ""), at + "/chassis", Kind::Chassis);
    ref(part.value("psu", ""), at + "/psu", Kind::Psu);
  }
  if (kind == Kind::NvlinkBridge) {
    const auto& gpus = part.value("gpus", json::array());
    for (std::size_t i = 0; i < gpus.size(); ++i) ref(gpus[i].get<std::string>(), fmt::format("{}/gpus/{}", at, i), Kind::Gpu);
  }
}

}  // namespace rigplan

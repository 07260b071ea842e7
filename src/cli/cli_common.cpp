// Shared CLI plumbing (see cli_common.hpp).
#include "cli/cli_common.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <iostream>

#include "cli/json_money.hpp"
#include "rigplan/catalog_date.hpp"
#include "rigplan/table.hpp"
#include "util/utf8.hpp"

namespace rigplan::cli {

Catalog load_catalog(const Globals& g) {
  Catalog c = Catalog::load(g.catalogs);
  c.prefer_prices(price_preference_from_name(g.prices).value_or(PricePreference::Street));  // CLI11 checked the name
  return c;
}

CLI::Validator finite_range(double lo, double hi, bool lo_open) {
  std::string desc = fmt::format("NUMBER in {}{:g} - {:g}]", lo_open ? "(" : "[", lo, hi);
  return CLI::Validator(
      [lo, hi, lo_open](std::string& in) -> std::string {
        char* end = nullptr;
        double v = std::strtod(in.c_str(), &end);
        if (in.empty() || end == in.c_str() || *end != '\0') return fmt::format("\"{}\" is not a number", in);
        if (!std::isfinite(v))  // "nan", "inf", or past a double's range
          return fmt::format("{} is not a finite number", in);
        if (v < lo || v > hi || (lo_open && v == lo))
          return fmt::format("{} is outside {}{:g} - {:g}]", in, lo_open ? "(" : "[", lo, hi);
        return "";
      },
      desc);
}

std::optional<std::uint64_t> parse_count(const std::string& s) {
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::stoull(s);
}

CLI::Validator count_range(std::uint64_t lo, std::uint64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& in) -> std::string {
        auto v = parse_count(in);
        if (!v) return fmt::format("\"{}\" is not a whole number of 0 or more", in);
        if (*v < lo || *v > hi) return fmt::format("{} is outside {} - {}", in, lo, hi);
        return "";
      },
      fmt::format("COUNT in [{} - {}]", lo, hi));
}

std::string version_line() {
  return fmt::format("rigplan 0.1.0 (commit {}, catalog data to {})", build_commit(), catalog_data_date(Catalog::builtin()));
}

void print_json(nlohmann::ordered_json doc) {
  round_money(doc);  // amounts to the cent, in every document (json_money.hpp)
  std::cout << dump_json(doc, 2) << "\n";
}

std::string clip(const std::string& s, std::size_t n) {
  if (display_width(s) <= n) return s;
  std::string out;
  std::size_t w = 0;
  for (std::size_t i = 0; i < s.size() && w < n - 1; ++i) {
    out += s[i];
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++w;
    while (i + 1 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xC0) == 0x80) out += s[++i];
  }
  return out + "…";
}

const PartBase* part_of(const Catalog& cat, const std::string& id) {
  switch (*cat.kind_of(id)) {
    case Kind::Gpu: return cat.find<Gpu>(id);
    case Kind::Cpu: return cat.find<Cpu>(id);
    case Kind::Board: return cat.find<Board>(id);
    case Kind::Memory: return cat.find<Memory>(id);
    case Kind::Psu: return cat.find<Psu>(id);
    case Kind::Chassis: return cat.find<Chassis>(id);
    case Kind::Cooler: return cat.find<Cooler>(id);
    case Kind::Storage: return cat.find<Storage>(id);
    case Kind::NvlinkBridge: return cat.find<NvlinkBridge>(id);
    case Kind::Nic: return cat.find<Nic>(id);
    case Kind::Switch: return cat.find<Switch>(id);
    case Kind::Node: return cat.find<Node>(id);
    case Kind::Outlet: return nullptr;  // not sold
    case Kind::Cloud: return nullptr;   // an hourly rate (usd_per_hour), not a purchase price
    case Kind::Riser: return cat.find<Riser>(id);
    case Kind::Barebone: return cat.find<Barebone>(id);
    case Kind::UnifiedSystem: return cat.find<UnifiedSystem>(id);
  }
  return nullptr;
}

}  // namespace rigplan::cli

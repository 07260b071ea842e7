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

}  // namespace rigplan::cli

// What every rigplan subcommand shares: the global options (--catalog overlays), loading the
// catalog they name, and writing the machine-readable document. Holds no domain logic.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"

namespace rigplan::cli {


struct Globals {
  std::vector<std::string> catalogs;  // --catalog FILE, repeatable
  std::string prices = "street";      // --prices street|msrp: which price costs use
  int exit_code = 0;                  // set by the subcommand that ran
};

// The built-in catalog overlaid by the --catalog files, its prices picked by --prices (throws InputError).
Catalog load_catalog(const Globals& g);

// The range check of every number flag: refuses NaN and infinities (CLI::Range lets NaN through,
// since every comparison with it is false), then anything outside [lo, hi] — or (lo, hi] when
// `lo_open`, for a quantity that must be positive.
CLI::Validator finite_range(double lo, double hi, bool lo_open = false);

// A count flag: decimal digits only (no sign, no junk after them), lo..hi.
CLI::Validator count_range(std::uint64_t lo, std::uint64_t hi);

// Parses a count as count_range accepts it; nullopt otherwise.
std::optional<std::uint64_t> parse_count(const std::string& s);

// Prints `doc` (with "schema_version" first) as the one JSON document on stdout, its money amounts
// rounded to the cent (json_money.hpp).
void print_json(nlohmann::ordered_json doc);

// The git commit the binary was built from ("unknown" outside git; build/generated/build_commit.cpp).
const char* build_commit();

// Subcommand registration, one per file.
void register_catalog(CLI::App& app, Globals& g);
void register_catalog_prices(CLI::App& catalog, Globals& g);  // `catalog prices`, under `catalog`
void register_check(CLI::App& app, Globals& g);
void register_rules(CLI::App& app, Globals& g);
void register_size(CLI::App& app, Globals& g);
void register_cluster(CLI::App& app, Globals& g);
void register_tco(CLI::App& app, Globals& g);
void register_sweep(CLI::App& app, Globals& g);
void register_plan(CLI::App& app, Globals& g);
void register_inspect(CLI::App& app, Globals& g);
// `completion` and `man`: generated from `app` as registered so far (register them last).
void register_completion(CLI::App& app, Globals& g);
// "rigplan 0.1.0 (commit …, catalog data to …)", as --version prints it.
std::string version_line();

}  // namespace rigplan::cli

// What a part costs, and how much to trust it. A price is an amount in US dollars with the date it
// was seen, its kind and its source: a launch MSRP from 2018 and a street price from last month
// are both "prices", but a user deciding what to buy needs to know which one a cost was built
// from. A part may carry several (say an MSRP and a street price); a price preference picks the
// one costs use, and PriceAge summarises the dates and kinds behind a total so that output can
// say how old its prices are.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rigplan {

enum class PriceKind {
  Msrp,    // the maker's launch price (manufacturer's suggested retail price)
  Street,  // what a retailer asked on the date (e.g. the cheapest in-stock listing)
  List,    // a vendor's or reseller's published list price (datacenter gear)
  Quote,   // a price someone was quoted (an overlay's own figure)
};

const char* price_kind_name(PriceKind k);   // "msrp" | "street" | "list" | "quote" (JSON)
const char* price_kind_label(PriceKind k);  // "launch MSRP" | "street" | "list" | "quote" (text)
std::optional<PriceKind> price_kind_from_name(const std::string& name);

struct Price {
  double usd = 0;
  std::string date;    // YYYY-MM or YYYY-MM-DD
  PriceKind kind = PriceKind::Msrp;
  std::string source;  // URL, or a named, dated data set
  std::string note;    // how the figure was chosen (which listing, which configuration)
};

// What output tells a user whose cost lacks prices: how to give their own (quotes, mostly).
inline constexpr const char* kGivePricesHint =
    "give your own prices with --catalog FILE (`rigplan catalog prices --missing --format update` writes one to fill in)";

// Which price a cost uses where a part has more than one kind.
enum class PricePreference {
  Street,  // default: the newest street, list or quote price; the launch MSRP only when none
  Msrp,    // the launch MSRP where there is one; otherwise as Street
};

const char* price_preference_name(PricePreference p);  // "street" | "msrp"
std::optional<PricePreference> price_preference_from_name(const std::string& name);

// The price a cost uses under `pref`, or nullopt when `prices` is empty. Among prices of the
// preferred kinds the newest date wins (a later date string sorts after an earlier one).
std::optional<Price> pick_price(const std::vector<Price>& prices, PricePreference pref);

// How old a price may be before it needs refreshing: 12 months before the catalog's data date (its
// newest price date, include/rigplan/catalog_date.hpp). Issue 30: prices move (DRAM retail roughly
// tripled between mid-2025 and mid-2026), so a cost built from older prices is said to be so, a
// discontinued part needs a price this recent to count as still sold new (`plan --market new`), and
// `rigplan catalog prices --stale` lists the prices older than this.
inline constexpr int kStalePriceMonths = 12;

// Whole months from `date` to `reference` (both "YYYY-MM" or "YYYY-MM-DD"; days are ignored, so a
// price of 2025-11-30 is 12 months before 2026-11-01); nullopt when either does not parse.
std::optional<int> months_between(const std::string& date, const std::string& reference);

// True when `p` was seen more than `months` months before `reference`, or its date does not parse.
// False when `reference` does not parse (no catalog date: nothing can be called stale).
bool price_is_stale(const Price& p, const std::string& reference, int months = kStalePriceMonths);

// The dates and kinds of the prices behind a total.
struct PriceAge {
  int parts = 0;                     // priced parts counted (a part counts once, whatever its count)
  std::string oldest, newest;        // dates
  std::map<PriceKind, int> kinds;    // kind -> parts
  void add(const Price& p);
  bool empty() const { return parts == 0; }
  // "dated 2020-09 to 2025-07-23: 6 street, 1 launch MSRP"; "" when empty.
  std::string text() const;
};

}  // namespace rigplan

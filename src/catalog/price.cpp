// Price kinds, the price preference and price-age summaries (see include/rigplan/price.hpp).
#include "rigplan/price.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace rigplan {

const char* price_kind_name(PriceKind k) {
  switch (k) {
    case PriceKind::Msrp: return "msrp";
    case PriceKind::Street: return "street";
    case PriceKind::List: return "list";
    case PriceKind::Quote: return "quote";
  }
  return "msrp";
}

const char* price_kind_label(PriceKind k) {
  return k == PriceKind::Msrp ? "launch MSRP" : price_kind_name(k);
}

std::optional<PriceKind> price_kind_from_name(const std::string& name) {
  for (PriceKind k : {PriceKind::Msrp, PriceKind::Street, PriceKind::List, PriceKind::Quote})
    if (name == price_kind_name(k)) return k;
  return std::nullopt;
}

const char* price_preference_name(PricePreference p) { return p == PricePreference::Msrp ? "msrp" : "street"; }

std::optional<PricePreference> price_preference_from_name(const std::string& name) {
  if (name == "street") return PricePreference::Street;
  if (name == "msrp") return PricePreference::Msrp;
  return std::nullopt;
}

std::optional<Price> pick_price(const std::vector<Price>& prices, PricePreference pref) {
  auto newest = [&](bool want_msrp) -> const Price* {
    const Price* best = nullptr;
    for (const auto& p : prices)
      if ((p.kind == PriceKind::Msrp) == want_msrp && (!best || p.date > best->date)) best = &p;
    return best;
  };
  bool msrp_first = pref == PricePreference::Msrp;
  const Price* p = newest(msrp_first);
  if (!p) p = newest(!msrp_first);
  if (!p) return std::nullopt;
  return *p;
}

namespace {
// "YYYY-MM[-DD]" as months since year 0; nullopt when it does not parse.
std::optional<int> month_index(const std::string& date) {
  int y = 0, m = 0;
  if (std::sscanf(date.c_str(), "%4d-%2d", &y, &m) != 2 || y < 1 || m < 1 || m > 12) return std::nullopt;
  return y * 12 + (m - 1);
}
}  // namespace

std::optional<int> months_between(const std::string& date, const std::string& reference) {
  auto a = month_index(date), b = month_index(reference);
  if (!a || !b) return std::nullopt;
  return *b - *a;
}

bool price_is_stale(const Price& p, const std::string& reference, int months) {
  if (!month_index(reference)) return false;
  auto age = months_between(p.date, reference);
  return !age || *age > months;
}

void PriceAge::add(const Price& p) {
  ++parts;
  ++kinds[p.kind];
  if (oldest.empty() || p.date < oldest) oldest = p.date;
  if (newest.empty() || p.date > newest) newest = p.date;
}

std::string PriceAge::text() const {
  if (empty()) return "";
  std::string dates = oldest == newest ? fmt::format("dated {}", oldest) : fmt::format("dated {} to {}", oldest, newest);
  std::string kinds_text;
  for (PriceKind k : {PriceKind::Street, PriceKind::List, PriceKind::Quote, PriceKind::Msrp}) {
    auto it = kinds.find(k);
    if (it == kinds.end()) continue;
    kinds_text += fmt::format("{}{} {}", kinds_text.empty() ? "" : ", ", it->second, price_kind_label(k));
  }
  return dates + ": " + kinds_text;
}

}  // namespace rigplan

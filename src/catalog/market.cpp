// Market-status names and the calendar-date check (see include/rigplan/market.hpp).
#include "rigplan/market.hpp"

#include <cctype>

namespace rigplan {

const char* market_status_name(MarketStatus s) {
  switch (s) {
    case MarketStatus::Unknown: return "unknown";
    case MarketStatus::Current: return "current";
    case MarketStatus::Discontinued: return "discontinued";
    case MarketStatus::UsedOnly: return "used_only";
  }
  return "unknown";
}

std::optional<MarketStatus> market_status_from_name(const std::string& name) {
  for (MarketStatus s : {MarketStatus::Current, MarketStatus::Discontinued, MarketStatus::UsedOnly})
    if (name == market_status_name(s)) return s;
  return std::nullopt;
}

bool is_calendar_date(const std::string& t) {
  if (t.size() != 10 || t[4] != '-' || t[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  int year = std::stoi(t.substr(0, 4)), month = std::stoi(t.substr(5, 2)), day = std::stoi(t.substr(8, 2));
  if (month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

}  // namespace rigplan

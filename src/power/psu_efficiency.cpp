// PSU efficiency from the 80 PLUS program's published requirements (CLEAResult, "80 PLUS program
// details", https://www.clearesult.com/80plus/program-details): each certification level sets a
// minimum efficiency at 20 %, 50 % and 100 % of rated load, and the figures differ by input: the
// "115V Internal" category (desktop units on North American and Japanese outlets), "230V EU
// Internal" (desktop units on 220-240 V outlets) and "230V Internal" (redundant data-centre units).
// A certified unit meets at least these figures, so they are the conservative reading of its
// badge. Between the three load points the curve is interpolated linearly; below 20 % the 20 %
// figure is held (the program states none lower but titanium's 10 %), above 100 % the 100 % one.
#include <algorithm>

#include "rigplan/power.hpp"

namespace rigplan {

namespace {

struct EffPoints {
  double at20, at50, at100;
};

// Minimum efficiencies per level and category, in the program's table order.
EffPoints eighty_plus_points(const std::string& level, EightyPlusCategory cat) {
  switch (cat) {
    case EightyPlusCategory::Internal115V:
      if (level == "bronze") return {0.82, 0.85, 0.82};
      if (level == "silver") return {0.85, 0.88, 0.85};
      if (level == "gold") return {0.87, 0.90, 0.87};
      if (level == "platinum") return {0.90, 0.92, 0.89};
      if (level == "titanium") return {0.92, 0.94, 0.90};
      return {0.80, 0.80, 0.80};  // "80plus" (white), and unknown levels
    case EightyPlusCategory::Internal230VEu:
      if (level == "bronze") return {0.85, 0.88, 0.85};
      if (level == "silver") return {0.87, 0.90, 0.87};
      if (level == "gold") return {0.90, 0.92, 0.89};
      if (level == "platinum") return {0.92, 0.94, 0.90};
      if (level == "titanium") return {0.94, 0.96, 0.94};
      return {0.82, 0.85, 0.82};
    case EightyPlusCategory::Internal230V:
      if (level == "bronze") return {0.81, 0.85, 0.81};
      if (level == "silver") return {0.85, 0.89, 0.85};
      if (level == "gold") return {0.88, 0.92, 0.88};
      if (level == "platinum") return {0.90, 0.94, 0.91};
      if (level == "titanium") return {0.94, 0.96, 0.91};
      return {0.80, 0.80, 0.80};  // the category has no plain 80 PLUS level
  }
  return {0.80, 0.80, 0.80};
}

}  // namespace

EightyPlusCategory eighty_plus_category(const Psu& psu, double volts) {
  if (volts < kLowLineMaxVolts) return EightyPlusCategory::Internal115V;
  bool datacentre = psu.form_factor == "server" || psu.form_factor == "crps";
  return datacentre ? EightyPlusCategory::Internal230V : EightyPlusCategory::Internal230VEu;
}

const char* eighty_plus_category_name(EightyPlusCategory c) {
  switch (c) {
    case EightyPlusCategory::Internal115V: return "115V internal";
    case EightyPlusCategory::Internal230VEu: return "230V EU internal";
    case EightyPlusCategory::Internal230V: return "230V internal";
  }
  return "";
}

double psu_efficiency(const std::string& level, EightyPlusCategory cat, double load_share) {
  EffPoints e = eighty_plus_points(level, cat);
  double x = std::clamp(load_share, 0.2, 1.0);
  if (x <= 0.5) return e.at20 + (e.at50 - e.at20) * (x - 0.2) / 0.3;
  return e.at50 + (e.at100 - e.at50) * (x - 0.5) / 0.5;
}

double psu_efficiency(const std::string& level) {
  return psu_efficiency(level, EightyPlusCategory::Internal115V, 0.5);
}

}  // namespace rigplan

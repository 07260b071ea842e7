// `rigplan tco`'s answer for people and for scripts (rigplan/tco_output.hpp).
#include "rigplan/tco_output.hpp"

#include <fmt/format.h>

#include <optional>

#include "rigplan/document.hpp"
#include "rigplan/price_json.hpp"
#include "util/number_text.hpp"

namespace rigplan {

namespace {

std::optional<double> spot_per_gpu(const Cloud* o) {
  if (!o || !o->spot_usd_per_hour) return std::nullopt;
  return *o->spot_usd_per_hour / o->gpu_count;
}

// When the rate was seen, or which data file (by commit) it was read from when that has no date.
std::string rate_date(const Cloud* o) {
  if (!o) return "";
  if (!o->price_seen.empty()) return "seen " + o->price_seen;
  if (!o->source_commit.empty()) return "data commit " + o->source_commit.substr(0, 7) + ", date not recorded";
  return "date unknown";
}

}  // namespace

nlohmann::ordered_json tco_json(const TcoAnswer& a) {
  using J = nlohmann::ordered_json;
  const TcoInput& in = a.input;
  const TcoResult& r = a.result;
  J j = new_document(DocumentKind::Tco);
  j["owned"] = {{"usd_total", r.owned_total_usd}, {"usd_per_gpu_hour", r.owned_usd_per_gpu_hour},
                {"purchase_usd", in.purchase_usd}, {"energy_usd", r.owned_energy_usd}, {"gpu_hours", r.gpu_hours},
                {"unpriced", in.unpriced}, {"purchase_complete", in.unpriced.empty() && in.purchase_usd > 0},
                {"purchase_given", a.purchase_given},
                {"prices", a.purchase_given ? J(nullptr) : price_age_json(a.ages, a.prices)}};
  j["cloud"] = J::array();
  for (std::size_t i = 0; i < r.cloud.size(); ++i) {
    const auto& c = r.cloud[i];
    const Cloud* offer = a.offers[i];
    auto spot = spot_per_gpu(offer);
    j["cloud"].push_back({{"offer", c.offer},
                          {"usd_per_gpu_hour", c.usd_per_gpu_hour},
                          {"spot_usd_per_gpu_hour", spot ? J(*spot) : nullptr},
                          {"price_seen", offer ? offer->price_seen : ""},
                          {"basis", c.basis}});
  }
  j["cloud_match"] = {{"same_gpu", a.rent.same_gpu}, {"basis", a.rent.basis}};
  j["break_even"] = {{"hours_per_week", r.break_even_hours_per_week ? J(*r.break_even_hours_per_week) : nullptr},
                     {"months", r.break_even_months ? J(*r.break_even_months) : nullptr},
                     {"full_use_shortfall_usd", r.full_use_shortfall_usd ? J(*r.full_use_shortfall_usd) : nullptr},
                     {"withheld", r.break_even_withheld.empty() ? J(nullptr) : J(r.break_even_withheld)}};
  j["assumptions"] = {{"hours_per_week", in.hours_per_week}, {"kwh_usd", in.kwh_usd}, {"years", in.years},
                      {"pue", in.pue}, {"wall_kw", in.wall_kw}, {"gpus", in.gpus}};
  return j;
}

std::string tco_text(const TcoAnswer& a) {
  const TcoInput& in = a.input;
  const TcoResult& r = a.result;
  std::string out = fmt::format("Owned: {} purchase + {} energy ({:.2f} kW × PUE {:g} × {:g} h/week × {:g} years at ${:g}/kWh)\n",
                                dollars(in.purchase_usd), dollars(r.owned_energy_usd), in.wall_kw, in.pue,
                                in.hours_per_week, in.years, in.kwh_usd);
  if (a.purchase_given) out += "  purchase: your --purchase-usd figure\n";
  else if (!a.ages.empty())
    out += fmt::format("  prices {} (--prices {})\n", a.ages.text(), price_preference_name(a.prices));
  if (!in.unpriced.empty())
    out += fmt::format("  not priced in the catalog (counted at $0): {}\n", describe_unpriced(a.unpriced_parts, in.unpriced));
  out += fmt::format("  = {} over {} GPU-hours: ${:.3f} per GPU-hour{}\n", dollars(r.owned_total_usd), grouped(r.gpu_hours),
                     r.owned_usd_per_gpu_hour, in.unpriced.empty() ? "" : " (a lower bound)");
  if (r.cloud.empty())
    return out + fmt::format("Cloud: no offer in the catalog has {} or a GPU at least as fast with as much memory\n",
                             a.gpu->id);
  if (!a.rent.same_gpu) out += "Cloud: " + a.rent.basis + ":\n";
  for (std::size_t i = 0; i < r.cloud.size(); ++i) {
    const auto& c = r.cloud[i];
    auto spot = spot_per_gpu(a.offers[i]);
    out += fmt::format("Cloud: {} at ${:.3f} per GPU-hour{} ({}){}\n", c.offer, c.usd_per_gpu_hour,
                       spot ? fmt::format(", spot ${:.3f}", *spot) : "", rate_date(a.offers[i]),
                       c.basis.empty() ? "" : " (" + c.basis + ")");
  }
  if (!r.break_even_withheld.empty())
    out += fmt::format("Break-even: not given: {}. A break-even from a partial price would come out too early; "
                       "give the whole price with --purchase-usd USD, or {}\n",
                       r.break_even_withheld, kGivePricesHint);
  else if (r.break_even_hours_per_week) {
    // Past the period the hardware is costed over, "pays off after N months" would be read as a
    // promise: say it does not, within the period.
    bool within = *r.break_even_months <= in.years * 12.0;
    out += fmt::format("Break-even against {} (the cheapest on-demand offer): {:.1f} hours a week over {:g} years; "
                       "at {:g} h/week owning {}\n",
                       r.cloud.front().offer, *r.break_even_hours_per_week, in.years, in.hours_per_week,
                       within ? fmt::format("pays off after {:.1f} months", *r.break_even_months)
                              : fmt::format("does not pay off within the {:g} years (renting is cheaper at that use)",
                                            in.years));
  } else if (r.full_use_shortfall_usd)
    out += fmt::format("Break-even against {} (the cheapest on-demand offer): none. Even used every hour of the "
                       "week ({:g} h) for {:g} years, owning costs {} more than renting\n",
                       r.cloud.front().offer, kHoursPerWeek, in.years, dollars(*r.full_use_shortfall_usd));
  else
    out += "Renting is cheaper than the electricity alone: owning never breaks even\n";
  return out;
}

}  // namespace rigplan

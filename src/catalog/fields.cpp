// Typed, recorded reads from validated part JSON (see fields.hpp).
#include "catalog/fields.hpp"

namespace rigplan {

namespace {
const nlohmann::json& empty_object() {
  static const nlohmann::json e = nlohmann::json::object();
  return e;
}
const nlohmann::json& empty_array() {
  static const nlohmann::json e = nlohmann::json::array();
  return e;
}
}  // namespace

const nlohmann::json* Fields::get(const char* key) const {
  if (seen_) seen_->insert(prefix_ + key);
  if (!obj_.is_object()) return nullptr;
  auto it = obj_.find(key);
  if (it == obj_.end() || it->is_null()) return nullptr;
  return &*it;
}

bool Fields::has(const char* key) const { return get(key) != nullptr; }

double Fields::num(const char* key, double def) const {
  const auto* v = get(key);
  return v && v->is_number() ? v->get<double>() : def;
}

std::optional<double> Fields::opt_num(const char* key) const {
  const auto* v = get(key);
  if (v && v->is_number()) return v->get<double>();
  return std::nullopt;
}

int Fields::integer(const char* key, int def) const {
  const auto* v = get(key);
  return v && v->is_number() ? static_cast<int>(v->get<double>()) : def;
}

std::string Fields::str(const char* key, std::string def) const {
  const auto* v = get(key);
  return v && v->is_string() ? v->get<std::string>() : def;
}

bool Fields::boolean(const char* key, bool def) const {
  const auto* v = get(key);
  return v && v->is_boolean() ? v->get<bool>() : def;
}

std::vector<std::string> Fields::strings(const char* key) const {
  std::vector<std::string> out;
  if (const auto* v = get(key); v && v->is_array())
    for (const auto& s : *v)
      if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

PcieLink Fields::pcie(const char* key) const {
  Fields f = sub(key);
  return PcieLink{f.integer("gen"), f.integer("lanes")};
}

Fields Fields::sub(const char* key) const {
  const auto* v = get(key);
  return Fields(v && v->is_object() ? *v : empty_object(), seen_, prefix_ + key + "/");
}

std::vector<Fields> Fields::each(const char* key) const {
  const auto* v = get(key);
  const auto& arr = v && v->is_array() ? *v : empty_array();
  std::vector<Fields> out;
  for (const auto& item : arr) out.emplace_back(item, seen_, prefix_ + key + "/*/");
  return out;
}

void Fields::identity(PartBase& p) const {
  p.id = str("id");
  (void)str("kind");
  p.name = str("name");
  p.source = str("source");
  (void)str("notes");
  p.verify = strings("verify");
}

void Fields::base(PartBase& p) const {
  identity(p);
  for (const Fields& f : each("prices")) {
    Price price;
    price.usd = f.num("usd");
    price.date = f.str("date");
    price.kind = price_kind_from_name(f.str("kind")).value_or(PriceKind::Msrp);  // the schema allows only the four
    price.source = f.str("source");
    price.note = f.str("note");
    p.prices.push_back(std::move(price));
  }
  p.no_price = str("no_price");
  p.no_recent_price = str("no_recent_price");
  if (has("market")) {
    Fields m = sub("market");
    p.market.status = market_status_from_name(m.str("status")).value_or(MarketStatus::Unknown);  // the schema allows only the three
    p.market.date = m.str("date");
    p.market.source = m.str("source");
    p.market.note = m.str("note");
  }
  p.price = pick_price(p.prices, PricePreference::Street);
  p.price_usd = p.price ? std::optional<double>(p.price->usd) : std::nullopt;
}

}  // namespace rigplan

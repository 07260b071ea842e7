// The schema-subset validator (see json_schema.hpp).
#include "util/json_schema.hpp"

#include <fmt/format.h>

#include <cmath>
#include <regex>
#include <stdexcept>

#include "util/json_words.hpp"
#include "util/schema_patterns.hpp"
#include "util/suggest.hpp"

namespace rigplan {

using nlohmann::json;

// A value's place in the document as a chain of steps up to the root. Validation walks every
// value of a catalog (tens of thousands of parts in an overlay); the pointer text is built only
// for the few values that have an error.
struct JsonSchema::Path {
  const Path* parent = nullptr;
  const std::string* key = nullptr;  // a member's name, or
  std::size_t index = 0;             // an array index when key is null
  std::string str() const;
};

// Where errors go. A quiet context (valid(): "if" and "oneOf" branches) only records that
// something failed and stops there, without building the message.
struct JsonSchema::Ctx {
  std::vector<SchemaError>* errors = nullptr;
  std::size_t max_errors = 0;
  bool quiet = false;
  bool failed = false;
  bool full() const { return quiet ? failed : (errors == nullptr || errors->size() >= max_errors); }
  template <class Message>
  void add(const Path& at, Message&& message) {
    failed = true;
    if (!quiet && errors && errors->size() < max_errors) errors->push_back({at.str(), message()});
  }
};

namespace {

// "YYYY-MM" or "YYYY-MM-DD" (the pattern has checked the digits) naming a real month and day of
// the proleptic Gregorian calendar (ISO 8601): no month 13, no day 0, no 30 February, no year 0000.
bool calendar_keyword_ok(const std::string& s) {
  if (s.size() != 7 && s.size() != 10) return true;  // not this keyword's shape: the pattern decides
  auto num = [&](std::size_t at, std::size_t n) {
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (s[i] < '0' || s[i] > '9') return -1;
      v = v * 10 + (s[i] - '0');
    }
    return v;
  };
  int year = num(0, 4), month = num(5, 2);
  if (year < 1 || month < 1 || month > 12) return false;
  if (s.size() == 7) return true;
  int day = num(8, 2);
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  int last = kDays[month - 1] + (month == 2 && leap ? 1 : 0);
  return day >= 1 && day <= last;
}

std::string escape_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

bool is_integral(const json& v) {
  if (v.is_number_integer() || v.is_number_unsigned()) return true;
  if (!v.is_number_float()) return false;
  double d = v.get<double>();
  return std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9.0e15;
}

std::string num(double d) { return fmt::format("{:g}", d); }

}  // namespace

std::string JsonSchema::Path::str() const {
  std::vector<const Path*> steps;
  for (const Path* p = this; p && p->parent; p = p->parent) steps.push_back(p);
  std::string out;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    out += '/';
    out += (*it)->key ? escape_token(*(*it)->key) : std::to_string((*it)->index);
  }
  return out;
}

namespace {
void collect_patterns(const json& node, std::map<std::string, std::regex>& out) {
  if (node.is_object()) {
    if (auto it = node.find("pattern"); it != node.end() && it->is_string())
      out.emplace(it->get<std::string>(), std::regex(it->get<std::string>(), std::regex::ECMAScript));
    for (const auto& [k, sub] : node.items()) collect_patterns(sub, out);
  } else if (node.is_array()) {
    for (const auto& sub : node) collect_patterns(sub, out);
  }
}

enum : unsigned {
  kTypeNull = 1, kTypeBoolean = 2, kTypeInteger = 4, kTypeNumber = 8, kTypeString = 16, kTypeArray = 32,
  kTypeObject = 64
};

unsigned type_bit(const std::string& t) {
  if (t == "null") return kTypeNull;
  if (t == "boolean") return kTypeBoolean;
  if (t == "integer") return kTypeInteger;
  if (t == "number") return kTypeNumber;
  if (t == "string") return kTypeString;
  if (t == "array") return kTypeArray;
  if (t == "object") return kTypeObject;
  return 0;  // an unknown type name matches nothing, as has_type says
}

bool has_types(const json& v, unsigned mask) {
  switch (v.type()) {
    case json::value_t::null: return mask & kTypeNull;
    case json::value_t::boolean: return mask & kTypeBoolean;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return mask & (kTypeInteger | kTypeNumber);
    case json::value_t::number_float: return (mask & kTypeNumber) || ((mask & kTypeInteger) && is_integral(v));
    case json::value_t::string: return mask & kTypeString;
    case json::value_t::array: return mask & kTypeArray;
    case json::value_t::object: return mask & kTypeObject;
    default: return false;
  }
}
}  // namespace

JsonSchema::JsonSchema(json schema) : root_(std::make_shared<const json>(std::move(schema))) {
  collect_patterns(*root_, patterns_);
  // A repeat without an upper bound (+, *, {n,}) lets the match recurse as deep as the input is long.
  for (const auto& [p, rx] : patterns_)
    if (p.find_first_of("+*") != std::string::npos || p.find(",}") != std::string::npos) unbounded_.insert(p);
  compile(*root_);
}

void JsonSchema::compile(const json& node) {
  if (node.is_array()) {
    for (const auto& sub : node) compile(sub);
    return;
  }
  if (!node.is_object()) return;
  Keywords k;
  auto at = [&](const char* name) -> const json* {
    auto it = node.find(name);
    return it == node.end() ? nullptr : &*it;
  };
  if (auto r = at("$ref"); r && r->is_string()) k.ref = &resolve(r->get<std::string>());  // throws if dangling
  // Every object of the schema gets an entry, also the maps under "properties" and "$defs" that
  // are not schema nodes themselves (never consulted as such): read keywords only of the shape a
  // schema gives them.
  if (auto t = at("type"); t && (t->is_string() || t->is_array())) {
    k.type = t;
    if (t->is_string()) k.types = type_bit(t->get<std::string>());
    else for (const auto& e : *t) k.types |= e.is_string() ? type_bit(e.get<std::string>()) : 0;
  }
  k.const_ = at("const");
  k.enum_ = at("enum");
  k.minimum = at("minimum");
  k.exclusive_minimum = at("exclusiveMinimum");
  k.maximum = at("maximum");
  k.min_length = at("minLength");
  k.max_length = at("maxLength");
  k.pattern = at("pattern");
  k.x_message = at("x-message");
  if (auto c = at("x-calendar"); c && c->is_boolean()) k.x_calendar = c->get<bool>();
  k.min_items = at("minItems");
  k.items = at("items");
  k.properties = at("properties");
  k.required = at("required");
  auto closed = at("additionalProperties");
  k.closed = closed && *closed == false;
  k.all_of = at("allOf");
  k.if_ = at("if");
  k.then_ = at("then");
  k.one_of = at("oneOf");
  keywords_.emplace(&node, k);
  for (const auto& [key, sub] : node.items()) compile(sub);
}

const JsonSchema::Keywords* JsonSchema::keywords(const json& node) const {
  auto it = keywords_.find(&node);
  return it == keywords_.end() ? nullptr : &it->second;
}

const json& JsonSchema::resolve(const std::string& ref) const {
  if (ref.rfind("#", 0) != 0) throw std::logic_error("only local $ref is supported: " + ref);
  json::json_pointer p(ref.substr(1));
  if (!root_->contains(p)) throw std::logic_error("dangling $ref in schema: " + ref);
  return root_->at(p);
}

const json& JsonSchema::deref(const json& schema) const {
  const json* s = &schema;
  for (int i = 0; i < 16; ++i) {
    const Keywords* k = keywords(*s);
    if (!k || !k->ref) break;
    s = k->ref;
  }
  return *s;
}

const json* JsonSchema::node_at(const std::string& pointer) const {
  const json* node = &deref(*root_);
  std::size_t i = 0;
  while (i < pointer.size()) {
    std::size_t next = pointer.find('/', i + 1);
    if (next == std::string::npos) next = pointer.size();
    std::string token = pointer.substr(i + 1, next - i - 1);
    i = next;
    bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
    if (index && node->contains("items")) node = &deref((*node)["items"]);
    else if (node->contains("properties") && (*node)["properties"].contains(token)) node = &deref((*node)["properties"][token]);
    else return nullptr;
  }
  return node;
}

bool JsonSchema::matches(const std::string& pattern, const std::string& text) const {
  if (auto fast = match_schema_pattern(pattern, text)) return *fast;
  return std::regex_search(text, patterns_.at(pattern));
}

bool JsonSchema::valid(const json& schema, const json& value) const {
  Ctx quiet;
  quiet.quiet = true;
  check(schema, value, Path{}, quiet);
  return !quiet.failed;
}

std::vector<SchemaError> JsonSchema::validate(const json& doc, std::size_t max_errors) const {
  std::vector<SchemaError> errors;
  Ctx ctx;
  ctx.errors = &errors;
  ctx.max_errors = max_errors;
  check(*root_, doc, Path{}, ctx);
  return errors;
}

void JsonSchema::check(const json& schema_in, const json& v, const Path& at, Ctx& ctx) const {
  if (ctx.full()) return;
  const json& s = deref(schema_in);
  const Keywords* kp = keywords(s);
  if (!kp) return;  // not an object: no keywords
  const Keywords& k = *kp;

  if (k.type && !has_types(v, k.types)) {
    if (ctx.quiet) {
      ctx.failed = true;
      return;
    }
    std::vector<std::string> types;
    if (k.type->is_string()) types.push_back(k.type->get<std::string>());
    else for (const auto& t : *k.type) types.push_back(t.get<std::string>());
    std::string want;
    for (std::size_t i = 0; i < types.size(); ++i)
      want += (i ? " or " : "") + with_article(types[i]);
    std::string found = v.is_number_float() && !std::isfinite(v.get<double>()) ? "a non-finite number" : json_type_words(v);
    ctx.add(at, [&] { return fmt::format("expected {}, found {} ({})", want, found, json_brief(v)); });
    return;  // nothing else can be said about a value of the wrong type
  }
  if (k.const_ && v != *k.const_) {
    ctx.add(at, [&] { return fmt::format("must be {}, found {}", k.const_->dump(), json_brief(v)); });
    return;
  }
  if (k.enum_) {
    bool ok = false;
    for (const auto& e : *k.enum_) ok = ok || e == v;
    if (!ok && ctx.quiet) {
      ctx.failed = true;
      return;
    }
    if (!ok) {
      std::vector<std::string> names;
      for (const auto& e : *k.enum_) names.push_back(e.is_string() ? e.get<std::string>() : e.dump());
      std::string list;
      for (std::size_t i = 0; i < names.size(); ++i) list += (i ? ", " : "") + names[i];
      std::string hint = v.is_string() ? did_you_mean(v.get<std::string>(), names) : "";
      ctx.add(at, [&] { return fmt::format("{} is not one of: {}{}", json_brief(v), list, hint); });
      return;
    }
  }
  if (v.is_number()) {
    double d = v.get<double>();
    if (!std::isfinite(d)) {
      ctx.add(at, [&] { return std::string("must be a finite number"); });
      return;
    }
    if (k.minimum && d < k.minimum->get<double>())
      ctx.add(at, [&] { return fmt::format("{} is below the minimum {}", num(d), num(k.minimum->get<double>())); });
    if (k.exclusive_minimum && d <= k.exclusive_minimum->get<double>())
      ctx.add(at, [&] { return fmt::format("{} must be greater than {}", num(d), num(k.exclusive_minimum->get<double>())); });
    if (k.maximum && d > k.maximum->get<double>())
      ctx.add(at, [&] { return fmt::format("{} is above the maximum {}", num(d), num(k.maximum->get<double>())); });
  }
  if (v.is_string()) {
    const auto& str = v.get_ref<const std::string&>();
    if (k.min_length && str.size() < k.min_length->get<std::size_t>())
      ctx.add(at, [&] { return std::string(str.empty() ? "must not be empty"
                              : fmt::format("is shorter than {} characters", k.min_length->get<std::size_t>())); });
    if (k.max_length && str.size() > k.max_length->get<std::size_t>())
      ctx.add(at, [&] { return fmt::format("is longer than {} characters", k.max_length->get<std::size_t>()); });
    if (k.pattern) {
      const auto& pattern = k.pattern->get_ref<const std::string&>();
      // std::regex recurses once per character an unbounded repeat matches: a long string would
      // overflow the stack. Patterns whose repeats are all bounded ({1,256}) take any length.
      if (str.size() > kMaxPatternInput && unbounded_.count(pattern)) {
        ctx.add(at, [&] { return fmt::format("is {} characters long; a field of this form takes at most {}", str.size(),
                                kMaxPatternInput); });
      } else if (!matches(pattern, str)) {
        ctx.add(at, [&] { return std::string(k.x_message ? fmt::format("{} {}", json_brief(v), k.x_message->get<std::string>())
                                : fmt::format("{} does not match the pattern {}", json_brief(v), k.pattern->dump())); });
      } else if (k.x_calendar && !calendar_keyword_ok(str)) {
        ctx.add(at, [&] { return fmt::format("{} is not a date of the calendar (month 01-12, a day the month has)", json_brief(v)); });
      }
    }
  }
  if (v.is_array()) {
    if (k.min_items && v.size() < k.min_items->get<std::size_t>())
      ctx.add(at, [&] { return std::string(v.empty() ? "must not be empty"
                            : fmt::format("needs at least {} items", k.min_items->get<std::size_t>())); });
    if (k.items)
      for (std::size_t i = 0; i < v.size() && !ctx.full(); ++i) check(*k.items, v[i], Path{&at, nullptr, i}, ctx);
  }
  if (v.is_object()) {
    const json* props = k.properties;
    if (k.required)
      for (const auto& r : *k.required)
        if (v.find(r.get_ref<const std::string&>()) == v.end())
          ctx.add(at, [&] { return fmt::format("missing required field \"{}\"", r.get<std::string>()); });
    // Members and properties are both in key order, so walking whichever is shorter and looking
    // each up in the other checks the same pairs in the same order (an "if" names one property
    // of a part with twenty). Unknown members are reported after.
    std::size_t matched = 0;
    if (props && props->size() <= v.size()) {
      for (auto p = props->begin(); p != props->end(); ++p)
        if (auto m = v.find(p.key()); m != v.end()) {
          ++matched;
          check(p.value(), m.value(), Path{&at, &m.key(), 0}, ctx);
        }
    } else if (props) {
      for (auto m = v.begin(); m != v.end(); ++m)
        if (auto p = props->find(m.key()); p != props->end()) {
          ++matched;
          check(p.value(), m.value(), Path{&at, &m.key(), 0}, ctx);
        }
    }
    if (k.closed && matched < v.size() && ctx.quiet) {
      ctx.failed = true;
      return;
    }
    if (k.closed && matched < v.size()) {
      std::vector<std::string> known;
      if (props)
        for (const auto& [key, sub] : props->items()) known.push_back(key);
      for (auto m = v.begin(); m != v.end(); ++m)
        if (!props || !props->contains(m.key()))
          ctx.add(Path{&at, &m.key(), 0}, [&] { return fmt::format("unknown field \"{}\"{}", m.key(), did_you_mean(m.key(), known)); });
    }
  }
  if (k.all_of)
    for (const auto& sub : *k.all_of) check(sub, v, at, ctx);
  if (k.if_ && k.then_ && valid(*k.if_, v)) check(*k.then_, v, at, ctx);
  if (k.one_of) {
    std::vector<const json*> matching;
    for (const auto& sub : *k.one_of)
      if (valid(sub, v)) matching.push_back(&sub);
    if (matching.size() != 1) {
      // Report the errors of the branch whose type the value has, which is the one meant.
      for (const auto& sub : *k.one_of) {
        const Keywords* d = keywords(deref(sub));
        if (!d || !d->type || !d->type->is_string() || has_types(v, d->types)) {
          if (matching.empty()) check(sub, v, at, ctx);
          else ctx.add(at, [&] { return std::string("matches more than one allowed form"); });
          return;
        }
      }
      ctx.add(at, [&] { return fmt::format("{} is not an allowed form here", json_brief(v)); });
    }
  }
}

}  // namespace rigplan

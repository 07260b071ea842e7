// The schema-subset validator (see json_schema.hpp).
#include "util/json_schema.hpp"

#include <fmt/format.h>

#include <cmath>
#include <regex>
#include <stdexcept>

#include "util/suggest.hpp"

namespace rigplan {

using nlohmann::json;

struct JsonSchema::Ctx {
  std::vector<SchemaError>* errors = nullptr;
  std::size_t max_errors = 0;
  bool full() const { return errors == nullptr || errors->size() >= max_errors; }
  void add(const std::string& at, std::string msg) const {
    if (errors && errors->size() < max_errors) errors->push_back({at, std::move(msg)});
  }
};

namespace {

std::string escape_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

const char* type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a number";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: return "a value";
  }
}

bool is_integral(const json& v) {
  if (v.is_number_integer() || v.is_number_unsigned()) return true;
  if (!v.is_number_float()) return false;
  double d = v.get<double>();
  return std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9.0e15;
}

bool has_type(const json& v, const std::string& t) {
  if (t == "null") return v.is_null();
  if (t == "boolean") return v.is_boolean();
  if (t == "integer") return is_integral(v);
  if (t == "number") return v.is_number();
  if (t == "string") return v.is_string();
  if (t == "array") return v.is_array();
  if (t == "object") return v.is_object();
  return false;
}

std::string article(const std::string& t) {
  if (t == "null") return "null";
  if (t == "integer" || t == "array" || t == "object") return "an " + t;
  return "a " + t;
}

std::string brief(const json& v) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

std::string num(double d) { return fmt::format("{:g}", d); }

}  // namespace

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
}  // namespace

JsonSchema::JsonSchema(json schema) : root_(std::move(schema)) {
  collect_patterns(root_, patterns_);
  // A repeat without an upper bound (+, *, {n,}) lets the match recurse as deep as the input is long.
  for (const auto& [p, rx] : patterns_)
    if (p.find_first_of("+*") != std::string::npos || p.find(",}") != std::string::npos) unbounded_.insert(p);
}

const json& JsonSchema::resolve(const std::string& ref) const {
  if (ref.rfind("#", 0) != 0) throw std::logic_error("only local $ref is supported: " + ref);
  json::json_pointer p(ref.substr(1));
  if (!root_.contains(p)) throw std::logic_error("dangling $ref in schema: " + ref);
  return root_.at(p);
}

const json& JsonSchema::deref(const json& schema) const {
  const json* s = &schema;
  for (int i = 0; i < 16 && s->is_object() && s->contains("$ref"); ++i)
    s = &resolve((*s)["$ref"].get<std::string>());
  return *s;
}

const json* JsonSchema::node_at(const std::string& pointer) const {
  const json* node = &deref(root_);
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

bool JsonSchema::valid(const json& schema, const json& value) const {
  Ctx quiet;  // no sink: stop at nothing, but record whether anything failed
  std::vector<SchemaError> sink;
  quiet.errors = &sink;
  quiet.max_errors = 1;
  check(schema, value, "", quiet);
  return sink.empty();
}

std::vector<SchemaError> JsonSchema::validate(const json& doc, std::size_t max_errors) const {
  std::vector<SchemaError> errors;
  Ctx ctx;
  ctx.errors = &errors;
  ctx.max_errors = max_errors;
  check(root_, doc, "", ctx);
  return errors;
}

void JsonSchema::check(const json& schema_in, const json& v, const std::string& at,
                       Ctx& ctx) const {
  if (ctx.full()) return;
  const json& s = deref(schema_in);
  if (!s.is_object()) return;

  if (auto it = s.find("type"); it != s.end()) {
    std::vector<std::string> types;
    if (it->is_string()) types.push_back(it->get<std::string>());
    else for (const auto& t : *it) types.push_back(t.get<std::string>());
    bool ok = false;
    for (const auto& t : types) ok = ok || has_type(v, t);
    if (!ok) {
      std::string want;
      for (std::size_t i = 0; i < types.size(); ++i)
        want += (i ? " or " : "") + article(types[i]);
      std::string found = v.is_number_float() && !std::isfinite(v.get<double>()) ? "a non-finite number" : type_name(v);
      ctx.add(at, fmt::format("expected {}, found {} ({})", want, found, brief(v)));
      return;  // nothing else can be said about a value of the wrong type
    }
  }
  if (auto it = s.find("const"); it != s.end() && v != *it) {
    ctx.add(at, fmt::format("must be {}, found {}", it->dump(), brief(v)));
    return;
  }
  if (auto it = s.find("enum"); it != s.end()) {
    bool ok = false;
    std::vector<std::string> names;
    for (const auto& e : *it) {
      ok = ok || e == v;
      names.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    }
    if (!ok) {
      std::string list;
      for (std::size_t i = 0; i < names.size(); ++i) list += (i ? ", " : "") + names[i];
      std::string hint = v.is_string() ? did_you_mean(v.get<std::string>(), names) : "";
      ctx.add(at, fmt::format("{} is not one of: {}{}", brief(v), list, hint));
      return;
    }
  }
  if (v.is_number()) {
    double d = v.get<double>();
    if (!std::isfinite(d)) {
      ctx.add(at, "must be a finite number");
      return;
    }
    if (auto it = s.find("minimum"); it != s.end() && d < it->get<double>())
      ctx.add(at, fmt::format("{} is below the minimum {}", num(d), num(it->get<double>())));
    if (auto it = s.find("exclusiveMinimum"); it != s.end() && d <= it->get<double>())
      ctx.add(at, fmt::format("{} must be greater than {}", num(d), num(it->get<double>())));
    if (auto it = s.find("maximum"); it != s.end() && d > it->get<double>())
      ctx.add(at, fmt::format("{} is above the maximum {}", num(d), num(it->get<double>())));
  }
  if (v.is_string()) {
    const auto& str = v.get_ref<const std::string&>();
    if (auto it = s.find("minLength"); it != s.end() && str.size() < it->get<std::size_t>())
      ctx.add(at, str.empty() ? "must not be empty"
                              : fmt::format("is shorter than {} characters", it->get<std::size_t>()));
    if (auto it = s.find("maxLength"); it != s.end() && str.size() > it->get<std::size_t>())
      ctx.add(at, fmt::format("is longer than {} characters", it->get<std::size_t>()));
    if (auto it = s.find("pattern"); it != s.end()) {
      // std::regex recurses once per character an unbounded repeat matches: a long string would
      // overflow the stack. Patterns whose repeats are all bounded ({1,256}) take any length.
      if (str.size() > kMaxPatternInput && unbounded_.count(it->get<std::string>())) {
        ctx.add(at, fmt::format("is {} characters long; a field of this form takes at most {}", str.size(),
                                kMaxPatternInput));
      } else if (!std::regex_search(str, patterns_.at(it->get<std::string>()))) {
        auto custom = s.find("x-message");
        ctx.add(at, custom != s.end()
                        ? fmt::format("{} {}", brief(v), custom->get<std::string>())
                        : fmt::format("{} does not match the pattern {}", brief(v), it->dump()));
      }
    }
  }
  if (v.is_array()) {
    if (auto it = s.find("minItems"); it != s.end() && v.size() < it->get<std::size_t>())
      ctx.add(at, v.empty() ? "must not be empty"
                            : fmt::format("needs at least {} items", it->get<std::size_t>()));
    if (auto it = s.find("items"); it != s.end())
      for (std::size_t i = 0; i < v.size() && !ctx.full(); ++i)
        check(*it, v[i], at + "/" + std::to_string(i), ctx);
  }
  if (v.is_object()) {
    const json* props = s.contains("properties") ? &s["properties"] : nullptr;
    if (auto it = s.find("required"); it != s.end())
      for (const auto& r : *it)
        if (!v.contains(r.get<std::string>()))
          ctx.add(at, fmt::format("missing required field \"{}\"", r.get<std::string>()));
    if (props)
      for (const auto& [key, sub] : props->items())
        if (v.contains(key)) check(sub, v[key], at + "/" + escape_token(key), ctx);
    if (auto it = s.find("additionalProperties"); it != s.end() && *it == false) {
      std::vector<std::string> known;
      if (props)
        for (const auto& [key, sub] : props->items()) known.push_back(key);
      for (const auto& [key, sub] : v.items())
        if (!props || !props->contains(key))
          ctx.add(at + "/" + escape_token(key),
                  fmt::format("unknown field \"{}\"{}", key, did_you_mean(key, known)));
    }
  }
  if (auto it = s.find("allOf"); it != s.end())
    for (const auto& sub : *it) check(sub, v, at, ctx);
  if (auto it = s.find("if"); it != s.end() && s.contains("then") && valid(*it, v))
    check(s["then"], v, at, ctx);
  if (auto it = s.find("oneOf"); it != s.end()) {
    std::vector<const json*> matching;
    for (const auto& sub : *it)
      if (valid(sub, v)) matching.push_back(&sub);
    if (matching.size() != 1) {
      // Report the errors of the branch whose type the value has, which is the one meant.
      for (const auto& sub : *it) {
        const json& d = deref(sub);
        if (!d.contains("type") || !d["type"].is_string() || has_type(v, d["type"].get<std::string>())) {
          if (matching.empty()) check(sub, v, at, ctx);
          else ctx.add(at, "matches more than one allowed form");
          return;
        }
      }
      ctx.add(at, fmt::format("{} is not an allowed form here", brief(v)));
    }
  }
}

}  // namespace rigplan

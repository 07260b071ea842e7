// The JSON tree builder and the duplicate-key finder (see json_tree.hpp).
#include "util/json_tree.hpp"

#include <set>
#include <vector>

namespace rigplan {
namespace {

// SAX pass that finds the first key repeated within one object, and the pointer of its object.
struct DuplicateKeyFinder : nlohmann::json_sax<nlohmann::json> {
  struct Frame {
    bool object = false;
    std::set<std::string> keys;
    std::size_t index = 0;  // next array index
    std::string token;      // this container's token in its parent
  };
  std::vector<Frame> stack;
  std::string pending;  // the key just read
  std::string duplicate, where;

  std::string pointer() const {
    std::string p;
    for (std::size_t i = 1; i < stack.size(); ++i) p += "/" + stack[i].token;
    return p;
  }
  void value() {
    if (!stack.empty() && !stack.back().object) ++stack.back().index;
  }
  void open(bool object) {
    std::string token;
    if (!stack.empty()) token = stack.back().object ? escape(pending) : std::to_string(stack.back().index);
    value();
    stack.push_back(Frame{object, {}, 0, token});
  }
  static std::string escape(const std::string& k) {
    std::string out;
    for (char c : k) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
  }
  bool null() override { value(); return true; }
  bool boolean(bool) override { value(); return true; }
  bool number_integer(number_integer_t) override { value(); return true; }
  bool number_unsigned(number_unsigned_t) override { value(); return true; }
  bool number_float(number_float_t, const string_t&) override { value(); return true; }
  bool string(string_t&) override { value(); return true; }
  bool binary(binary_t&) override { value(); return true; }
  bool start_object(std::size_t) override { open(true); return true; }
  bool key(string_t& k) override {
    if (!stack.back().keys.insert(k).second && duplicate.empty()) {
      duplicate = k;
      where = pointer();
    }
    pending = k;
    return true;
  }
  bool end_object() override { stack.pop_back(); return true; }
  bool start_array(std::size_t) override { open(false); return true; }
  bool end_array() override { stack.pop_back(); return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

// Builds the document in one pass and notices a key repeated within one object as it is
// inserted (the map lookup is the one building the object needs anyway).
class DomBuilder {
 public:
  using json = nlohmann::json;
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  explicit DomBuilder(json& root) : root_(root) {}
  bool duplicate() const { return duplicate_; }

  bool null() { put(nullptr); return true; }
  bool boolean(bool v) { put(v); return true; }
  bool number_integer(number_integer_t v) { put(v); return true; }
  bool number_unsigned(number_unsigned_t v) { put(v); return true; }
  bool number_float(number_float_t v, const string_t&) { put(v); return true; }
  bool string(string_t& v) { put(std::move(v)); return true; }
  bool binary(binary_t& v) { put(json::binary(std::move(v))); return true; }
  bool start_object(std::size_t) { stack_.push_back(put(json::object())); return true; }
  bool key(string_t& k) {
    auto& obj = *stack_.back();
    auto [it, fresh] = obj.get_ref<json::object_t&>().try_emplace(k);
    if (!fresh) duplicate_ = true;
    slot_ = &it->second;
    return true;
  }
  bool end_object() { stack_.pop_back(); return true; }
  bool start_array(std::size_t) { stack_.push_back(put(json::array())); return true; }
  bool end_array() { stack_.pop_back(); return true; }
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) { throw ex; }

 private:
  template <class V>
  json* put(V&& v) {
    if (stack_.empty()) {
      root_ = json(std::forward<V>(v));
      return &root_;
    }
    json& top = *stack_.back();
    if (top.is_array()) {
      auto& arr = top.get_ref<json::array_t&>();
      arr.emplace_back(std::forward<V>(v));
      return &arr.back();
    }
    *slot_ = json(std::forward<V>(v));
    return slot_;
  }
  json& root_;
  std::vector<json*> stack_;
  json* slot_ = nullptr;
  bool duplicate_ = false;
};

}  // namespace

bool build_json_tree(std::string_view text, nlohmann::json& out) {
  DomBuilder builder(out);
  nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
  return builder.duplicate();
}

std::optional<DuplicateKey> find_duplicate_key(std::string_view text) {
  DuplicateKeyFinder finder;
  nlohmann::json::sax_parse(text.begin(), text.end(), &finder);
  if (finder.duplicate.empty()) return std::nullopt;
  return DuplicateKey{finder.duplicate, finder.where};
}

}  // namespace rigplan

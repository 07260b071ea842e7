// Reading, parsing and locating JSON text (see json_text.hpp).
#include "util/json_text.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <set>
#include <vector>
#include <fstream>
#include <sstream>

#include "rigplan/error.hpp"

namespace rigplan {
namespace {

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_ws(std::string_view t, std::size_t i) {
  while (i < t.size() && is_ws(t[i])) ++i;
  return i;
}

// i at the opening quote; returns the index after the closing quote and the decoded text
// (escapes other than \uXXXX are decoded; \uXXXX is kept verbatim, enough to match keys).
std::size_t scan_string(std::string_view t, std::size_t i, std::string* out) {
  ++i;
  while (i < t.size() && t[i] != '"') {
    if (t[i] == '\\' && i + 1 < t.size()) {
      char e = t[i + 1];
      if (out) {
        switch (e) {
          case 'n': *out += '\n'; break;
          case 't': *out += '\t'; break;
          case 'r': *out += '\r'; break;
          case 'b': *out += '\b'; break;
          case 'f': *out += '\f'; break;
          case 'u': *out += "\\u"; break;
          default: *out += e;
        }
      }
      i += 2;
    } else {
      if (out) *out += t[i];
      ++i;
    }
  }
  return i + 1;
}

// Skips one value starting at i (no leading whitespace); iterative, so depth cannot overflow.
std::size_t skip_value(std::string_view t, std::size_t i) {
  int depth = 0;
  do {
    if (i >= t.size()) return i;
    char c = t[i];
    if (c == '"') {
      i = scan_string(t, i, nullptr);
    } else if (c == '{' || c == '[') {
      ++depth;
      ++i;
    } else if (c == '}' || c == ']') {
      --depth;
      ++i;
    } else if (depth > 0) {
      ++i;  // commas, colons, whitespace, scalars inside a container
    } else {
      while (i < t.size() && !is_ws(t[i]) && t[i] != ',' && t[i] != '}' && t[i] != ']') ++i;
    }
  } while (depth > 0);
  return i;
}

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

}  // namespace

TextPosition position_of(std::string_view text, std::size_t offset) {
  TextPosition p{1, 1};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

std::optional<std::size_t> locate(std::string_view t, const nlohmann::json::json_pointer& ptr) {
  std::size_t i = skip_ws(t, 0);
  std::string path = ptr.to_string();
  if (path.empty()) return i;
  // Split the pointer into unescaped reference tokens.
  std::vector<std::string> tokens;
  std::size_t pos = 1;
  while (pos <= path.size()) {
    std::size_t next = path.find('/', pos);
    if (next == std::string::npos) next = path.size();
    std::string tok = path.substr(pos, next - pos);
    for (std::size_t k; (k = tok.find("~1")) != std::string::npos;) tok.replace(k, 2, "/");
    for (std::size_t k; (k = tok.find("~0")) != std::string::npos;) tok.replace(k, 2, "~");
    tokens.push_back(tok);
    pos = next + 1;
  }
  for (const auto& tok : tokens) {
    if (i >= t.size()) return std::nullopt;
    if (t[i] == '{') {
      i = skip_ws(t, i + 1);
      bool found = false;
      while (i < t.size() && t[i] == '"') {
        std::string key;
        i = skip_ws(t, scan_string(t, i, &key));
        i = skip_ws(t, i + 1);  // past ':'
        if (key == tok) {
          found = true;
          break;
        }
        i = skip_ws(t, skip_value(t, i));
        if (i < t.size() && t[i] == ',') i = skip_ws(t, i + 1);
      }
      if (!found) return std::nullopt;
    } else if (t[i] == '[') {
      std::size_t want = 0;
      try {
        want = std::stoul(tok);
      } catch (...) {
        return std::nullopt;
      }
      i = skip_ws(t, i + 1);
      for (std::size_t k = 0; k < want; ++k) {
        if (i >= t.size() || t[i] == ']') return std::nullopt;
        i = skip_ws(t, skip_value(t, i));
        if (i < t.size() && t[i] == ',') i = skip_ws(t, i + 1);
      }
      if (i >= t.size() || t[i] == ']') return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  return i;
}

std::optional<std::size_t> locate_nearest(std::string_view text, const std::string& pointer) {
  try {
    nlohmann::json::json_pointer p(pointer);
    std::optional<std::size_t> at;
    while (!(at = locate(text, p)) && !p.empty()) p = p.parent_pointer();
    return at;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

void locate_issue(std::string_view text, InputIssue& issue) {
  if (auto at = locate_nearest(text, issue.pointer)) {
    auto pos = position_of(text, *at);
    issue.line = pos.line;
    issue.column = pos.column;
  }
}

std::string read_input_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw InputError(InputIssue{path, "", 0, 0, "no such file"});
  if (fs::is_directory(status))
    throw InputError(InputIssue{path, "", 0, 0, "is a directory, not a file"});
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(InputIssue{path, "", 0, 0, "cannot be opened for reading"});
  std::string data;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    data.append(buf, static_cast<std::size_t>(in.gcount()));
    if (data.size() > kMaxInputBytes)
      throw InputError(InputIssue{
          path, "", 0, 0,
          fmt::format("file is larger than {} MiB, the most rigplan reads", kMaxInputBytes >> 20)});
  }
  if (in.bad()) throw InputError(InputIssue{path, "", 0, 0, "read error"});
  return data;
}

nlohmann::json parse_json(std::string_view text, const std::string& file) {
  if (skip_ws(text, 0) >= text.size())
    throw InputError(InputIssue{file, "", 1, 1, "empty document: expected a JSON object"});
  // Bound nesting before parsing, so no later recursive walk can run deep.
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = scan_string(text, i, nullptr) - 1;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) {
        auto p = position_of(text, i);
        throw InputError(InputIssue{file, "", p.line, p.column,
                                    fmt::format("nesting deeper than {} levels", kMaxJsonDepth)});
      }
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character.
    std::size_t off = e.byte > 0 ? e.byte - 1 : 0;
    auto p = position_of(text, off);
    std::string what = e.what();
    auto cut = what.find("parse error");
    auto colon = what.find(": ", cut == std::string::npos ? 0 : cut);
    std::string msg = colon == std::string::npos ? what : what.substr(colon + 2);
    throw InputError(InputIssue{file, "", p.line, p.column, "invalid JSON: " + msg});
  } catch (const nlohmann::json::out_of_range& e) {
    // A number too large for a double (1e400): nlohmann reports it without a position, so find
    // the literal it quotes.
    std::string what = e.what();
    auto q1 = what.find('\''), q2 = what.rfind('\'');
    std::string literal = q1 != std::string::npos && q2 > q1 ? what.substr(q1 + 1, q2 - q1 - 1) : "";
    std::size_t at = literal.empty() ? std::string_view::npos : text.find(literal);
    auto p = position_of(text, at == std::string_view::npos ? 0 : at);
    throw InputError(InputIssue{file, "", at == std::string_view::npos ? 0 : p.line, at == std::string_view::npos ? 0 : p.column,
                                fmt::format("invalid JSON: number {} is out of range", literal.empty() ? "literal" : literal)});
  }
  // nlohmann keeps the last of two equal keys; a silently dropped value is a bug in the file.
  DuplicateKeyFinder finder;
  nlohmann::json::sax_parse(text.begin(), text.end(), &finder);
  if (!finder.duplicate.empty()) {
    nlohmann::json::json_pointer ptr(finder.where);
    auto at = locate(text, ptr);
    auto p = position_of(text, at.value_or(0));
    throw InputError(InputIssue{file, finder.where, at ? p.line : 0, at ? p.column : 0,
                                fmt::format("key \"{}\" appears twice in the same object", finder.duplicate)});
  }
  return doc;
}

}  // namespace rigplan

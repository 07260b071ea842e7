// Reading, parsing and locating JSON text (see json_text.hpp).
#include "util/json_text.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <vector>

#include "rigplan/error.hpp"
#include "util/input_files.hpp"
#include "util/json_tree.hpp"

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

// Why a path that exists is not read: rigplan reads regular files only (and stdin as "-").
std::string not_regular(std::filesystem::file_type t) {
  using std::filesystem::file_type;
  switch (t) {
    case file_type::fifo: return "is a FIFO (named pipe), not a regular file; pipe it to stdin with - instead";
    case file_type::socket: return "is a socket, not a regular file";
    case file_type::character:
    case file_type::block: return "is a device, not a regular file";
    default: return "is not a regular file";
  }
}

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

namespace {

// Splits a pointer into unescaped reference tokens.
std::vector<std::string> pointer_tokens(const std::string& path) {
  std::vector<std::string> tokens;
  std::size_t pos = 1;
  while (!path.empty() && pos <= path.size()) {
    std::size_t next = path.find('/', pos);
    if (next == std::string::npos) next = path.size();
    std::string tok = path.substr(pos, next - pos);
    for (std::size_t k; (k = tok.find("~1")) != std::string::npos;) tok.replace(k, 2, "/");
    for (std::size_t k; (k = tok.find("~0")) != std::string::npos;) tok.replace(k, 2, "~");
    tokens.push_back(tok);
    pos = next + 1;
  }
  return tokens;
}

}  // namespace

TextLocator::TextLocator(std::string_view text) : t_(text) {}

TextPosition TextLocator::position(std::size_t offset) {
  if (line_starts_.empty()) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < t_.size(); ++i)
      if (t_[i] == '\n') line_starts_.push_back(i + 1);
  }
  offset = std::min(offset, t_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - 1;
  return TextPosition{static_cast<int>(it - line_starts_.begin()) + 1, static_cast<int>(offset - *it) + 1};
}

const std::vector<std::size_t>& TextLocator::elements(std::size_t open) {
  auto [it, fresh] = arrays_.try_emplace(open);
  if (fresh) {
    std::size_t i = skip_ws(t_, open + 1);
    while (i < t_.size() && t_[i] != ']') {
      it->second.push_back(i);
      i = skip_ws(t_, skip_value(t_, i));
      if (i < t_.size() && t_[i] == ',') i = skip_ws(t_, i + 1);
      else break;
    }
  }
  return it->second;
}

const std::map<std::string, std::size_t>& TextLocator::members(std::size_t open) {
  auto [it, fresh] = objects_.try_emplace(open);
  if (fresh) {
    std::size_t i = skip_ws(t_, open + 1);
    while (i < t_.size() && t_[i] == '"') {
      std::string key;
      i = skip_ws(t_, scan_string(t_, i, &key));
      i = skip_ws(t_, i + 1);  // past ':'
      it->second.emplace(std::move(key), i);  // the first of equal keys, as the text reads
      i = skip_ws(t_, skip_value(t_, i));
      if (i < t_.size() && t_[i] == ',') i = skip_ws(t_, i + 1);
    }
  }
  return it->second;
}

std::optional<std::size_t> TextLocator::locate(const nlohmann::json::json_pointer& ptr) {
  std::size_t i = skip_ws(t_, 0);
  for (const auto& tok : pointer_tokens(ptr.to_string())) {
    if (i >= t_.size()) return std::nullopt;
    if (t_[i] == '{') {
      const auto& m = members(i);
      auto it = m.find(tok);
      if (it == m.end()) return std::nullopt;
      i = it->second;
    } else if (t_[i] == '[') {
      if (tok.empty() || tok.size() > 18 || tok.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
      const auto& e = elements(i);
      std::size_t want = std::stoull(tok);
      if (want >= e.size()) return std::nullopt;
      i = e[want];
    } else {
      return std::nullopt;
    }
  }
  return i;
}

std::optional<std::size_t> TextLocator::locate_nearest(const std::string& pointer) {
  try {
    nlohmann::json::json_pointer p(pointer);
    std::optional<std::size_t> at;
    while (!(at = locate(p)) && !p.empty()) p = p.parent_pointer();
    return at;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

void TextLocator::locate_issue(InputIssue& issue) {
  if (auto at = locate_nearest(issue.pointer)) {
    auto pos = position(*at);
    issue.line = pos.line;
    issue.column = pos.column;
  }
}

std::optional<std::size_t> locate(std::string_view t, const nlohmann::json::json_pointer& ptr) {
  return TextLocator(t).locate(ptr);
}

std::optional<std::size_t> locate_nearest(std::string_view text, const std::string& pointer) {
  return TextLocator(text).locate_nearest(pointer);
}

void locate_issue(std::string_view text, InputIssue& issue) { TextLocator(text).locate_issue(issue); }

std::string read_input_file(const std::string& path) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& why) { return InputError(InputIssue{path, "", 0, 0, why}); };
  auto too_large = [&] {
    return fail(fmt::format("file is larger than {} MiB, the most rigplan reads", kMaxInputBytes >> 20));
  };
  std::string data;
  char buf[1 << 16];
  if (path == "-") {  // stdin, as every command reads it; bounded like a file
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      data.append(buf, static_cast<std::size_t>(std::cin.gcount()));
      if (data.size() > kMaxInputBytes) throw too_large();
    }
    if (std::cin.bad()) throw fail("read error on standard input");
    return data;
  }
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw fail("no such file");
  if (fs::is_directory(status)) throw fail("is a directory, not a file");
  if (!fs::is_regular_file(status)) throw fail(not_regular(status.type()));
  // Opened without blocking (a FIFO swapped in after the check above must not hang the open) and
  // checked again on the descriptor itself, so what is read is the regular file that was checked.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw fail(fmt::format("cannot be opened for reading ({})", std::strerror(errno)));
  struct ::stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw fail("is not a regular file");
  }
  if (static_cast<std::uint64_t>(st.st_size) > kMaxInputBytes) {
    ::close(fd);
    throw too_large();
  }
  for (;;) {
    ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int err = errno;
      ::close(fd);
      throw fail(fmt::format("read error ({})", std::strerror(err)));
    }
    if (got == 0) break;
    data.append(buf, static_cast<std::size_t>(got));
    if (data.size() > kMaxInputBytes) {
      ::close(fd);
      throw too_large();
    }
  }
  ::close(fd);
  note_input_file(path);  // no output flag may write over it (util/input_files.hpp)
  return data;
}

nlohmann::json parse_json(std::string_view text, const std::string& file) {
  if (skip_ws(text, 0) >= text.size())
    throw InputError(InputIssue{file, "", 1, 1, "empty document: expected a JSON object"});
  // Bound nesting before parsing, so no later recursive walk can run deep.
  // Bound string length too (every later step that walks a string, from a pattern to a
  // suggestion, is then bounded), and refuse NUL bytes, which JSON never allows raw and which
  // the parser would take for the end of the text.
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      std::size_t end = scan_string(text, i, nullptr);
      if (end - i - 2 > kMaxStringBytes && end <= text.size()) {
        auto p = position_of(text, i);
        throw InputError(InputIssue{file, "", p.line, p.column,
                                    fmt::format("a string of {} bytes; the most rigplan reads is {}", end - i - 2,
                                                kMaxStringBytes)});
      }
      i = end - 1;
    } else if (c == '\0') {
      auto p = position_of(text, i);
      throw InputError(InputIssue{file, "", p.line, p.column, "invalid JSON: a NUL byte"});
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
  bool duplicate = false;
  try {
    duplicate = build_json_tree(text, doc);
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
  // A key given twice would keep only its last value; a silently dropped value is a bug in the
  // file. Read it again to name the object.
  if (!duplicate) return doc;
  if (auto dup = find_duplicate_key(text)) {
    nlohmann::json::json_pointer ptr(dup->pointer);
    auto at = locate(text, ptr);
    auto p = position_of(text, at.value_or(0));
    throw InputError(InputIssue{file, dup->pointer, at ? p.line : 0, at ? p.column : 0,
                                fmt::format("key \"{}\" appears twice in the same object", dup->key)});
  }
  return doc;
}

}  // namespace rigplan

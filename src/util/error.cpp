// Formatting of input errors (see include/rigplan/error.hpp).
#include "rigplan/error.hpp"

#include <fmt/format.h>

namespace rigplan {

std::string InputIssue::to_string() const {
  std::string out = file;
  if (line > 0) out += fmt::format(":{}:{}", line, column);
  if (!out.empty()) out += ": ";
  if (!pointer.empty()) out += pointer + ": ";
  return out + message;
}

namespace {

// Cuts `s` to its first `keep` characters, not inside a UTF-8 sequence.
std::string head(const std::string& s, std::size_t keep) {
  while (keep > 0 && keep < s.size() && (static_cast<unsigned char>(s[keep]) & 0xC0) == 0x80) --keep;
  return s.substr(0, keep);
}

// Every double-quoted stretch longer than kMaxEchoedName becomes its start, "...", and its
// length; then the whole message is capped.
std::string shorten_message(const std::string& m) {
  std::string out;
  std::size_t i = 0;
  while (i < m.size()) {
    std::size_t open = m.find('"', i);
    std::size_t close = open == std::string::npos ? open : m.find('"', open + 1);
    if (close == std::string::npos) {
      out += m.substr(i);
      break;
    }
    std::string inner = m.substr(open + 1, close - open - 1);
    out += m.substr(i, open - i + 1);
    if (inner.size() > kMaxEchoedName)
      out += fmt::format("{}...\" ({} characters)", head(inner, kMaxEchoedName - 20), inner.size());
    else
      out += inner + '"';
    i = close + 1;
  }
  if (out.size() > kMaxEchoedMessage)
    out = fmt::format("{}... (message of {} characters cut)", head(out, kMaxEchoedMessage), out.size());
  return out;
}

std::string shorten_pointer(const std::string& p) {
  if (p.size() <= kMaxEchoedPointer) return p;
  return fmt::format("{}... ({} characters)", head(p, kMaxEchoedPointer - 40), p.size());
}

std::vector<InputIssue> tidy(std::vector<InputIssue> issues) {
  for (auto& is : issues) {
    if (is.message.size() > kMaxEchoedName) is.message = shorten_message(is.message);
    is.pointer = shorten_pointer(is.pointer);
    is.file = shorten_pointer(is.file);
  }
  return issues;
}

}  // namespace

std::string shorten_long_words(const std::string& text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = text.find_first_of(" \n", i);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(i, end - i);
    out += word.size() > kMaxEchoedName
               ? fmt::format("{}... ({} characters)", head(word, kMaxEchoedName - 20), word.size())
               : word;
    if (end < text.size()) out += text[end];
    i = end + 1;
  }
  return out;
}

static std::string summarize(const std::vector<InputIssue>& issues) {
  if (issues.empty()) return "invalid input";
  std::string s = issues.front().to_string();
  if (issues.size() > 1) s += fmt::format(" (and {} more)", issues.size() - 1);
  return s;
}

InputError::InputError(std::vector<InputIssue> issues) : InputError(tidy(std::move(issues)), Tidied{}) {}

InputError::InputError(std::vector<InputIssue> issues, Tidied)
    : std::runtime_error(summarize(issues)), issues_(std::move(issues)) {}

void input_error(std::string message) {
  throw InputError(InputIssue{"", "", 0, 0, std::move(message)});
}

void input_error(std::string file, std::string pointer, std::string message) {
  throw InputError(InputIssue{std::move(file), std::move(pointer), 0, 0, std::move(message)});
}

std::string key_pointer(std::string_view key) {
  if (key.empty()) return "";
  std::string p = "/";
  for (char ch : key) p += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
  return p;
}

}  // namespace rigplan

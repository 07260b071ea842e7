// Escaping control characters and bytes that are not UTF-8 in human output (see terminal_text.hpp).
#include "util/terminal_text.hpp"

#include "util/utf8.hpp"

namespace rigplan {

namespace {

void append_escaped(std::string& out, unsigned char c) {
  static const char* const kHex = "0123456789abcdef";
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// Length of a UTF-8 sequence's start cut by the end of `s` (1-3 bytes), or 0.
std::size_t cut_sequence_tail(std::string_view s) {
  for (std::size_t back = 1; back <= 3 && back <= s.size(); ++back) {
    auto c = static_cast<unsigned char>(s[s.size() - back]);
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    std::size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    return len > back ? back : 0;
  }
  return 0;
}

}  // namespace

std::string terminal_safe(std::string_view s, bool allow_cr) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20) {
      if (c == '\n' || c == '\t' || (c == '\r' && allow_cr)) out += static_cast<char>(c);
      else append_escaped(out, c);
      ++i;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    std::size_t n = utf8_sequence_at(s, i);
    if (n == 0) {
      append_escaped(out, c);
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::streamsize TerminalSafeBuf::xsputn(const char* s, std::streamsize n) {
  std::string_view in(s, static_cast<std::size_t>(n));
  std::string text;
  if (!held_.empty()) {
    text = held_;
    text.append(in);
    held_.clear();
    in = text;
  }
  std::size_t cut = cut_sequence_tail(in);
  std::string safe = terminal_safe(in.substr(0, in.size() - cut), allow_cr_);
  held_.assign(in.substr(in.size() - cut));
  if (dest_->sputn(safe.data(), static_cast<std::streamsize>(safe.size())) != static_cast<std::streamsize>(safe.size()))
    return 0;
  return n;
}

TerminalSafeBuf::int_type TerminalSafeBuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  char c = traits_type::to_char_type(ch);
  return xsputn(&c, 1) == 1 ? ch : traits_type::eof();
}

int TerminalSafeBuf::sync() { return dest_->pubsync(); }

void TerminalSafeBuf::finish() {
  if (!held_.empty()) {
    std::string safe = terminal_safe(held_, allow_cr_);  // a sequence that never ended
    held_.clear();
    dest_->sputn(safe.data(), static_cast<std::streamsize>(safe.size()));
  }
  dest_->pubsync();
}

}  // namespace rigplan

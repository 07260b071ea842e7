// Terminal colour by whole lines (see terminal_colour.hpp).
#include "util/terminal_colour.hpp"

#include <cctype>

namespace rigplan {

namespace {
constexpr std::string_view kRed = "\x1b[31m", kBoldRed = "\x1b[1;31m", kGreen = "\x1b[1;32m", kYellow = "\x1b[33m",
                           kBoldYellow = "\x1b[1;33m", kCyan = "\x1b[36m", kBoldCyan = "\x1b[1;36m", kReset = "\x1b[0m";

std::string paint(std::string_view colour, std::string_view text) {
  return std::string(colour) + std::string(text) + std::string(kReset);
}

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "  PWR002 ..." or "  INS004 ...": a finding's code, upper-case letters then digits.
std::size_t code_length(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && std::isupper(static_cast<unsigned char>(s[i]))) ++i;
  std::size_t letters = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  return letters >= 2 && i > letters && (i == s.size() || s[i] == ' ') ? i : 0;
}
}  // namespace

bool colour_wanted(std::string_view mode, bool is_tty, const char* no_color_env, const char* term_env) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  if (no_color_env && *no_color_env) return false;
  if (term_env && std::string_view(term_env) == "dumb") return false;
  return is_tty;
}

std::string colour_line(std::string_view line, int& section) {
  if (line == "Errors:") return section = 1, paint(kBoldRed, line);
  if (line == "Warnings:") return section = 2, paint(kBoldYellow, line);
  if (line == "Notes:") return section = 3, paint(kBoldCyan, line);
  if (!line.empty() && line[0] != ' ') section = 0;
  if (starts(line, "FAIL")) return paint(kBoldRed, "FAIL") + std::string(line.substr(4));
  if (starts(line, "OK: ")) return paint(kGreen, "OK") + std::string(line.substr(2));
  if (starts(line, "rigplan: error:")) return "rigplan: " + paint(kBoldRed, "error:") + std::string(line.substr(15));
  if (starts(line, "rigplan: warning:")) return "rigplan: " + paint(kBoldYellow, "warning:") + std::string(line.substr(17));
  if (section && starts(line, "  ")) {
    std::string_view rest = line.substr(2);
    if (std::size_t n = code_length(rest)) {
      std::string_view colour = section == 1 ? kRed : section == 2 ? kYellow : kCyan;
      return "  " + paint(colour, rest.substr(0, n)) + std::string(rest.substr(n));
    }
  }
  return std::string(line);
}

void ColourBuf::emit_line() {
  std::string out = on_ ? colour_line(line_, section_) : line_;
  dest_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
  line_.clear();
}

std::streamsize ColourBuf::xsputn(const char* s, std::streamsize n) {
  if (!on_) return dest_->sputn(s, n);  // off: a plain pass-through
  for (std::streamsize i = 0; i < n; ++i) overflow(static_cast<unsigned char>(s[i]));
  return n;
}

ColourBuf::int_type ColourBuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  if (!on_) return dest_->sputc(static_cast<char>(ch));
  if (ch == '\n') {
    emit_line();
    dest_->sputc('\n');
  } else {
    line_.push_back(static_cast<char>(ch));
  }
  return ch;
}

int ColourBuf::sync() {
  // A partial line (a prompt, or the end of output without a newline) goes out as it is.
  if (!line_.empty()) emit_line();
  return dest_->pubsync();
}

void ColourBuf::finish() {
  if (!line_.empty()) emit_line();
  dest_->pubsync();
}

}  // namespace rigplan

// What rigplan prints for people goes to a terminal, and text from input files (a part's name,
// a build's name, a line of a saved nvidia-smi report) may hold control characters: ESC starts
// sequences that move the cursor, retitle the window or hide text, BEL rings, CR overwrites what
// was printed. Like `ls` and `git`, rigplan shows such bytes escaped (`\x1b`), and bytes that are
// not UTF-8 the same way. The filter sits on std::cout and std::cerr, so every human output passes
// it whatever file produced it; machine output is unchanged by it, since JSON never holds these
// bytes raw (control characters are written \u001b, and bytes that are not UTF-8 as U+FFFD).
#pragma once

#include <streambuf>
#include <string>
#include <string_view>

namespace rigplan {

// `s` with control characters other than line feed and tab (and carriage return when
// `allow_cr`) and bytes that are not UTF-8 written as `\xNN`.
std::string terminal_safe(std::string_view s, bool allow_cr = false);

// A streambuf that passes what is written through terminal_safe to `dest`. A UTF-8 sequence cut
// between two writes is held until its end arrives; finish() flushes what is held.
class TerminalSafeBuf : public std::streambuf {
 public:
  TerminalSafeBuf(std::streambuf* dest, bool allow_cr) : dest_(dest), allow_cr_(allow_cr) {}
  ~TerminalSafeBuf() override { finish(); }
  void finish();

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int_type overflow(int_type ch) override;
  int sync() override;

 private:
  std::streambuf* dest_;
  bool allow_cr_;
  std::string held_;  // the start of a UTF-8 sequence cut by the end of the last write
};

}  // namespace rigplan

// Colour for people at a terminal: verdicts (OK green, FAIL red), the Errors / Warnings / Notes
// headings and each finding's code in its severity's colour, and "rigplan: error:" on stderr.
// Colour is for a terminal only: `--color auto` (the default) turns it on when the stream is a
// TTY, NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb"; `always` and `never`
// override. It works on whole lines of the text the reports already print, so no report knows
// about it, and it sits below the control-character filter (util/terminal_text.hpp): its escape
// sequences are the only raw ones that reach the terminal. Machine formats are never coloured
// (they are not written to a TTY by scripts, and `auto` leaves pipes and files alone).
#pragma once

#include <streambuf>
#include <string>
#include <string_view>

namespace rigplan {

// Whether to colour: `mode` is auto | always | never.
bool colour_wanted(std::string_view mode, bool is_tty, const char* no_color_env, const char* term_env);

// One line (without its newline) with ANSI SGR colour added. `section` carries the severity
// heading in force between lines: 0 none, 1 errors, 2 warnings, 3 notes.
std::string colour_line(std::string_view line, int& section);

// A streambuf that colours each whole line written to it (when enabled) before passing it to `dest`.
class ColourBuf : public std::streambuf {
 public:
  explicit ColourBuf(std::streambuf* dest) : dest_(dest) {}
  ~ColourBuf() override { finish(); }
  void enable(bool on) { on_ = on; }
  void finish();

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int_type overflow(int_type ch) override;
  int sync() override;

 private:
  void emit_line();
  std::streambuf* dest_;
  bool on_ = false;
  int section_ = 0;
  std::string line_;
};

}  // namespace rigplan

// Terminal colour: when it is on (auto/always/never, NO_COLOR, TERM=dumb, a TTY) and what a line
// gets (verdicts, severity headings and the codes under them), and the stream filter's pass-through.
#include <catch2/catch.hpp>

#include <sstream>

#include "util/terminal_colour.hpp"

using namespace rigplan;

TEST_CASE("colour: on for a terminal only, and never against NO_COLOR or a dumb terminal", "[colour]") {
  CHECK(colour_wanted("auto", true, nullptr, "xterm-256color"));
  CHECK_FALSE(colour_wanted("auto", false, nullptr, "xterm"));  // a pipe or a file
  CHECK_FALSE(colour_wanted("auto", true, "1", "xterm"));       // no-color.org: any non-empty value
  CHECK(colour_wanted("auto", true, "", "xterm"));              // ... an empty one does not count
  CHECK_FALSE(colour_wanted("auto", true, nullptr, "dumb"));
  CHECK(colour_wanted("always", false, "1", "dumb"));
  CHECK_FALSE(colour_wanted("never", true, nullptr, "xterm"));
}

TEST_CASE("colour: verdicts, headings and the codes of the section they are in", "[colour]") {
  int section = 0;
  CHECK(colour_line("FAIL: 2 errors, 0 warnings, 0 notes", section) == "\x1b[1;31mFAIL\x1b[0m: 2 errors, 0 warnings, 0 notes");
  CHECK(colour_line("OK: 0 errors", section) == "\x1b[1;32mOK\x1b[0m: 0 errors");
  CHECK(colour_line("Warnings:", section) == "\x1b[1;33mWarnings:\x1b[0m");
  CHECK(colour_line("  PWR002 transient peak", section) == "  \x1b[33mPWR002\x1b[0m transient peak");
  CHECK(colour_line("          hint: use an ATX 3.x PSU", section) == "          hint: use an ATX 3.x PSU");
  CHECK(colour_line("Notes:", section) == "\x1b[1;36mNotes:\x1b[0m");
  CHECK(colour_line("  INS012 topo -m shows SYS", section) == "  \x1b[36mINS012\x1b[0m topo -m shows SYS");
  // A line at the margin ends the section: an indented code-like word after it is left alone.
  CHECK(colour_line("Power:", section) == "Power:");
  CHECK(colour_line("  PWR002 not a finding here", section) == "  PWR002 not a finding here");
  CHECK(colour_line("rigplan: error: x.json: bad", section) == "rigplan: \x1b[1;31merror:\x1b[0m x.json: bad");
  // JSON keys and words that merely look like codes are not findings.
  section = 1;
  CHECK(colour_line("  \"code\": \"PWR002\",", section) == "  \"code\": \"PWR002\",");
  CHECK(colour_line("  A100 GPUs", section) == "  A100 GPUs");
}

TEST_CASE("colour: the stream filter colours whole lines when on, and passes bytes through when off", "[colour]") {
  std::stringstream sink;
  {
    ColourBuf buf(sink.rdbuf());
    buf.enable(true);
    std::ostream os(&buf);
    os << "Err" << "ors:\n  CPU001 socket\nlast line without newline";
  }
  CHECK(sink.str() == "\x1b[1;31mErrors:\x1b[0m\n  \x1b[31mCPU001\x1b[0m socket\nlast line without newline");
  std::stringstream plain;
  {
    ColourBuf buf(plain.rdbuf());
    std::ostream os(&buf);
    os << "FAIL: 1 error\n";
  }
  CHECK(plain.str() == "FAIL: 1 error\n");
}

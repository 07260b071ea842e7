// Text from the outside world at rigplan's two edges (issue 28): JSON output never throws on
// bytes that are not UTF-8, terminal output shows control characters escaped, dates name real
// days, and inspect's parsers refuse what is past their limits.
#include <catch2/catch.hpp>

#include <sstream>

#include "inspect/parsers.hpp"
#include "inspect/xml_reader.hpp"
#include "rigplan/error.hpp"
#include "util/json_schema.hpp"
#include "util/terminal_text.hpp"
#include "util/utf8.hpp"

using namespace rigplan;

TEST_CASE("valid_utf8 keeps UTF-8 and replaces every other byte", "[utf8]") {
  CHECK(valid_utf8("plain") == "plain");
  CHECK(valid_utf8("caf\xC3\xA9") == "caf\xC3\xA9");
  CHECK(valid_utf8("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");               // U+1F600
  CHECK(valid_utf8("caf\xE9") == "caf\xEF\xBF\xBD");                          // Latin-1 é
  CHECK(valid_utf8("cut \xC3") == "cut \xEF\xBF\xBD");                        // cut inside a character
  CHECK(valid_utf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");                // overlong '/'
  CHECK(valid_utf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
  CHECK(valid_utf8("\xF4\x90\x80\x80").find("\xF4") == std::string::npos);      // past U+10FFFF
  CHECK(utf8_prefix("ab\xC3\xA9", 3) == "ab");
  CHECK(utf8_prefix("ab\xC3\xA9", 4) == "ab\xC3\xA9");
}

TEST_CASE("dump_json replaces bytes that are not UTF-8 instead of throwing", "[utf8]") {
  nlohmann::ordered_json j{{"name", std::string("Xeon \xE9" "dition")}};
  CHECK_THROWS(j.dump());  // what aborted inspect --emit
  CHECK(dump_json(j) == "{\"name\":\"Xeon \xEF\xBF\xBD" "dition\"}");
}

TEST_CASE("terminal_safe escapes control characters and stray bytes, as ls and git do", "[terminal]") {
  CHECK(terminal_safe("a\tb\nc") == "a\tb\nc");
  CHECK(terminal_safe("\x1B]0;owned\x07") == "\\x1b]0;owned\\x07");
  CHECK(terminal_safe("over\rwrite") == "over\\x0dwrite");
  CHECK(terminal_safe("over\rwrite", /*allow_cr=*/true) == "over\rwrite");
  CHECK(terminal_safe("caf\xC3\xA9 caf\xE9") == "caf\xC3\xA9 caf\\xe9");
  CHECK(terminal_safe("\x7F") == "\x7F");  // DEL moves nothing; JSON writes it raw too
}

TEST_CASE("TerminalSafeBuf holds a character cut between two writes", "[terminal]") {
  std::ostringstream sink;
  {
    TerminalSafeBuf buf(sink.rdbuf(), false);
    std::ostream out(&buf);
    out << "caf\xC3";
    out.flush();
    out << "\xA9 \x1B[2J" << '\x07';
    buf.finish();
  }
  CHECK(sink.str() == "caf\xC3\xA9 \\x1b[2J\\x07");
  std::ostringstream sink2;
  {
    TerminalSafeBuf buf(sink2.rdbuf(), false);
    std::ostream out(&buf);
    out << "end \xE2\x82";  // never completed
  }
  CHECK(sink2.str() == "end \\xe2\\x82");
}

TEST_CASE("x-calendar: dates of the right shape must be days of the calendar", "[schema]") {
  JsonSchema s(nlohmann::json::parse(
      R"({"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$", "x-calendar": true})"));
  for (const char* ok : {"2026-11", "2026-11-30", "2024-02-29", "2000-02-29", "0001-01-01"})
    CHECK(s.validate(nlohmann::json(ok)).empty());
  for (const char* bad : {"2026-13-45", "0000-00-00", "2026-02-30", "2026-00", "2100-02-29", "2026-04-31", "2026-11-00"})
    CHECK_FALSE(s.validate(nlohmann::json(bad)).empty());
}

TEST_CASE("inspect's parsers refuse what is past their limits, naming the file", "[inspect-limits]") {
  using namespace rigplan::inspect;
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(message([] { parse_xml(std::string("<a>x\0y</a>", 10), "n.xml"); }), Catch::Contains("n.xml:1:5"));
  CHECK_THAT(message([] { parse_xml("<a>&#x1b;</a>", "n.xml"); }), Catch::Contains("not a character"));
  std::string gpus = "<nvidia_smi_log>";
  for (std::size_t i = 0; i <= kMaxInspectGpus; ++i) gpus += "<gpu/>";
  gpus += "</nvidia_smi_log>";
  CHECK_THAT(message([&] { parse_nvsmi_xml(gpus, "q.xml"); }), Catch::Contains("more than 256 GPUs"));
  CHECK_THAT(message([] { parse_cpuinfo("processor : 0\nmodel name : " + std::string(600, 'x') + "\n", "cpuinfo"); }),
             Catch::Contains("cpuinfo:2:1"));
  CHECK_THAT(message([] { parse_meminfo("MemTotal: " + std::string(400, '9') + " kB\n", "meminfo"); }),
             Catch::Contains("meminfo:1:1"));
  std::string nv = "GPU 0: H100\n";
  for (std::size_t i = 0; i <= kMaxNvlinksPerGpu; ++i) nv += "\tLink 0: 26.562 GB/s\n";
  CHECK_THAT(message([&] { parse_nvlink(nv, "nv.txt"); }), Catch::Contains("more than 64 links"));
  CHECK_THAT(message([] { parse_nvlink("GPU 1: x\n" + std::string(kMaxReportLine + 10, 'x'), "nv.txt"); }),
             Catch::Contains("nv.txt:2:1"));
  CHECK(message([] { parse_cpuinfo("processor : 0\nmodel name : AMD EPYC 9654 96-Core Processor\n", "cpuinfo"); }) ==
        "accepted");
}

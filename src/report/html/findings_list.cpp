// Findings as HTML (see sections.hpp): errors, then warnings, then notes, as `check` prints them;
// the severity is a word on each finding and a different border style, not only a colour.
#include <fmt/format.h>

#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

std::string findings_list(const std::vector<Diagnostic>& d) {
  if (d.empty()) return "<p class=\"no-findings\">No findings.</p>\n";
  std::string out = "<ul class=\"findings\">\n";
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info})
    for (const auto& f : d) {
      if (f.severity != s) continue;
      std::string sev = severity_name(s);
      out += fmt::format("<li class=\"finding sev-{}\" data-code=\"{}\"><span class=\"sev sev-{}\">{}</span> <code>{}</code> "
                         "<span class=\"finding-msg\">{}</span>",
                         sev, esc(f.code), sev, s == Severity::Info ? "note" : sev, esc(f.code), esc(f.message));
      if (!f.hint.empty()) out += "<div class=\"hint\">hint: " + esc(f.hint) + "</div>";
      out += "</li>\n";
    }
  return out + "</ul>\n";
}

}  // namespace rigplan::html

// The HTML page frame (see page.hpp).
#include "report/html/page.hpp"

#include "report/html/escape.hpp"

namespace rigplan::html {

std::string page(const std::string& title, const std::string& subtitle, const std::vector<Section>& sections) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"rigplan\">\n"
      "<link rel=\"icon\" href=\"data:,\">\n<title>" +
      esc(title) + "</title>\n<style>\n" + stylesheet() + "</style>\n</head>\n<body>\n" + shared_svg_defs() +
      "<header>\n<h1>" + esc(title) + "</h1>\n";
  if (!subtitle.empty()) out += "<p class=\"sub\">" + esc(subtitle) + "</p>\n";
  if (sections.size() > 1) {
    out += "<nav aria-label=\"Sections\"><ul>\n";
    for (const auto& s : sections) out += "<li><a href=\"#" + esc(s.id) + "\">" + esc(s.title) + "</a></li>\n";
    out += "</ul></nav>\n";
  }
  out += "</header>\n<main>\n";
  for (const auto& s : sections)
    out += "<section id=\"" + esc(s.id) + "\">\n<h2>" + esc(s.title) + "</h2>\n" + s.body + "</section>\n";
  out += "</main>\n<footer><p>Made by rigplan from the same data as its <code>--format json</code> output; "
         "every figure and its source are in that document and in the catalog.</p></footer>\n</body>\n</html>\n";
  return out;
}

}  // namespace rigplan::html

// The HTML report's page: one self-contained document (no network, no scripts, no external fonts
// or images: CSS and SVG inline, and a Content-Security-Policy that makes the browser refuse
// anything else, so a stray external reference shows up as a console error in the browser tests).
// Sections are rendered by the files beside this one; the page only frames them.
#pragma once

#include <string>
#include <vector>

namespace rigplan::html {

struct Section {
  std::string id;     // the element id (stable: the browser tests look for it)
  std::string title;  // plain text, escaped by the page
  std::string body;   // HTML, already escaped by whoever rendered it
};

// The whole document: `title` and `subtitle` are plain text (escaped here).
std::string page(const std::string& title, const std::string& subtitle, const std::vector<Section>& sections);

// The stylesheet (light and dark via prefers-color-scheme, print rules) and the SVG patterns
// every drawing shares, so fills read without colour.
const char* stylesheet();
const char* shared_svg_defs();

}  // namespace rigplan::html

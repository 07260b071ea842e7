// `sweep`: the plot `--plot` draws (src/sweep/plot.cpp, already escaped and self-contained), framed
// as a figure with what was swept in words. It keeps its own white background in dark mode: its
// colours are fixed, chosen for a white page.
#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

std::string sweep_plot(const std::string& svg, const std::string& what) {
  return "<figure class=\"plot\">\n" + svg + "\n<figcaption>" + esc(what) + "</figcaption>\n</figure>\n";
}

}  // namespace rigplan::html

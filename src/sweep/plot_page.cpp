// The HTML page of a sweep (`sweep --report FILE.html`): what was swept and the plot. It lives
// with the sweep, above report/ (docs/architecture.md): the page is built from the report layer's
// HTML sections, and report/ knows nothing of sweeps.
#include <fmt/format.h>

#include "report/html/page.hpp"
#include "report/html/sections.hpp"
#include "rigplan/sweep_plot.hpp"

namespace rigplan {

std::string sweep_report_html(const SweepSpec& s, const std::string& svg) {
  std::string what = fmt::format("{} over {}{}, axes:", s.command, s.base_file, s.zip ? " (axes zipped)" : "");
  for (const auto& a : s.axes) what += fmt::format(" {} ({} value{})", a.path, a.values.size(), a.values.size() == 1 ? "" : "s");
  return html::page("rigplan sweep: " + s.command, what,
                    {{"plot", "Plot", html::sweep_plot(svg, "The plot --plot draws for this sweep: one line per value of the series axis.")}});
}

}  // namespace rigplan

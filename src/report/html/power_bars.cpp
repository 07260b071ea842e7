// Power as stacked bars (see sections.hpp): the sustained DC load split by part, against what the
// PSU delivers at the outlet's voltage, with the GPUs' transient peak marked; and the AC draw at
// the wall against the outlet's continuous limit. The figures are PowerBudget's, the same the
// text table and the JSON document (power.*) print. Segments carry their legend number and
// alternate fill patterns, so the bar reads without colour.
#include <fmt/format.h>

#include <algorithm>

#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

namespace {

constexpr int kPowerWidth = 820, kPowerBarX = 150, kPowerBarW = 560, kPowerBarH = 30;

std::string marker(double x, int y0, int y1, const std::string& cls, const std::string& label, int label_y) {
  return fmt::format("<line class=\"{}\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>"
                     "<text x=\"{:.1f}\" y=\"{}\" class=\"small\" text-anchor=\"middle\">{}</text>",
                     cls, x, y0, x, y1, x, label_y, label);
}

}  // namespace

std::string power_bars(const Build& b, const PowerBudget& p) {
  double top = nice_ceiling(std::max({p.sustained_w, p.transient_w, p.psu_w, p.wall_w, p.outlet_w, 1.0}) * 1.04);
  auto X = [&](double w) { return kPowerBarX + kPowerBarW * (w / top); };
  const int y1 = 34, y2 = 124, height = 200;
  std::string out = fmt::format(
      "<figure>\n<svg class=\"fig power\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\">\n"
      "<title>Power: DC load against the PSU, wall draw against the outlet</title>\n",
      kPowerWidth, height, kPowerWidth, height);
  out += fmt::format("<text x=\"8\" y=\"{}\">DC load</text><text x=\"8\" y=\"{}\" class=\"small\">sustained, by part</text>", y1 + 14,
                     y1 + 27);
  double x = kPowerBarX;
  int n = 0;
  for (const auto& l : p.lines) {
    ++n;
    if (!l.known || l.total_w <= 0) continue;
    double w = kPowerBarW * (l.total_w / top);
    out += fmt::format("<g class=\"segment\" data-part=\"{}\"><rect class=\"seg s{}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>",
                       esc(l.part), (n - 1) % 8, x, y1, w, kPowerBarH);
    if (int pat = (n - 1) % 4; pat)  // a pattern as well as a colour, so neighbours differ in greyscale too
      out += fmt::format("<rect class=\"p{}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>", pat, x, y1, w, kPowerBarH);
    if (w >= 16) out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x + w / 2, y1 + 20, n);
    out += "</g>";
    x += w;
  }
  out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" class=\"small\">{} W</text>\n", std::min(x + 4, kPowerBarX + kPowerBarW - 40.0), y1 + kPowerBarH + 14,
                     num(p.sustained_w));
  if (p.psu_w > 0)
    out += marker(X(p.psu_w), y1 - 8, y1 + kPowerBarH + 4, p.transient_w > p.psu_w ? "limit over" : "limit",
                  "PSU " + num(p.psu_w) + " W", y1 - 12) + "\n";
  if (p.transient_w > p.sustained_w)
    out += marker(X(p.transient_w), y1 - 2, y1 + kPowerBarH + 22, "peak", "transient peak " + num(p.transient_w) + " W", y1 + kPowerBarH + 34) + "\n";
  out += fmt::format("<text x=\"8\" y=\"{}\">Wall draw</text><text x=\"8\" y=\"{}\" class=\"small\">AC, at {} % efficiency, CPUs at {} %</text>",
                     y2 + 14, y2 + 27, num((p.efficiency > 0 ? p.efficiency : 0.8) * 100), num(p.cpu_load * 100));
  out += fmt::format("<rect class=\"seg s0\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/><rect class=\"p2\" x=\"{}\" y=\"{}\" "
                     "width=\"{:.1f}\" height=\"{}\"/>",
                     kPowerBarX, y2, kPowerBarW * (p.wall_w / top), kPowerBarH, kPowerBarX, y2, kPowerBarW * (p.wall_w / top), kPowerBarH);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" class=\"small\">{} W ({} BTU/h of heat)</text>\n", kPowerBarX + 4.0, y2 + kPowerBarH + 14,
                     num(p.wall_w), num(heat_btu_per_hour(p.wall_w)));
  if (p.outlet_w > 0)
    out += marker(X(p.outlet_w), y2 - 8, y2 + kPowerBarH + 4, p.wall_w > p.outlet_w ? "limit over" : "limit",
                  "outlet " + num(p.outlet_w) + " W continuous", y2 - 12) + "\n";
  out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" class=\"small\">0 W</text>"
                     "<text x=\"{}\" y=\"{}\" class=\"small\" text-anchor=\"end\">{} W</text>\n</svg>\n",
                     kPowerBarX, height - 20, kPowerBarX + kPowerBarW, height - 20, kPowerBarX, height - 6, kPowerBarX + kPowerBarW, height - 6, num(top));
  std::string lim;
  if (b.psu) lim += fmt::format("PSU {}: {} W at this outlet's voltage. ", esc(b.psu->id), num(p.psu_w));
  if (b.outlet) lim += fmt::format("Outlet {}: {} W continuous. ", esc(b.outlet->id), num(p.outlet_w));
  out += "<figcaption>" + lim + "Numbers on the bar are the rows of the table below.</figcaption>\n</figure>\n";
  out += "<table class=\"power-lines\">\n<thead><tr><th class=\"n\">#</th><th>part</th><th class=\"n\">count</th>"
         "<th class=\"n\">each W</th><th class=\"n\">total W</th></tr></thead>\n<tbody>\n";
  n = 0;
  for (const auto& l : p.lines) {
    ++n;
    out += fmt::format("<tr><td class=\"n\"><span class=\"swatch sw{}\"></span>{}</td><td>{}</td><td class=\"n\">{}</td>"
                       "<td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n",
                       (n - 1) % 8, n, esc(l.part), l.count, l.known ? num(l.each_w) : "unknown", l.known ? num(l.total_w) : "unknown");
  }
  out += fmt::format("<tr><th></th><th>sustained DC load{}</th><td></td><td></td><td class=\"n\">{}</td></tr>\n",
                     p.complete() ? "" : " (at least: some power unknown)", num(p.sustained_w));
  out += fmt::format("<tr><th></th><th>transient peak</th><td></td><td></td><td class=\"n\">{}</td></tr>\n", num(p.transient_w));
  out += fmt::format("<tr><th></th><th>DC load during the workload (CPUs at {} % of package power)</th><td></td><td></td>"
                     "<td class=\"n\">{}</td></tr>\n",
                     num(p.cpu_load * 100), num(p.workload_dc_w));
  out += fmt::format("<tr><th></th><th>wall draw (at {} % efficiency)</th><td></td><td></td>"
                     "<td class=\"n\">{}</td></tr>\n</tbody>\n</table>\n",
                     num((p.efficiency > 0 ? p.efficiency : 0.8) * 100), num(p.wall_w));
  return out;
}

}  // namespace rigplan::html

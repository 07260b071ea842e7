// `rigplan sweep --plot FILE.svg`: one metric against one axis, a series per value of another
// axis, drawn as a self-contained SVG (no scripts, no external fonts or files) a person can open
// in a browser. The collector reads the rows the sweep streams (CSV or JSON Lines), so the plot
// shows exactly what the output says; it keeps only the plotted numbers, at most kMaxPlotPoints.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rigplan/sweep.hpp"

namespace rigplan {

inline constexpr std::uint64_t kMaxPlotPoints = 1'000'000;

struct PlotSpec {
  std::string x;       // an axis path (default: the first axis)
  std::string y;       // a metric (default: the first metric that is not verdict/codes)
  std::string series;  // an axis path, "" = one series (default: the first other axis, if any)
  bool log_x = false, log_y = false;  // --plot-log x|y|xy: for quantities that span decades
};

// The unit a path's name carries (power_limit_w → "W", memory_gib → "GiB"), "" when none.
std::string unit_of(const std::string& path);

// How a path is shown: in words, in a unit a reader uses (bytes as GiB, long seconds as hours or
// days, MFU in per cent: `scale` converts the values), e.g. "Memory per GPU (GiB)".
struct PlotQuantity {
  std::string words;
  std::string unit;
  double scale = 1;
  std::string label() const;  // "words (unit)"
};
// `max_abs`: the largest magnitude plotted, to choose hours or days for seconds.
PlotQuantity describe(const std::string& path, double max_abs = 0);

class PlotCollector {
 public:
  // Fills the spec's defaults and checks it against the sweep (throws InputError).
  PlotCollector(const SweepSpec& s, PlotSpec p, std::string format);
  void feed(const std::string& chunk);  // rows as the sweep wrote them, any split
  std::string svg() const;
  const PlotSpec& spec() const { return p_; }

 private:
  void row(const std::map<std::string, std::string>& cells);
  PlotSpec p_;
  std::string format_, pending_;
  std::vector<std::string> header_;
  bool x_numeric_ = true;
  std::vector<std::string> x_labels_;  // categorical x, in first-seen order
  std::vector<std::string> series_order_;
  std::map<std::string, std::vector<std::pair<std::string, double>>> points_;  // series → (x, y)
};

// The HTML page of a sweep (`--report FILE.html`): what was swept and the plot (`svg` as
// PlotCollector::svg() draws it).
std::string sweep_report_html(const SweepSpec& s, const std::string& svg);

}  // namespace rigplan

// The sweep plot: units read from names, the spec checked against the sweep before any work,
// CSV and JSON Lines rows giving the same picture, one polyline per series with a legend, and
// invalid points left out rather than drawn at zero.
#include <catch2/catch.hpp>

#include "rigplan/error.hpp"
#include "rigplan/sweep_plot.hpp"

using namespace rigplan;

namespace {

SweepSpec spec() {
  SweepSpec s;
  s.axes = {parse_axis("gpus[0].power_limit_w=250..350:50"), parse_axis("outlet=us-120v-15a,eu-230v-16a")};
  s.metrics = {"verdict", "power.peak_w"};
  return s;
}

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("units come from the names of paths") {
  CHECK(unit_of("gpus[0].power_limit_w") == "W");
  CHECK(unit_of("memory.per_gpu.total_bytes") == "bytes");
  CHECK(unit_of("time.days") == "days");
  CHECK(unit_of("link_gb_s") == "GB/s");
  CHECK(unit_of("verdict") == "");
}

TEST_CASE("a plot spec must name an axis and a numeric metric of the sweep") {
  CHECK_THROWS_AS(PlotCollector(spec(), {"outlett", "", ""}, "csv"), InputError);
  CHECK_THROWS_AS(PlotCollector(spec(), {"", "verdict", ""}, "csv"), InputError);
  CHECK_THROWS_AS(PlotCollector(spec(), {"", "power.wall_w", ""}, "csv"), InputError);
  CHECK_THROWS_AS(PlotCollector(spec(), {"outlet", "", "outlet"}, "csv"), InputError);
  PlotCollector ok(spec(), {}, "csv");
  CHECK(ok.spec().x == "gpus[0].power_limit_w");
  CHECK(ok.spec().y == "power.peak_w");
  CHECK(ok.spec().series == "outlet");
  SweepSpec huge = spec();
  huge.axes.push_back(parse_axis("memory[0].count=1..1000000"));
  CHECK_THROWS_AS(PlotCollector(huge, {}, "csv"), InputError);
}

TEST_CASE("CSV and JSON Lines rows give the same SVG; invalid points are left out") {
  PlotCollector csv(spec(), {}, "csv"), jsonl(spec(), {}, "jsonl");
  csv.feed("gpus[0].power_limit_w,outlet,verdict,power.peak_w,error\n250,us-120v-15a,pass,672,\n250,eu-");
  csv.feed("230v-16a,pass,672,\n300,us-120v-15a,pass,772,\n300,eu-230v-16a,pass,772,\n350,us-120v-15a,,,\"bad, input\"\n");
  jsonl.feed("{\"point\":0,\"gpus[0].power_limit_w\":250,\"outlet\":\"us-120v-15a\",\"verdict\":\"pass\",\"power.peak_w\":672.0}\n");
  jsonl.feed("{\"point\":1,\"gpus[0].power_limit_w\":250,\"outlet\":\"eu-230v-16a\",\"verdict\":\"pass\",\"power.peak_w\":672.0}\n"
             "{\"point\":2,\"gpus[0].power_limit_w\":300,\"outlet\":\"us-120v-15a\",\"verdict\":\"pass\",\"power.peak_w\":772.0}\n"
             "{\"point\":3,\"gpus[0].power_limit_w\":300,\"outlet\":\"eu-230v-16a\",\"verdict\":\"pass\",\"power.peak_w\":772.0}\n"
             "{\"point\":4,\"gpus[0].power_limit_w\":350,\"outlet\":\"us-120v-15a\",\"error\":\"bad, input\"}\n");
  std::string a = csv.svg(), b = jsonl.svg();
  CHECK(a == b);
  CHECK(count(a, "<polyline") == 2);
  CHECK(count(a, "<circle") == 4);  // the invalid point is not drawn
  CHECK(a.find("gpus[0].power_limit_w (W)") != std::string::npos);
  CHECK(a.find("power.peak_w (W)") != std::string::npos);
  CHECK(a.find(">us-120v-15a<") != std::string::npos);
  CHECK(a.rfind("<svg", 0) == 0);
  CHECK(a.find("<script") == std::string::npos);
}

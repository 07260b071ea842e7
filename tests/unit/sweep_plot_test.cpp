// The sweep plot: units read from names, the spec checked against the sweep before any work,
// CSV and JSON Lines rows giving the same picture, one polyline per series with a legend, and
// invalid points left out rather than drawn at zero.
#include <catch2/catch.hpp>

#include <regex>

#include "rigplan/error.hpp"
#include "rigplan/sweep_plot.hpp"

using namespace rigplan;

namespace {

SweepSpec spec() {
  SweepSpec s;
  s.axes = {parse_axis("gpus[0].power_limit_w=250..350:50"), parse_axis("outlet=us-120v-15a,eu-230v-16a")};
  s.metrics = {"verdict", "power.sustained_w"};
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
  CHECK(ok.spec().y == "power.sustained_w");
  CHECK(ok.spec().series == "outlet");
  SweepSpec huge = spec();
  huge.axes.push_back(parse_axis("memory[0].count=1..1000000"));
  CHECK_THROWS_AS(PlotCollector(huge, {}, "csv"), InputError);
}

TEST_CASE("CSV and JSON Lines rows give the same SVG and invalid points are left out") {
  PlotCollector csv(spec(), {}, "csv"), jsonl(spec(), {}, "jsonl");
  csv.feed("gpus[0].power_limit_w,outlet,verdict,power.sustained_w,error\n250,us-120v-15a,pass,672,\n250,eu-");
  csv.feed("230v-16a,pass,672,\n300,us-120v-15a,pass,772,\n300,eu-230v-16a,pass,772,\n350,us-120v-15a,,,\"bad, input\"\n");
  jsonl.feed("{\"point\":0,\"gpus[0].power_limit_w\":250,\"outlet\":\"us-120v-15a\",\"verdict\":\"pass\",\"power.sustained_w\":672.0}\n");
  jsonl.feed("{\"point\":1,\"gpus[0].power_limit_w\":250,\"outlet\":\"eu-230v-16a\",\"verdict\":\"pass\",\"power.sustained_w\":672.0}\n"
             "{\"point\":2,\"gpus[0].power_limit_w\":300,\"outlet\":\"us-120v-15a\",\"verdict\":\"pass\",\"power.sustained_w\":772.0}\n"
             "{\"point\":3,\"gpus[0].power_limit_w\":300,\"outlet\":\"eu-230v-16a\",\"verdict\":\"pass\",\"power.sustained_w\":772.0}\n"
             "{\"point\":4,\"gpus[0].power_limit_w\":350,\"outlet\":\"us-120v-15a\",\"error\":\"bad, input\"}\n");
  std::string a = csv.svg(), b = jsonl.svg();
  CHECK(a == b);
  CHECK(count(a, "<polyline") == 2);
  CHECK(count(a, "class=\"marker\"") == 4 + 2);  // 4 points (the invalid one is not drawn) + 2 legend markers
  CHECK(a.find(">GPU power limit (W)<") != std::string::npos);
  CHECK(a.find(">Sustained power draw (W)<") != std::string::npos);
  CHECK(a.find(">us-120v-15a<") != std::string::npos);
  CHECK(a.rfind("<svg", 0) == 0);
  CHECK(a.find("<script") == std::string::npos);
  // Every marker lies whole inside the frame: the y axis (the black line at the frame's left)
  // and the x axis (its bottom) leave room for a marker's 3.5-pixel radius.
  std::smatch m;
  REQUIRE(std::regex_search(a, m, std::regex(R"re(<line x1="([0-9.]+)" y1="([0-9.]+)" x2="[0-9.]+" y2="[0-9.]+" stroke="black"/>)re")));
  double axis_y = std::stod(m[2]);
  double frame_left = 0;
  std::regex vertical(R"re(<line x1="([0-9.]+)" y1="[0-9.]+" x2="([0-9.]+)" y2="[0-9.]+" stroke="black"/>)re");
  for (auto it = std::sregex_iterator(a.begin(), a.end(), vertical); it != std::sregex_iterator(); ++it)
    if ((*it)[1] == (*it)[2]) frame_left = std::stod((*it)[1]);
  REQUIRE(frame_left > 0);
  std::regex circle(R"re(<circle class="marker" cx="([0-9.]+)" cy="([0-9.]+)")re");
  int circles = 0;
  for (auto it = std::sregex_iterator(a.begin(), a.end(), circle); it != std::sregex_iterator(); ++it, ++circles) {
    if (std::stod((*it)[1]) > frame_left + 200) continue;  // the legend's marker, right of the plot
    CHECK(std::stod((*it)[1]) - 3.5 > frame_left);
    CHECK(std::stod((*it)[2]) + 3.5 < axis_y);
  }
  CHECK(circles >= 2);
}

TEST_CASE("plot labels are words with the units a reader uses") {
  CHECK(describe("memory.per_gpu.total_bytes").label() == "Memory per GPU (GiB)");
  CHECK(describe("memory.per_gpu.total_bytes").scale == Approx(1.0 / (1ull << 30)));
  CHECK(describe("training.days").label() == "Time to train (days)");
  CHECK(describe("performance.step_seconds", 12).label() == "Step time (s)");
  CHECK(describe("time.seconds", 5 * 86400).label() == "Time to train (days)");
  CHECK(describe("time.seconds", 5 * 3600).label() == "Time to train (h)");
  CHECK(describe("performance.mfu").label() == "Predicted MFU (%)");
  CHECK(describe("gpus[0].power_limit_w").label() == "GPU power limit (W)");
  CHECK(describe("fewest_gpus.zero1").label() == "Fewest GPUs at ZeRO-1");
  CHECK(describe("gpus[0].count").label() == "GPU count");
  CHECK(describe("fabric.spine_switches").label() == "Spine switches");  // spelled from the name
  CHECK(describe("power.racks").label() == "Racks");
  CHECK(describe("outlet").label() == "Outlet");
}

TEST_CASE("the plot takes a log scale on request with a marker and dash per series and a legend named for the series axis") {
  SweepSpec s;
  s.axes = {parse_axis("nodes=8,80,800"), parse_axis("zero=1,3")};
  s.metrics = {"training.days"};
  PlotSpec p;
  p.log_x = p.log_y = true;
  PlotCollector c(s, p, "csv");
  c.feed("nodes,zero,training.days,error\n8,1,4000,\n8,3,4000,\n80,1,400,\n80,3,400,\n800,1,40,\n800,3,0,\n");
  std::string svg = c.svg();
  CHECK(svg.find("Time to train against Nodes, by ZeRO stage") != std::string::npos);
  CHECK(svg.find(">Nodes, log scale<") != std::string::npos);
  CHECK(svg.find(">Time to train (days), log scale<") != std::string::npos);
  CHECK(svg.find(">1000<") != std::string::npos);  // decade ticks
  CHECK(svg.find(">100<") != std::string::npos);
  CHECK(svg.find("1 point at or below zero not drawn on the log scale") != std::string::npos);
  CHECK(svg.find("<circle class=\"marker\"") != std::string::npos);  // series 1: circles
  CHECK(svg.find("<rect class=\"marker\"") != std::string::npos);    // series 2: squares
  CHECK(svg.find("stroke-dasharray=\"6 3\"") != std::string::npos);  // and a dashed line
  CHECK(svg.find("font-weight=\"bold\">ZeRO stage<") != std::string::npos);
  // Linear scale (the default): the same data keeps its 0 and no log ticks.
  PlotCollector lin(s, {}, "csv");
  lin.feed("nodes,zero,training.days,error\n8,1,4000,\n80,1,400,\n800,3,0,\n");
  CHECK(lin.svg().find("log scale") == std::string::npos);
}

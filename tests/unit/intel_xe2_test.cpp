// Issue 15, session 8: the Intel Xe2 architecture in the catalog schema (a good and a bad part),
// rule SW030 (the stack named for an Intel GPU: CUDA, PyTorch without XPU, Xe2 before its
// validation), the other SW rules staying silent on a GPU without a CUDA compute capability, and
// whole builds with each GPU added this session.
#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"
#include "seed_build.hpp"
#include "test_catalog.hpp"

using namespace rigplan;
using namespace rigplan::seed_build;
using nlohmann::json;

namespace {

json intel_part(const std::string& architecture) {
  json p = test::gpu_part("acme-test-xe-gpu");
  p["vendor"] = "intel";
  p["architecture"] = architecture;
  return p;
}

std::vector<Diagnostic> errors(const Build& b) {
  std::vector<Diagnostic> out;
  for (const auto& d : check_build(b, Assumptions{}).diagnostics)
    if (d.severity == Severity::Error) out.push_back(d);
  return out;
}

}  // namespace

TEST_CASE("schema: an Intel GPU of the xe2 architecture loads; an unknown architecture is refused at its pointer") {
  Catalog c;
  CHECK(test::overlay_issues(test::doc({intel_part("xe2")}).dump(2), &c).empty());
  const Gpu* g = c.find<Gpu>("acme-test-xe-gpu");
  REQUIRE(g != nullptr);
  CHECK(g->vendor == "intel");
  CHECK(g->architecture == "xe2");

  auto issues = test::overlay_issues(test::doc({intel_part("xe3")}).dump(2));
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].file == "t.json");
  CHECK(issues[0].pointer == "/parts/0/architecture");
  CHECK(issues[0].message.find("\"xe3\" is not one of:") == 0);
  CHECK(issues[0].message.find("xe2") != std::string::npos);
  CHECK(issues[0].line > 0);
}

TEST_CASE("the built-in catalog carries the Arc B580 Limited Edition as Intel xe2, on PCIe 4.0 x8") {
  const Gpu* g = Catalog::builtin().find<Gpu>("intel-arc-b580-limited-edition");
  REQUIRE(g != nullptr);
  CHECK(g->vendor == "intel");
  CHECK(g->architecture == "xe2");
  CHECK(g->compute_capability.empty());  // not a CUDA device
  CHECK(g->pcie.gen == 4);
  CHECK(g->pcie.lanes == 8);
  CHECK(g->power_connectors.pcie_8pin == 1);
}

TEST_CASE("SW030: CUDA named for an Intel GPU is an error, a warning beside NVIDIA cards") {
  auto alone = found(json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"cuda": "12.4"}})"),
                     "SW030");
  REQUIRE(alone.size() == 1);
  CHECK(alone[0].severity == Severity::Error);
  CHECK(has(alone[0].message, "CUDA 12.4"));
  CHECK(has(alone[0].message, "XPU"));
  CHECK(has(alone[0].hint, "download.pytorch.org/whl/xpu"));
  auto cudnn = found(json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"cudnn": "9.1"}})"),
                     "SW030");
  REQUIRE(cudnn.size() == 1);
  CHECK(has(cudnn[0].message, "cuDNN 9.1"));
  auto mixed = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-3090-fe"}, {"part": "intel-arc-b580-limited-edition"}],
                                    "software": {"cuda": "12.4"}})"),
                     "SW030");
  REQUIRE(mixed.size() == 1);
  CHECK(mixed[0].severity == Severity::Warning);
  CHECK(has(mixed[0].message, "NVIDIA cards in the build can use it"));
  // No Intel GPU: silent.
  CHECK(found(json::parse(R"({"software": {"cuda": "12.4"}})"), "SW030").empty());
  // SW005 is AMD's rule and stays silent on Intel.
  CHECK(found(json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"cuda": "12.4"}})"),
              "SW005").empty());
}

TEST_CASE("SW030: PyTorch before 2.5 has no XPU backend; Xe2 before 2.7 is a warning; 2.7 passes") {
  auto patch = [](const char* pytorch) {
    json p = json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}]})");
    p["software"] = {{"pytorch", pytorch}};
    return p;
  };
  auto old = found(patch("2.4.1"), "SW030");
  REQUIRE(old.size() == 1);
  CHECK(old[0].severity == Severity::Error);
  CHECK(has(old[0].message, "no XPU backend"));
  CHECK(has(old[0].message, "2.5"));
  CHECK(has(old[0].hint, "2.7"));  // the Xe2 card needs the release that validates it
  for (const char* v : {"2.5.1", "2.6.0"}) {
    INFO(v);
    auto early = found(patch(v), "SW030");
    REQUIRE(early.size() == 1);
    CHECK(early[0].severity == Severity::Warning);
    CHECK(has(early[0].message, "Arc B-Series"));
    CHECK(has(early[0].message, "2.7"));
  }
  CHECK(found(patch("2.7.0"), "SW030").empty());
  CHECK(found(patch("2.9.1"), "SW030").empty());
  // The CUDA-table rules have no compute capability to check an Intel GPU against: silent.
  for (const char* code : {"SW001", "SW003", "SW004", "SW010"})
    CHECK(found(json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}],
                               "software": {"cuda": "11.0", "pytorch": "1.13.1"}})"),
                code)
              .empty());
}

TEST_CASE("whole builds: the seed desktop with the Arc B580, and with two RTX PRO 4500s") {
  Build arc = make_build(json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}], "software": {"pytorch": "2.7.0"}})"));
  CHECK(errors(arc).empty());
  // Its derived XMX figures are named for verification in every check that uses it.
  auto arc_data = found(json::parse(R"({"gpus": [{"part": "intel-arc-b580-limited-edition"}]})"), "DATA001");
  CHECK(std::any_of(arc_data.begin(), arc_data.end(), [](const Diagnostic& d) {
    return has(d.message, "intel-arc-b580-limited-edition") && has(d.message, "tflops");
  }));

  Build pro = make_build(json::parse(R"({"gpus": [{"part": "nvidia-rtx-pro-4500-blackwell", "count": 2}],
                                        "software": {"cuda": "12.8", "pytorch": "2.7.0"}})"));
  CHECK(errors(pro).empty());
  // Blackwell's stack floor still applies to it (CUDA 12.8 / PyTorch 2.7 for sm_120).
  CHECK(found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-pro-4500-blackwell"}], "software": {"pytorch": "2.5.1"}})"),
              "SW003")
            .size() == 1);
  // The spec-aggregator fields are named by DATA001.
  auto pro_data = found(json::parse(R"({"gpus": [{"part": "nvidia-rtx-pro-4500-blackwell"}]})"), "DATA001");
  CHECK(std::any_of(pro_data.begin(), pro_data.end(), [](const Diagnostic& d) {
    return has(d.message, "nvidia-rtx-pro-4500-blackwell") && has(d.message, "length_mm");
  }));
}

// A battery of broken catalog files: each must be rejected whole, with a message that names the
// file, the JSON pointer and (for syntax errors) line and column. And overlays: same id
// replaces, new id adds, a bad overlay changes nothing.
#include <catch2/catch.hpp>

#include "test_catalog.hpp"

using namespace rigplan;
using namespace rigplan::test;
using nlohmann::json;

namespace {

// The single issue a document raises.
InputIssue one_issue(const json& d) {
  auto issues = overlay_issues(d.dump(2));
  REQUIRE(issues.size() == 1);
  return issues[0];
}

json with(json part, const std::string& ptr, json value) {
  part[json::json_pointer(ptr)] = std::move(value);
  return part;
}

json without(json part, const std::string& key) {
  part.erase(key);
  return part;
}

}  // namespace

TEST_CASE("a minimal valid part loads and is typed") {
  Catalog c;
  CHECK(overlay_issues(doc({gpu_part()}).dump(), &c).empty());
  const Gpu* g = c.find<Gpu>("acme-test-gpu");
  REQUIRE(g != nullptr);
  CHECK(g->tdp_w == 300);
  CHECK(g->power_connectors.hpwr_12v == 1);
  CHECK(g->tflops.bf16 == 160);
  CHECK_FALSE(g->tflops.fp8.has_value());
  CHECK_FALSE(g->nvlink.has_value());
  CHECK(c.find<Cpu>("acme-test-gpu") == nullptr);  // wrong kind
}

TEST_CASE("syntax errors carry line and column") {
  auto issues = overlay_issues("{\n  \"schema_version\": 1,\n  \"parts\": [\n    {\"id\": \"x\",}\n  ]\n}");
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].file == "t.json");
  CHECK(issues[0].line == 4);
  CHECK(issues[0].column == 16);
  CHECK(issues[0].message.find("invalid JSON") == 0);
}

TEST_CASE("every schema error is located by pointer, line and column") {
  struct Case {
    const char* what;
    json part;
    const char* pointer;
    const char* message;
  };
  std::vector<Case> cases = {
      {"wrong type", with(gpu_part(), "/tdp_w", "350 W"), "/parts/0/tdp_w",
       "expected a number, found a string (\"350 W\")"},
      {"missing field", without(gpu_part(), "tdp_w"), "/parts/0", "missing required field \"tdp_w\""},
      {"unknown field", with(gpu_part(), "/tdp", 300), "/parts/0/tdp", "unknown field \"tdp\" (did you mean \"tdp_w\"?)"},
      {"unknown kind", with(gpu_part(), "/kind", "gpuu"), "/parts/0/kind",
       "\"gpuu\" is not one of: gpu, cpu, board, memory, psu, chassis, cooler, storage, nvlink_bridge, nic, switch, "
       "node, outlet, cloud, riser, barebone, unified_system (did you mean \"gpu\"?)"},
      {"5 kW GPU", with(gpu_part(), "/tdp_w", 5000), "/parts/0/tdp_w", "5000 is above the maximum 1500"},
      {"negative lanes", with(gpu_part(), "/pcie/lanes", -16), "/parts/0/pcie/lanes",
       "-16 is not one of: 1, 2, 4, 8, 16"},
      {"huge number", with(gpu_part(), "/memory_gib", 1e308), "/parts/0/memory_gib", "1e+308 is above the maximum 1024"},
      {"zero memory", with(gpu_part(), "/memory_gib", 0), "/parts/0/memory_gib", "0 must be greater than 0"},
      {"bad id", with(gpu_part(), "/id", "NVIDIA RTX"), "/parts/0/id",
       "\"NVIDIA RTX\" must be kebab-case: lower-case letters and digits in groups joined by \"-\" or \".\" (e.g. "
       "\"nvidia-rtx-3090-fe\")"},
      {"no source URL", with(gpu_part(), "/source", "datasheet"), "/parts/0/source",
       "\"datasheet\" must be an http(s) URL of the datasheet, manual or vendor page"},
      {"bad cooler", with(gpu_part(), "/cooler", "blowr"), "/parts/0/cooler",
       "\"blowr\" is not one of: blower, open_air, flow_through, passive, liquid (did you mean \"blower\"?)"},
      {"PCIe card without slot width", without(gpu_part(), "slot_width"), "/parts/0",
       "missing required field \"slot_width\" (required for PCIe cards)"},
      {"SXM with connectors", with(without(without(gpu_part(), "slot_width"), "length_mm"), "/form_factor", "sxm"),
       "/parts/0/power_connectors", "SXM/OAM modules are powered by the baseboard: power_connectors must be {}"},
      {"measured GEMM rate far above the peak", with(gpu_part(), "/measured_matmul", json{{"bf16_tflops", 300}, {"source", "x"}}),
       "/parts/0/measured_matmul/bf16_tflops",
       "measured GEMM rate above 1.3x the dense bf16 peak: check for a sparse figure or a mislabelled precision"},
      {"measurement without a figure", with(gpu_part(), "/measured_matmul", json{{"source", "x"}}), "/parts/0/measured_matmul",
       "a measurement needs fp16_tflops or bf16_tflops"},
      {"sustained share without its measurement",
       with(gpu_part(), "/measured_matmul", json{{"bf16_tflops", 50}, {"source", "x"}, {"sustained_share", 0.7}}),
       "/parts/0/measured_matmul",
       "sustained_share and sustained_source go together: the share and the measurement it comes from"},
      {"sustained share above 1",
       with(gpu_part(), "/measured_matmul",
            json{{"bf16_tflops", 50}, {"source", "x"}, {"sustained_share", 1.2}, {"sustained_source", "y"}}),
       "/parts/0/measured_matmul/sustained_share", "1.2 is above the maximum 1"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    auto issue = one_issue(doc({c.part}));
    CHECK(issue.file == "t.json");
    CHECK(issue.pointer == c.pointer);
    CHECK(issue.message == c.message);
    CHECK(issue.line > 0);
    CHECK(issue.column > 0);
  }
}

TEST_CASE("a malformed nested object reports each missing field") {
  auto issues = overlay_issues(doc({with(gpu_part(), "/nvlink", json{{"gen", 3}})}).dump(2));
  REQUIRE(issues.size() == 4);
  CHECK(issues[0].pointer == "/parts/0/nvlink");
  CHECK(issues[0].message == "missing required field \"links\"");
  CHECK(issues[3].message == "missing required field \"via\"");
}

TEST_CASE("document-level errors") {
  CHECK(one_issue(json{{"schema_version", 2}, {"parts", json::array()}}).message == "2 is not one of: 1");
  CHECK(one_issue(json{{"schema_version", 1}, {"parts", json::object()}}).message ==
        "expected an array, found an object ({})");
  CHECK(one_issue(json::array()).message == "expected an object, found an array ([])");
  CHECK(overlay_issues("")[0].message == "empty document: expected a JSON object");
}

TEST_CASE("duplicate ids within a file are rejected") {
  auto issue = one_issue(doc({gpu_part("acme-a"), gpu_part("acme-a")}));
  CHECK(issue.pointer == "/parts/1/id");
  CHECK(issue.message == "duplicate id \"acme-a\" (first defined at /parts/0)");
}

TEST_CASE("dangling and wrong-kind references are rejected with a did-you-mean") {
  json node = json::parse(R"({"id": "acme-node", "kind": "node", "name": "n", "source": "https://example.com/n",
    "gpu": "nvidia-h100-sxm5-81gb", "gpu_count": 8, "power_w": 10200, "rack_units": 8, "nics": []})");
  auto issue = one_issue(doc({node}));
  CHECK(issue.pointer == "/parts/0/gpu");
  CHECK(issue.message == "\"nvidia-h100-sxm5-81gb\" is not a part in the catalog (did you mean \"nvidia-h100-sxm5-80gb\"?)");
  node["gpu"] = "amd-ryzen-9-7900";
  CHECK(one_issue(doc({node})).message == "\"amd-ryzen-9-7900\" is a cpu, not a gpu");
  node["gpu"] = "acme-test-gpu";  // defined in the same layer: fine
  CHECK(overlay_issues(doc({node, gpu_part()}).dump()).empty());
}

TEST_CASE("board sharing rules must name the board's own slots") {
  json board = json::parse(R"({"id": "acme-board", "kind": "board", "name": "b", "source": "https://example.com/b",
    "socket": "AM5", "sockets": 1, "chipset": "X670E", "form_factor": "atx", "memory_type": "DDR5",
    "memory_slots": 4, "memory_max_gib": 192, "dimm_types": ["udimm"],
    "slots": [{"name": "PCIEX16_1", "position": 1, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"},
              {"name": "PCIEX16_2", "position": 3, "physical": 16, "lanes": 8, "gen": 5, "source": "cpu"}],
    "sharing": [{"when": ["PCIEX16_3"], "slot": "PCIEX16_1", "lanes": 8}]})");
  auto issue = one_issue(doc({board}));
  CHECK(issue.pointer == "/parts/0/sharing/0/when/0");
  CHECK(issue.message == "no slot or M.2 socket named \"PCIEX16_3\" on this board (did you mean \"PCIEX16_1\"?)");
  board["sharing"][0]["when"][0] = "PCIEX16_2";
  board["slots"][1]["position"] = 1;
  CHECK(one_issue(doc({board})).message == "two slots in the same position");
}

TEST_CASE("many errors are all reported, in document order") {
  auto issues = overlay_issues(doc({with(gpu_part("acme-a"), "/tdp_w", 5000), with(gpu_part("acme-b"), "/cooler", "fan")}).dump(2));
  REQUIRE(issues.size() == 2);
  CHECK(issues[0].pointer == "/parts/0/tdp_w");
  CHECK(issues[1].pointer == "/parts/1/cooler");
  CHECK(issues[0].line < issues[1].line);
}

TEST_CASE("overlays replace by id, add new ids, and are all-or-nothing") {
  Catalog c = Catalog::builtin();
  std::size_t before = c.size();
  json cheaper = json::parse(c.raw("nvidia-rtx-3090-fe").dump());
  cheaper["prices"] = json::array({{{"usd", 650}, {"date", "2026-11"}, {"kind", "quote"}, {"source", "a shop"}}});
  c.add_layer(doc({cheaper, gpu_part()}).dump(), "mine.json");
  CHECK(c.size() == before + 1);
  CHECK(*c.find<Gpu>("nvidia-rtx-3090-fe")->price_usd == 650);
  CHECK(c.find<Gpu>("nvidia-rtx-3090-fe")->price->kind == PriceKind::Quote);
  CHECK(c.origin("nvidia-rtx-3090-fe") == "mine.json");

  // One good part and one bad: nothing of the file is applied.
  Catalog d = Catalog::builtin();
  json good = gpu_part("acme-good");
  CHECK_THROWS_AS(d.add_layer(doc({good, with(gpu_part("acme-bad"), "/tdp_w", -1)}).dump(), "x.json"), InputError);
  CHECK(d.size() == before);
  CHECK_FALSE(d.kind_of("acme-good").has_value());
}

TEST_CASE("replacing a referenced part with another kind breaks the reference and is rejected") {
  json cpu_instead = json::parse(Catalog::builtin().raw("amd-ryzen-9-7900").dump());
  cpu_instead["id"] = "nvidia-h100-sxm5-80gb";
  auto issues = overlay_issues(doc({cpu_instead}).dump());
  REQUIRE_FALSE(issues.empty());
  bool found = false;
  for (const auto& i : issues) found = found || i.message.find("is a cpu, not a gpu") != std::string::npos;
  CHECK(found);
}

TEST_CASE("price updates replace a part's prices without restating the part") {
  json quote = {{"usd", 7999.5}, {"date", "2026-11-20"}, {"kind", "quote"}, {"source", "a reseller's quote"}};
  auto updates = [&](json list) { return json{{"schema_version", 1}, {"price_updates", std::move(list)}}; };

  SECTION("an unpriced built-in part gets the quote, loses its no_price, keeps its origin") {
    REQUIRE_FALSE(Catalog::builtin().find<Gpu>("nvidia-l40")->price);
    Catalog c;
    REQUIRE(overlay_issues(updates({{{"id", "nvidia-l40"}, {"prices", {quote}}}}).dump(), &c).empty());
    const Gpu* g = c.find<Gpu>("nvidia-l40");
    REQUIRE(g->price);
    CHECK(g->price->usd == 7999.5);
    CHECK(g->price->kind == PriceKind::Quote);
    CHECK(g->no_price.empty());
    CHECK_FALSE(c.raw("nvidia-l40").contains("no_price"));
    CHECK(g->tdp_w == Catalog::builtin().find<Gpu>("nvidia-l40")->tdp_w);  // the rest as it was
    CHECK(c.origin("nvidia-l40") == Catalog::builtin().origin("nvidia-l40"));
    CHECK(c.size() == Catalog::builtin().size());
  }
  SECTION("a priced part's prices are replaced, not added to") {
    Catalog c;
    REQUIRE(overlay_issues(updates({{{"id", "nvidia-rtx-3090-fe"}, {"prices", {quote}}}}).dump(), &c).empty());
    CHECK(c.find<Gpu>("nvidia-rtx-3090-fe")->prices.size() == 1);
    CHECK(c.find<Gpu>("nvidia-rtx-3090-fe")->price->usd == 7999.5);
  }
  SECTION("a file may update a part it defines itself, after defining it") {
    json d = doc({gpu_part()});
    d["price_updates"] = {{{"id", "acme-test-gpu"}, {"prices", {quote}}}};
    Catalog c;
    REQUIRE(overlay_issues(d.dump(), &c).empty());
    CHECK(c.find<Gpu>("acme-test-gpu")->price->usd == 7999.5);
  }
  SECTION("what is refused, located") {
    auto issue = one_issue(updates({{{"id", "nvidia-l40z"}, {"prices", {quote}}}}));
    CHECK(issue.pointer == "/price_updates/0/id");
    CHECK(issue.message.find("unknown part \"nvidia-l40z\" (did you mean") == 0);
    CHECK(issue.message.find("\"nvidia-l40s\"") != std::string::npos);
    CHECK(one_issue(updates({{{"id", "us-120v-15a"}, {"prices", {quote}}}})).message ==
          "\"us-120v-15a\" is an outlet and has no purchase price");
    CHECK(one_issue(updates({{{"id", "aws-g4dn-xlarge"}, {"prices", {quote}}}})).message.find("is a cloud offer") !=
          std::string::npos);
    auto twice = one_issue(updates({{{"id", "nvidia-l40s"}, {"prices", {quote}}}, {{"id", "nvidia-l40s"}, {"prices", {quote}}}}));
    CHECK(twice.pointer == "/price_updates/1/id");
    CHECK(twice.message == "a second price update of \"nvidia-l40s\" (first at /price_updates/0)");
    CHECK(one_issue(updates({{{"id", "nvidia-l40s"}, {"prices", json::array()}}})).pointer == "/price_updates/0/prices");
    CHECK(one_issue(json{{"schema_version", 1}}).message ==
          "a catalog file has \"parts\", \"price_updates\" or both; this one has neither");
  }
  SECTION("all or nothing: one bad update leaves every price as it was") {
    Catalog c = Catalog::builtin();
    CHECK_THROWS_AS(c.add_layer(updates({{{"id", "nvidia-l40"}, {"prices", {quote}}}, {{"id", "nope"}, {"prices", {quote}}}}).dump(),
                                "q.json"),
                    InputError);
    CHECK_FALSE(c.find<Gpu>("nvidia-l40")->price);
  }
}

// Build files: unknown ids, wrong kinds and bad slots are bad input, located, with a did-you-mean.
#include <catch2/catch.hpp>

#include "rigplan/build.hpp"
#include "rigplan/error.hpp"

using namespace rigplan;

namespace {
InputIssue first_issue(const char* text) {
  try {
    parse_build(text, "b.json", Catalog::builtin());
  } catch (const InputError& e) {
    return e.issues().front();
  }
  FAIL("no error");
  return {};
}
}  // namespace

TEST_CASE("a build resolves every id to a typed part") {
  Build b = parse_build(R"({"cpu": "amd-ryzen-9-7900", "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "power_limit_w": 280}],
                            "memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 4}]})",
                        "b.json", Catalog::builtin());
  REQUIRE(b.cpu);
  CHECK(b.cpu->socket == "AM5");
  CHECK(b.gpu_count() == 2);
  CHECK(b.gpu_memory_gib() == 48);
  CHECK(b.system_memory_gib() == 128);
  CHECK(Build::card_power_w(b.gpus[0]) == 280);
}

TEST_CASE("unknown ids, wrong kinds and bad slots are located bad input") {
  auto i = first_issue("{\n  \"gpus\": [{\"part\": \"nvidia-rtx-309-fe\"}]\n}");
  CHECK(i.pointer == "/gpus/0/part");
  CHECK(i.line == 2);
  CHECK(i.message == "unknown gpu \"nvidia-rtx-309-fe\" (did you mean \"nvidia-rtx-3090-fe\", \"nvidia-rtx-3080-fe\" or \"nvidia-rtx-4090-fe\"?)");
  i = first_issue(R"({"gpus": [], "psu": "nvidia-rtx-3090-fe"})");
  CHECK(i.pointer == "/psu");
  CHECK(i.message == "\"nvidia-rtx-3090-fe\" is a gpu, not a psu");
  i = first_issue(R"({"board": "asus-proart-x670e-creator", "gpus": [{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16-1"]}]})");
  CHECK(i.pointer == "/gpus/0/slots/0");
  CHECK(i.message == "board asus-proart-x670e-creator has no slot \"PCIEX16-1\" (did you mean \"PCIEX16_1\"?)");
  i = first_issue(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "slots": ["PCIEX16_1"]}]})");
  CHECK(i.message == "1 slots given for 2 cards");
  i = first_issue(R"({"gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1000000000}]})");
  CHECK(i.message == "1e+09 is above the maximum 64");
}

// Did-you-mean suggestions and table rendering.
#include <catch2/catch.hpp>

#include "rigplan/table.hpp"
#include "util/suggest.hpp"

using namespace rigplan;

TEST_CASE("edit distance and nearest names") {
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("", "abc") == 3);
  std::vector<std::string> ids = {"nvidia-rtx-3090-fe", "nvidia-rtx-4090-fe", "amd-ryzen-9-7900"};
  CHECK(nearest("nvidia-rtx-309-fe", ids, 2) == std::vector<std::string>{"nvidia-rtx-3090-fe", "nvidia-rtx-4090-fe"});
  CHECK(nearest("3090", ids, 3) == std::vector<std::string>{"nvidia-rtx-3090-fe"});
  CHECK(nearest("quantum", ids).empty());
  CHECK(did_you_mean("tdp", {"tdp_w", "name"}) == " (did you mean \"tdp_w\"?)");
  CHECK(did_you_mean("zzzzzz", {"tdp_w"}).empty());
}

TEST_CASE("tables align by display width and quote CSV") {
  Table t;
  t.headers = {"ID", "W"};
  t.right_align = {false, true};
  t.rows = {{"a·b", "5"}, {"long-name", "1500"}};
  CHECK(t.render() == "ID            W\na·b           5\nlong-name  1500\n");
  t.rows = {{"x, y", "say \"hi\""}};
  CHECK(t.csv() == "ID,W\n\"x, y\",\"say \"\"hi\"\"\"\n");
}

// The one "did you mean" format, with one name or several.
TEST_CASE("did_you_mean lists up to n names in one format", "[suggest]") {
  std::vector<std::string> ids = {"nvidia-rtx-3090-fe", "nvidia-rtx-3080-fe", "us-120v-15a"};
  CHECK(did_you_mean("nvidia-rtx-309-fe", ids, 3) == " (did you mean \"nvidia-rtx-3090-fe\" or \"nvidia-rtx-3080-fe\"?)");
  CHECK(did_you_mean("nvidia-rtx-309-fe", ids) == " (did you mean \"nvidia-rtx-3090-fe\"?)");
  CHECK(did_you_mean("zzzz", ids, 3).empty());
}

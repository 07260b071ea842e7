// Numbers as text output prints them (src/util/number_text.hpp): thousands separators, "-0" and
// non-finite values, dollars rounded to whole.
#include <catch2/catch.hpp>

#include <limits>

#include "util/number_text.hpp"

using rigplan::dollars;
using rigplan::grouped;

TEST_CASE("grouped: thousands separators in the whole part only") {
  CHECK(grouped(1184100) == "1,184,100");
  CHECK(grouped(999) == "999");
  CHECK(grouped(1000) == "1,000");
  CHECK(grouped(-1234567.891, 2) == "-1,234,567.89");
  CHECK(grouped(1234.5678, 3) == "1,234.568");
  CHECK(grouped(-0.2) == "0");  // rounds to zero: no "-0"
  CHECK(grouped(std::numeric_limits<double>::infinity()) == "—");
  CHECK(grouped(std::numeric_limits<double>::quiet_NaN()) == "—");
}

TEST_CASE("dollars: whole dollars with separators") {
  CHECK(dollars(11235.38) == "$11,235");
  CHECK(dollars(12000000) == "$12,000,000");
  CHECK(dollars(0) == "$0");
}

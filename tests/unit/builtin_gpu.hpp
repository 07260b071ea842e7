// A GPU of the built-in catalog by id, failing the test when the catalog has none: what the
// performance and MIG tests share.
#pragma once

#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"

namespace rigplan::test_parts {

inline const Gpu& gpu(const char* id) {
  const Gpu* g = Catalog::builtin().find<Gpu>(id);
  REQUIRE(g != nullptr);
  return *g;
}

}  // namespace rigplan::test_parts

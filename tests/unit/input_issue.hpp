// The first input issue a call raises, as "pointer: message" ("accepted" when it raises none):
// how the unit tests check a request's error and where it points.
#pragma once

#include <functional>
#include <string>

#include "rigplan/error.hpp"

namespace rigplan::test_parts {

inline std::string issue_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.issues().front().pointer + ": " + e.issues().front().message;
  }
  return "accepted";
}

}  // namespace rigplan::test_parts
